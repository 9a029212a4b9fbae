import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/decisions/postgresql-beside-sqlite-what-differs-and-why.md, "PostgreSQL beside SQLite:
// what differs and why": two real `perform serve` processes on one PostgreSQL database (a schema of
// its own in the cluster `make test` starts), as two machines behind a proxy would run. Without
// PERFORM_TEST_POSTGRESQL the suite is reported skipped.

@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["PERFORM_TEST_POSTGRESQL"] != nil,
    "PERFORM_TEST_POSTGRESQL is not set: the two-process PostgreSQL tests are skipped (make test runs them)"
  ))
struct TwoServersTests {
  /// Two servers on a new schema of the test cluster; the first has the demo trainee.
  struct Pair {
    let first: ServeChild
    let second: ServeChild
    let token: String
    let directory: URL

    init() throws {
      let base = try #require(ProcessInfo.processInfo.environment["PERFORM_TEST_POSTGRESQL"])
      let schema = "two_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
      try Self.psql(base, "CREATE SCHEMA \(schema)")
      let url = base + "&options=-csearch_path%3D\(schema)"
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("perform-two-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let dataDirectory = ["--data-dir", directory.path]
      first = try ServeChild(databaseArgument: url, demo: true, arguments: dataDirectory)
      second = try ServeChild(databaseArgument: url, demo: false, arguments: dataDirectory)
      token = try #require(first.token)
    }

    func stop() {
      first.interrupt()
      second.interrupt()
      try? FileManager.default.removeItem(at: directory)
    }

    static func psql(_ url: String, _ sql: String) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["psql", "-q", url, "-c", sql]
      try ChildStart.run(process)
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { throw ChildFailure("psql failed: \(sql)") }
    }
  }

  private static func logBody(_ reps: Int) -> Data {
    Data(
      """
      { "programId": "plan_strength", "dayId": "day_legs", "label": "Day 3", "durationSec": 60,
        "completed": true, "entries": [ { "exerciseId": "ex_squat", "name": "Back squat",
        "done": true, "tempo": null, "sets": [ { "setNumber": 1, "reps": \(reps),
        "targetReps": 5, "weight": 90, "rir": null, "rm": null, "done": true } ] } ] }
      """.utf8)
  }

