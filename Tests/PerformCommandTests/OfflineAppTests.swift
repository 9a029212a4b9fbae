import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/architecture.md, "Offline first", tested here: the real binary in tmux against `perform
// serve`, the server stopped and started again on the same port (and data) as a gym basement would
// have it.

/// `perform --server` with the server going away and coming back.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct OfflineAppTests {
  let size = TmuxSession.Size(columns: 110, rows: 50)

  private func scratch() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-offline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Today in this machine's zone (the app's), `YYYY-MM-DD`.
  private var today: String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date())
  }

  /// The server's logged workouts.
  private func history(_ server: ServeChild, token: String) async throws -> [[String: Any]] {
    let answer = try await server.request("GET", "/v1/trainee/workouts/history", token: token)
    let body = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
    return body?["workouts"] as? [[String: Any]] ?? []
  }

  /// What the server holds as eaten on today.
  private func eaten(_ server: ServeChild, token: String) async throws -> [String: Bool] {
    let answer = try await server.request(
      "GET", "/v1/trainee/nutrition/day?date=\(today)", token: token,
      headers: ["X-Timezone": TimeZone.current.identifier])
    let body = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
    let data = body?["data"] as? [String: Any]
    return data?["eaten"] as? [String: Bool] ?? [:]
  }

  /// Polls `condition` every 100 ms until it holds or `seconds` pass; answers whether it held.
  private func eventually(
    _ seconds: Double = 90, _ condition: () async throws -> Bool
  ) async throws -> Bool {
    let deadline = Date() + seconds
    while Date() < deadline {
      if try await condition() { return true }
      try await Task.sleep(for: .milliseconds(100))
    }
    return try await condition()
  }

  @Test func openedWithTheServerAwayTheAppStartsAWorkoutAndTicksAMealThatArriveOnceItIsBack()
    async throws
  {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let first = try ServeChild(database: database, demo: true)
    let token = try #require(first.token)
    let port = first.port
    let command = [
      PerformBinary.url.path, "--server", "http://127.0.0.1:\(port)", "--token", token,
    ]

    // Online once: the workouts and the nutrition day are seen, and kept.
    let app = try TmuxSession(command, size: size)
    defer { app.close() }
    try await app.openWorkoutsTab()
    try await app.waitFor("Next workout: Day 3 Legs")
    try app.send(keys: "4")
    try await app.waitFor("Breakfast")
    try await app.waitFor("✓ saved")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
    #expect(first.interrupt())

    // The server is away: the copy, marked, and a workout started from it.
    try app.respawn(command)
    try await app.openWorkoutsTab()
    try await app.waitFor("Offline, as of")
    try await app.waitFor("Next workout: Day 3 Legs")
    try await finishTheNextWorkoutWithTheServerAway(in: app)

    // A meal ticked on the day kept from before.
    try app.send(keys: "4")
    try await app.waitFor("Offline, as of")
    try await app.waitFor("Breakfast")
    try app.send(keys: "j", " ")
    try await app.waitFor("[✓] Oats 80 g")
    let ticked = try await app.waitFor("offline, will retry")
    // The day was loaded before: it is not said to be never loaded.
    #expect(!ticked.contains("Never loaded"))

    // The server is back on the same port: the log and the day arrive, once.
    let second = try ServeChild(database: database, demo: true, port: port)
    defer { second.interrupt() }
    #expect(second.token == token)
    #expect(try await eventually { try await history(second, token: token).count == 3 })
    #expect(try await eventually { try await eaten(second, token: token).count == 1 })
    try await app.waitFor("✓ saved", timeout: .seconds(90))
    try await app.waitUntilGone("Offline, as of", timeout: .seconds(90))
    try app.send(keys: "3")
    let done = try await app.waitFor("Workout complete!", timeout: .seconds(30))
    #expect(done.contains("Legs: workout #3"))
    let logged = try await history(second, token: token)
    #expect(logged.count == 3)
    #expect(logged.first?["dayId"] as? String == "day_legs")
    #expect(Array(try await eaten(second, token: token).values) == [true])
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  /// From the workouts tab showing Legs as next: `n` starts it, one squat set is checked, and
  /// the workout is finished while the server cannot be reached, its log kept to send.
  private func finishTheNextWorkoutWithTheServerAway(in app: TmuxSession) async throws {
    try app.send(keys: "n")
    try await app.waitFor("Legs — Quads and hamstrings")
    try app.send(keys: "90", .enter, "5", .enter, " ")
    try await app.waitFor("[s] skip")
    try app.send(keys: "F")
    try await app.waitFor("Finish the workout?")
    try app.send(keys: "y")
    try await app.waitFor("Finishing: the log is kept, not sent yet: the server cannot be reached")
  }

  /// Whether the app keeps a copy of the programs (`last-good-answers/<account>/workouts.json`).
  private func programIsKept(in app: TmuxSession) -> Bool {
    let answers = app.dataHome.appendingPathComponent("perform/last-good-answers")
    let accounts = (try? FileManager.default.contentsOfDirectory(atPath: answers.path)) ?? []
    return accounts.contains { account in
      FileManager.default.fileExists(
        atPath: answers.appendingPathComponent(account).appendingPathComponent("workouts.json")
          .path)
    }
  }

  // NB: docs/decisions/the-apps-files-and-the-api-client.md, "Offline reads": the programs are
  // fetched and kept at launch, whichever tab shows first.
  @Test func aLaunchThatNeverLeavesTodayKeepsWhatTheNextLaunchNeedsWithoutTheServer()
    async throws
  {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let first = try ServeChild(database: database, demo: true)
    let token = try #require(first.token)
    let port = first.port
    let command = [
      PerformBinary.url.path, "--server", "http://127.0.0.1:\(port)", "--token", token,
    ]

    // Online once, on Today only.
    let app = try TmuxSession(command, size: size)
    defer { app.close() }
    try await app.waitFor("Next workout: Legs")
    #expect(try await eventually { programIsKept(in: app) })
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
    #expect(first.interrupt())

    // The server is away: Enter on Today starts the next workout from the kept program.
    try app.respawn(command)
    try await app.waitFor("Next workout: Legs")
    try app.send(keys: .enter)
    try await app.waitFor("Legs — Quads and hamstrings")
    try app.send(keys: "X")
    try await app.waitFor("Discard the workout")
    try app.send(keys: "y")
    try await app.waitUntilGone("Legs — Quads and hamstrings")

    // And so does the workouts tab; the workout is finished while the server is away.
    try await app.openWorkoutsTab()
    try await app.waitFor("Next workout: Day 3 Legs")
    try await finishTheNextWorkoutWithTheServerAway(in: app)

    // The server is back: the log arrives, once.
    let second = try ServeChild(database: database, demo: true, port: port)
    defer { second.interrupt() }
    #expect(try await eventually { try await history(second, token: token).count == 3 })
    try app.send(keys: "3")
    try await app.waitFor("Workout complete!", timeout: .seconds(30))
    let logged = try await history(second, token: token)
    #expect(logged.count == 3)
    #expect(logged.first?["dayId"] as? String == "day_legs")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test func theNetworkDroppingMidWorkoutLosesNothingAndLogsAndSavesOnce() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let first = try ServeChild(database: database, demo: true)
    let token = try #require(first.token)
    let port = first.port
    let app = try TmuxSession(
      [PerformBinary.url.path, "--server", "http://127.0.0.1:\(port)", "--token", token],
      size: size)
    defer { app.close() }
    try await app.openWorkoutsTab()
    try await app.waitFor("Next workout: Day 3 Legs")
    try app.send(keys: "4")
    try await app.waitFor("✓ saved")
    try app.send(keys: "2")
    try await app.waitFor("Next workout: Day 3 Legs")
    try app.send(keys: "n")
    try await app.waitFor("Legs — Quads and hamstrings")
    try app.send(keys: "90", .enter, "5", .enter, " ")
    try await app.waitFor("[s] skip")

    // The network drops mid-workout: the workout goes on and is finished.
    #expect(first.interrupt())
    try app.send(keys: "s")
    try await app.waitUntilGone("[s] skip")
    try app.send(keys: "92.5", .enter, "5", .enter, " ")
    try await app.waitFor("[s] skip")
    try app.send(keys: "F")
    try await app.waitFor("Finish the workout?")
    try app.send(keys: "y")
    try await app.waitFor("Finishing: the log is kept, not sent yet: the server cannot be reached")
    try app.send(keys: "2")
    try await app.waitFor("Offline, as of", timeout: .seconds(30))
    // A meal ticked on the day seen before the network dropped.
    try app.send(keys: "4")
    try await app.waitFor("Breakfast")
    try app.send(keys: "j", " ")
    try await app.waitFor("[✓] Oats 80 g")

    let second = try ServeChild(database: database, demo: true, port: port)
    defer { second.interrupt() }
    #expect(try await eventually { try await history(second, token: token).count == 3 })
    #expect(try await eventually { try await eaten(second, token: token).count == 1 })
    try await app.waitFor("✓ saved", timeout: .seconds(90))
    try app.send(keys: "3")
    try await app.waitFor("Workout complete!", timeout: .seconds(30))
    let logged = try await history(second, token: token)
    #expect(logged.count == 3)
    let detail = try await second.request(
      "GET", "/v1/trainee/workouts/history/\(logged.first?["id"] as? String ?? "")", token: token)
    let entries =
      (try JSONSerialization.jsonObject(with: detail.body) as? [String: Any])?["entries"]
      as? [[String: Any]]
    let sets = entries?.first?["sets"] as? [[String: Any]] ?? []
    #expect(sets.filter { $0["done"] as? Bool == true }.count == 2)
    #expect(Array(try await eaten(second, token: token).values) == [true])
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test func aFirstLaunchWithNoNetworkSaysSoInOneLineAndLoadsByItselfOnceTheServerIsThere()
    async throws
  {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let first = try ServeChild(database: database, demo: true)
    let token = try #require(first.token)
    let port = first.port
    #expect(first.interrupt())

    let app = try TmuxSession(
      [PerformBinary.url.path, "--server", "http://127.0.0.1:\(port)", "--token", token],
      size: size)
    defer { app.close() }
    try await app.openWorkoutsTab()
    try await app.waitFor(
      "Offline, nothing saved yet: connect to the network. Retrying by itself (r now).")

    let second = try ServeChild(database: database, demo: true, port: port)
    defer { second.interrupt() }
    let loaded = try await app.waitFor("Next workout: Day 3 Legs", timeout: .seconds(60))
    #expect(!loaded.contains("nothing saved yet"))
    #expect(!loaded.contains("Offline, as of"))
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test func aCorruptCopyIsKeptAsideAndSaidNeverShown() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    let first = try ServeChild(database: database, demo: true)
    let token = try #require(first.token)
    let command = [
      PerformBinary.url.path, "--server", "http://127.0.0.1:\(first.port)", "--token", token,
    ]
    let app = try TmuxSession(command, size: size)
    defer { app.close() }
    try await app.openWorkoutsTab()
    try await app.waitFor("Next workout: Day 3 Legs")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
    #expect(first.interrupt())

    // One directory of copies, the account's.
    let all = app.dataHome.appendingPathComponent("perform/last-good-answers")
    let accounts = try FileManager.default.contentsOfDirectory(atPath: all.path)
    #expect(accounts.count == 1 && !accounts.contains(token))
    let answers = all.appendingPathComponent(try #require(accounts.first))
    let copy = answers.appendingPathComponent("workouts.json")
    try Data("{\"bytes\":9999,\"fetchedAt\":0}\n{\"plans\":[".utf8).write(to: copy)
    try app.respawn(command)
    // The programs are read at launch, on Today: the copy is said to be unreadable there.
    try await app.waitFor("The saved copy of workouts could not be read")
    try await app.openWorkoutsTab()
    let screen = try await app.waitFor("Offline, nothing saved yet")
    #expect(!screen.contains("Next workout: Day"))
    let names = try FileManager.default.contentsOfDirectory(atPath: answers.path)
    #expect(names.contains { $0.hasPrefix("workouts.json.corrupt-") })
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }
}
