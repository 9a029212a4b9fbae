import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `perform serve` and the admin commands, as a person or a script runs them.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServeCommandTests {
  private func scratch() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
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

  @Test func theDemoServerAnswersItsTraineeAndRefusesAnyoneElse() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true)
    defer { server.interrupt() }
    let token = try #require(server.token)

    let workouts = try await server.request("GET", "/v1/trainee/workouts", token: token)
    #expect(workouts.status == 200)
    let plans = try JSONSerialization.jsonObject(with: workouts.body) as? [String: Any]
    #expect((plans?["plans"] as? [Any])?.count == 1)

    let anonymous = try await server.request("GET", "/v1/trainee/session", token: nil)
    #expect(anonymous.status == 401)
    let error = try JSONSerialization.jsonObject(with: anonymous.body) as? [String: Any]
    #expect((error?["error"] as? [String: Any])?["code"] as? String == "unauthorized")
    let stranger = try await server.request("GET", "/v1/trainee/session", token: "not-a-token")
    #expect(stranger.status == 401)
  }

  @Test func theDemoTraineeIsCreatedOnceAndKeepsItsTokenAcrossRestarts() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let first = try ServeChild(database: database, demo: true)
    let firstToken = try #require(first.token)
    #expect(first.interrupt(), "perform serve must stop on SIGINT, even right after it listens")

    let second = try ServeChild(database: database, demo: true)
    let secondToken = try #require(second.token)
    #expect(secondToken == firstToken)
    let history = try await second.request(
      "GET", "/v1/trainee/workouts/history", token: firstToken)
    #expect(history.status == 200)
    let workouts = try JSONSerialization.jsonObject(with: history.body) as? [String: Any]
    // The demo's two logged workouts, not four: the history was written once.
    #expect((workouts?["workouts"] as? [Any])?.count == 2)
    // Kept beside the database, readable by its owner only.
    let kept = directory.appendingPathComponent("perform.sqlite.demo-token")
    let attributes = try FileManager.default.attributesOfItem(atPath: kept.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(second.interrupt())

    // Without the kept token a new one is issued, and the previous one stops working.
    try FileManager.default.removeItem(at: kept)
    let third = try ServeChild(database: database, demo: true)
    defer { third.interrupt() }
    let thirdToken = try #require(third.token)
    #expect(thirdToken != firstToken)
    let stale = try await third.request("GET", "/v1/trainee/session", token: firstToken)
    #expect(stale.status == 401)
    #expect(try await third.request("GET", "/v1/trainee/session", token: thirdToken).status == 200)
  }

  /// A running server keeps its token checks and answers
  /// (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
  /// answers, group commit and paged history", "The token check is kept per process"), yet a token
  /// another process replaces is refused by the very next request, kept answer or not.
  @Test func aTokenReplacedByAnotherProcessIsRefusedByARunningServerAtOnce() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let first = try ServeChild(database: database, demo: true)
    defer { first.interrupt() }
    let old = try #require(first.token)
    let paths = ["/v1/trainee/session", "/v1/trainee/workouts", "/v1/trainee/home"]
    // Every answer kept, and the token's check kept on the readers the requests went to.
    for path in paths {
      for _ in 0..<12 { #expect(try await first.request("GET", path, token: old).status == 200) }
    }
    // Another process, without the kept token file, gives the demo trainee a new token.
    try FileManager.default.removeItem(
      at: directory.appendingPathComponent("perform.sqlite.demo-token"))
    let second = try ServeChild(database: database, demo: true)
    defer { second.interrupt() }
    let new = try #require(second.token)
    #expect(new != old)
    for path in paths {
      for _ in 0..<12 {
        #expect(try await first.request("GET", path, token: old).status == 401)
        #expect(try await first.request("GET", path, token: new).status == 200)
      }
    }
  }

  /// NB: docs/decisions/the-server-http-routes-and-storage.md, "Server storage": a write is
  /// answered 2xx only after it is committed.
  @Test(arguments: [30, 90])
  func everyAcknowledgedWriteSurvivesAKillNine(acknowledgedBeforeKill: Int) async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let server = try ServeChild(database: database, demo: true)
    let token = try #require(server.token)

    let acknowledged = Acknowledged()
    let killed = KillSwitch()
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          for round in 0..<60 {
            let key = "w\(worker)-r\(round)"
            let answer = try? await server.request(
              "POST", "/v1/trainee/workouts/log", token: token, body: Self.logBody(round),
              headers: ["Idempotency-Key": key])
            guard let answer, answer.status == 201,
              let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
              let id = object["id"]
            else { return }
            if await acknowledged.add("\(id)") >= acknowledgedBeforeKill {
              await killed.fire { server.kill9() }
            }
          }
        }
      }
    }
    await killed.fire { server.kill9() }

    let restarted = try ServeChild(database: database, demo: true)
    defer { restarted.interrupt() }
    // Every page of the history (it is paged, 100 logs at most a page).
    var stored = Set<String>()
    var cursor: String?
    repeat {
      let history = try await restarted.request(
        "GET", "/v1/trainee/workouts/history?limit=100" + (cursor.map { "&cursor=\($0)" } ?? ""),
        token: restarted.token)
      let object = try JSONSerialization.jsonObject(with: history.body) as? [String: Any]
      stored.formUnion(
        ((object?["workouts"] as? [[String: Any]]) ?? []).compactMap { $0["id"].map { "\($0)" } })
      cursor = object?["nextCursor"] as? String
    } while cursor != nil
    let acked = await acknowledged.ids
    #expect(acked.count >= acknowledgedBeforeKill)
    #expect(acked.isSubset(of: stored), "lost: \(acked.subtracting(stored).sorted())")
  }

  @Test func traineeAddPrintsTheIdAndTheToken() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite").path

    let output = try PerformBinary.run(["trainee", "add", "Ana Lima", "--database", database])

    #expect(output.status == 0, "\(output.stderr)")
    let lines = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 2)
    // A random id (docs/security.md, "What ids may reveal"), at least 2^32 and below 2^53.
    let id = try #require(lines.first.flatMap { Int64($0.dropFirst("id: ".count)) })
    #expect(lines.first == "id: \(id)" && id >= 1 << 32 && id < 1 << 53)
    #expect(lines.last?.hasPrefix("token: ") == true)
    #expect((lines.last?.count ?? 0) > "token: ".count + 30)
  }

  @Test func importsCheckTheFileAndTheTraineeAndChangeNothingOnError() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite").path
    let added = try PerformBinary.run(["trainee", "add", "Ana", "--database", database])
    let trainee = try #require(
      String(decoding: added.stdout, as: UTF8.self).split(separator: "\n").first?
        .dropFirst("id: ".count))
    let bad = directory.appendingPathComponent("bad.json")
    try Data(#"{ "plans": [ { "id": "p1", "days": [] } ] }"#.utf8).write(to: bad)
    let good = directory.appendingPathComponent("good.json")
    try Data(#"{ "plans": [ { "id": "p1", "name": "Block", "days": [] } ] }"#.utf8)
      .write(to: good)

    let missingName = try PerformBinary.run([
      "program", "import", bad.path, "--trainee", String(trainee), "--database", database,
    ])
    #expect(missingName.status == 2)
    #expect(missingName.stderr.contains("plans[0].name is missing"))

    let unknownTrainee = try PerformBinary.run([
      "program", "import", good.path, "--trainee", "7", "--database", database,
    ])
    #expect(unknownTrainee.status == 2)
    #expect(unknownTrainee.stderr.contains("no trainee 7"))

    let imported = try PerformBinary.run([
      "program", "import", good.path, "--trainee", String(trainee), "--database", database,
    ])
    #expect(imported.status == 0, "\(imported.stderr)")
  }

  @Test func aBadPortIsRefusedWithExitTwo() throws {
    let output = try PerformBinary.run(["serve", "--port", "70000"])
    #expect(output.status == 2)
    #expect(output.stderr.contains("--port"))
  }
}

private actor Acknowledged {
  private(set) var ids: Set<String> = []

  func add(_ id: String) -> Int {
    ids.insert(id)
    return ids.count
  }
}

private actor KillSwitch {
  private var fired = false

  func fire(_ kill: @Sendable () -> Void) {
    guard !fired else { return }
    fired = true
    kill()
  }
}