  private static func object(_ data: Data) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  }

  private static func history(_ server: ServeChild, _ token: String) async throws -> [[String: Any]]
  {
    let answer = try await server.request("GET", "/v1/trainee/workouts/history", token: token)
    return (object(answer.body)?["workouts"] as? [[String: Any]]) ?? []
  }

  @Test func thePoolIsInTheMetrics() async throws {
    let base = try #require(ProcessInfo.processInfo.environment["PERFORM_TEST_POSTGRESQL"])
    let schema = "metrics_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try Pair.psql(base, "CREATE SCHEMA \(schema)")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-metrics-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try ServeChild(
      databaseArgument: base + "&options=-csearch_path%3D\(schema)", demo: true,
      arguments: ["--data-dir", directory.path, "--metrics-port", "0"])
    defer { server.interrupt() }
    let token = try #require(server.token)
    #expect(try await server.request("GET", "/v1/trainee/workouts", token: token).status == 200)
    let metricsURL = try #require(server.metricsURL)
    let (data, _) = try await URLSession.shared.data(from: metricsURL)
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    // Idle after the request: the connection went back to the pool.
    #expect(lines.contains("perform_database_connections_in_use 0.0"))
    #expect(
      lines.contains { $0.hasPrefix("perform_database_connections_idle ") && !$0.hasSuffix(" 0.0") }
    )
    #expect(lines.contains("# TYPE perform_database_connection_waits_total counter"))
    #expect(lines.contains { $0.hasPrefix("perform_database_connection_waits_total ") })
  }

  @Test func bothServersAnswerTheSame() async throws {
    let pair = try Pair()
    defer { pair.stop() }
    let logged = try await pair.first.request(
      "POST", "/v1/trainee/workouts/log", token: pair.token, body: Self.logBody(5))
    #expect(logged.status == 201)
    for path in ["/v1/trainee/workouts", "/v1/trainee/workouts/history", "/v1/trainee/session"] {
      let one = try await pair.first.request("GET", path, token: pair.token)
      let other = try await pair.second.request("GET", path, token: pair.token)
      #expect(one.status == 200)
      #expect(one.status == other.status)
      #expect(one.body == other.body, "\(path)")
    }
  }

  @Test func aRetryOnTheOtherServerIsStoredOnce() async throws {
    let pair = try Pair()
    defer { pair.stop() }
    let before = try await Self.history(pair.first, pair.token).count
    let key = ["Idempotency-Key": "finish-1"]
    let first = try await pair.first.request(
      "POST", "/v1/trainee/workouts/log", token: pair.token, body: Self.logBody(5), headers: key)
    let retry = try await pair.second.request(
      "POST", "/v1/trainee/workouts/log", token: pair.token, body: Self.logBody(5), headers: key)
    #expect(first.status == 201)
    #expect(retry.status == 201)
    #expect(Self.object(first.body)?["id"] as? String == Self.object(retry.body)?["id"] as? String)
    #expect(try await Self.history(pair.second, pair.token).count == before + 1)
  }

  @Test func retriesArrivingAtTheSameMomentAreStoredOnce() async throws {
    let pair = try Pair()
    defer { pair.stop() }
    let (token, first, second) = (pair.token, pair.first, pair.second)
    let before = try await Self.history(first, token).count
    let answers = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
      for index in 0..<8 {
        group.addTask {
          let server = index.isMultiple(of: 2) ? first : second
          let answer = try await server.request(
            "POST", "/v1/trainee/workouts/log", token: token, body: Self.logBody(5),
            headers: ["Idempotency-Key": "same-moment"])
          return (answer.status, answer.body)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(answers.allSatisfy { $0.0 == 201 }, "\(answers.map(\.0))")
    let ids = Set(answers.compactMap { Self.object($0.1)?["id"] as? String })
    let numbers = Set(answers.compactMap { Self.object($0.1)?["workoutNumber"] as? Int })
    #expect(ids.count == 1)
    #expect(numbers == [before + 1])
    #expect(try await Self.history(first, token).count == before + 1)
  }

  @Test func workoutNumbersStayUniqueAndConsecutiveAcrossServers() async throws {
    let pair = try Pair()
    defer { pair.stop() }
    let (token, first, second) = (pair.token, pair.first, pair.second)
    let before = try await Self.history(first, token).count
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<16 {
        group.addTask {
          let server = index.isMultiple(of: 2) ? first : second
          return try await server.request(
            "POST", "/v1/trainee/workouts/log", token: token, body: Self.logBody(index)
          ).status
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses.allSatisfy { $0 == 201 }, "\(statuses)")
    let numbers = try await Self.history(second, token).compactMap { $0["workoutNumber"] as? Int }
    // The demo's logs were never deleted, so its numbers are 1…before.
    #expect(numbers.sorted() == Array(1...(before + 16)))
  }

  @Test func concurrentPutsOfOneDayLeaveOneWholeSnapshot() async throws {
    let pair = try Pair()
    defer { pair.stop() }
    let (token, first, second) = (pair.token, pair.first, pair.second)
    // Today in UTC: the day is in the editable window. Each body's maps are all from one
    // writer: a mix would have keys of both.
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let today = formatter.string(from: Date())
    func body(_ writer: String) -> Data {
      Data(
        """
        {"date":"\(today)","data":{"eaten":{"\(writer)-1":true,"\(writer)-2":true},
         "removed":{"\(writer)-3":true},"mealStatus":{"\(writer)-m":"EATEN_OUTSIDE"}}}
        """.utf8)
    }
    let headers = ["X-Timezone": "UTC"]
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<12 {
        group.addTask {
          let writer = index.isMultiple(of: 2) ? "a" : "b"
          return try await (index.isMultiple(of: 2) ? first : second).request(
            "PUT", "/v1/trainee/nutrition/day", token: token, body: body(writer), headers: headers
          ).status
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses)")
    let day = try await first.request(
      "GET", "/v1/trainee/nutrition/day?date=\(today)", token: token, headers: headers)
    let text = String(decoding: day.body, as: UTF8.self)
    #expect(day.status == 200)
    #expect(text.contains("a-1") != text.contains("b-1"), "\(text)")
    #expect(text.contains("a-") != text.contains("b-"), "mixed: \(text)")
  }
}
