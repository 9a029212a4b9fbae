import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One trainee's token against the real `perform serve` with small quotas, set through the
/// environment as an operator would (docs/security.md, "One trainee cannot fill the disk").
/// Before, nothing bounded what one trainee kept: workout logs grew the database 95 MB in 8 s
/// and meal logs 38 MB in 5 s, and a server without these quotas answers every post here 201.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServeQuotaTests {
  static let log =
    #"{"programId":"plan_strength","dayId":"day_legs","durationSec":60,"completed":true,"#
    + #""entries":[{"exerciseId":"ex_squat","name":"Back squat","done":true,"tempo":null,"#
    + #""sets":[{"setNumber":1,"reps":5,"targetReps":5,"weight":90,"rir":null,"rm":null,"#
    + #""done":true}]}]}"#

  /// A meal log of about 700 bytes of items: two of them are 82 % of 1,700 bytes.
  static let meal =
    #"{"date":"2026-11-20","items":[{"name":""# + String(repeating: "t", count: 650)
    + #"","kcal":200,"protein":6,"carbs":30,"fat":5}]}"#

  /// An answer's status, `Retry-After` and body text.
  struct Answer {
    var status: Int
    var retryAfter: String?
    var text: String
  }

  static func send(
    _ server: ServeChild, _ method: String, _ path: String, body: String? = nil
  ) async throws -> Answer {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
    request.httpMethod = method
    request.httpBody = body.map { Data($0.utf8) }
    request.timeoutInterval = 30
    request.setValue("Bearer \(server.token ?? "")", forHTTPHeaderField: "Authorization")
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = response as? HTTPURLResponse
    return Answer(
      status: http?.statusCode ?? 0, retryAfter: http?.value(forHTTPHeaderField: "Retry-After"),
      text: String(decoding: data, as: UTF8.self))
  }

  static func metrics(_ server: ServeChild) async throws -> String {
    let url = try #require(server.metricsURL)
    let (data, _) = try await URLSession.shared.data(from: url)
    return String(decoding: data, as: UTF8.self)
  }

  static func workoutCount(_ server: ServeChild) async throws -> Int? {
    let history = try await send(server, "GET", "/v1/trainee/workouts/history")
    let object = try JSONSerialization.jsonObject(with: Data(history.text.utf8))
    return ((object as? [String: Any])?["workouts"] as? [Any])?.count
  }

  /// A trainee fills a quota of workout logs (the demo's 2 and 2 more) and one of meal-log
  /// bytes: the next post of each is 507 naming the quota, and nothing of it is stored.
  @Test func aTraineeWhoFillsAQuotaIsRefusedAndNothingIsStored() async throws {
    let (server, directory) = try Self.demoServer(environment: [
      "PERFORM_QUOTA_WORKOUT_LOGS": "4/1MiB", "PERFORM_QUOTA_MEAL_LOGS": "1000/1700",
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    for _ in 0..<2 {
      let posted = try await Self.send(server, "POST", "/v1/trainee/workouts/log", body: Self.log)
      #expect(posted.status == 201, "\(posted.text)")
    }
    let refused = try await Self.send(server, "POST", "/v1/trainee/workouts/log", body: Self.log)
    #expect(refused.status == 507, "\(refused.text)")
    #expect(refused.text.contains(#""code":"quota_exceeded""#))
    #expect(refused.text.contains("workout_logs.records"), "\(refused.text)")
    #expect(try await Self.workoutCount(server) == 4)

    for _ in 0..<2 {
      let posted = try await Self.send(
        server, "POST", "/v1/trainee/nutrition/logs", body: Self.meal)
      #expect(posted.status == 201, "\(posted.text)")
    }
    let full = try await Self.send(server, "POST", "/v1/trainee/nutrition/logs", body: Self.meal)
    #expect(full.status == 507 && full.text.contains("meal_logs.bytes"), "\(full.text)")
    let menu = try await Self.send(server, "GET", "/v1/trainee/nutrition/menu?date=2026-11-20")
    #expect(menu.text.components(separatedBy: String(repeating: "t", count: 650)).count == 3)

    let metrics = try await Self.metrics(server)
    for line in [
      #"perform_quota_limit{quota="workout_logs.records"} 4"#,
      #"perform_quota_refusals_total{quota="workout_logs.records"} 1"#,
      #"perform_quota_refusals_total{quota="meal_logs.bytes"} 1"#,
      #"perform_quota_trainees_near{quota="workout_logs.records"} 1"#,
      #"perform_quota_trainees_near{quota="meal_logs.bytes"} 1"#,
    ] {
      #expect(metrics.contains(line), "\(line)")
    }
  }

  /// Writes past the trainee's rate (the demo's 2 seeded logs and 3 more of a burst of 5) are
  /// 429 with `Retry-After`, and store nothing.
  @Test func writesPastTheRateAreAskedToWaitAndStoreNothing() async throws {
    let (server, directory) = try Self.demoServer(environment: [
      "PERFORM_QUOTA_WRITE_RATE": "1/5"
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    for note in 1...3 {
      let saved = try await Self.send(
        server, "PUT", "/v1/trainee/nutrition/day",
        body: #"{"date":"2026-11-20","data":{"note":\#(note)}}"#)
      #expect(saved.status == 200, "\(saved.text)")
    }
    let refused = try await Self.send(
      server, "PUT", "/v1/trainee/nutrition/day",
      body: #"{"date":"2026-11-20","data":{"note":4}}"#)
    #expect(refused.status == 429, "\(refused.text)")
    #expect(refused.text.contains(#""code":"write_rate_exceeded""#))
    let wait = try #require(refused.retryAfter.flatMap(Int.init))
    #expect((1...3600).contains(wait))
    let refusedLog = try await Self.send(
      server, "POST", "/v1/trainee/workouts/log", body: Self.log)
    #expect(refusedLog.status == 429)
    let day = try await Self.send(server, "GET", "/v1/trainee/nutrition/day?date=2026-11-20")
    #expect(day.text.contains(#""note":3"#), "\(day.text)")
    #expect(try await Self.workoutCount(server) == 2)
    let metrics = try await Self.metrics(server)
    #expect(metrics.contains(#"perform_quota_refusals_total{quota="write_rate"} 2"#))
  }

  /// `perform serve --demo` with its metrics, on a database of its own, and the directory to
  /// remove after.
  private static func demoServer(environment: [String: String]) throws -> (ServeChild, URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-quota-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true,
      arguments: ["--metrics-port", "0"], environment: environment)
    return (server, directory)
  }
}
