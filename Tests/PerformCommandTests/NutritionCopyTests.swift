import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// NB: docs/decisions/the-nutrition-day.md, "Nutrition sync: confirmed copies": the real binary
// against `perform serve`, driven by keys. A copy of a day the server confirmed no longer overrides
// it; a copy it never confirmed (a kill before the save, the server away) still loses nothing.

/// The nutrition day the terminal app keeps on disk, across launches, against a real server.
@Suite(.serialized)
struct NutritionCopyTests {
  let size = TmuxSession.Size(columns: 110, rows: 50)

  @Test func aChangeMadeThroughTheAPIAfterAConfirmedSaveStands() async throws {
    let world = try ServedApp(size: size)
    defer { world.close() }
    try await world.openNutrition()
    try world.app.send(keys: "j", " ")
    try await world.app.waitFor("[✓] Oats 80 g")
    try await world.app.waitFor("✓ saved")
    try world.app.send(keys: "q")
    #expect(try await world.app.waitForExit(timeout: .seconds(30)) == .exited(0))

    // Elsewhere (the coach, another device), the oats are unticked.
    let date = try world.keptDate()
    var day = try await world.day(date)
    #expect(day["eaten"] as? [String: Bool] == [world.oatsKey(date): true])
    day["eaten"] = [String: Bool]()
    try await world.put(date, day)

    try world.relaunch()
    try await world.openNutrition()
    let screen = try await world.app.waitFor("[ ] Oats 80 g")
    #expect(!screen.contains("[✓] Oats 80 g"))
    try world.app.send(keys: "q")
    #expect(try await world.app.waitForExit(timeout: .seconds(30)) == .exited(0))
    #expect(try await world.day(date)["eaten"] as? [String: Bool] == [:])
  }

  @Test func aTickQuitAtOnceIsConfirmedBeforeTheAppExits() async throws {
    let world = try ServedApp(size: size)
    defer { world.close() }
    try await world.openNutrition()
    try world.app.send(keys: "j", " ")
    try await world.app.waitFor("[✓] Oats 80 g")
    // Within the 600 ms before the save: quitting sends it and waits for its answer.
    try world.app.send(keys: "q")
    #expect(try await world.app.waitForExit(timeout: .seconds(30)) == .exited(0))

    let date = try world.keptDate()
    var day = try await world.day(date)
    #expect(day["eaten"] as? [String: Bool] == [world.oatsKey(date): true])
    day["eaten"] = [String: Bool]()
    try await world.put(date, day)

    try world.relaunch()
    try await world.openNutrition()
    try await world.app.waitFor("[ ] Oats 80 g")
    try world.app.send(keys: "q")
    #expect(try await world.app.waitForExit(timeout: .seconds(30)) == .exited(0))
    #expect(try await world.day(date)["eaten"] as? [String: Bool] == [:])
  }

  @Test func aTickKilledBeforeItsSaveIsSavedAtTheNextLaunch() async throws {
    let world = try ServedApp(size: size)
    defer { world.close() }
    try await world.openNutrition()
    try world.app.send(keys: "j", " ")
    try await world.app.waitFor("[✓] Oats 80 g")
    // Within the 600 ms before the save: the key already wrote the copy.
    kill(try world.app.pid, SIGKILL)
    #expect(try await world.app.waitForExit(timeout: .seconds(30)) == .killed(signal: SIGKILL))

    try world.relaunch()
    try await world.openNutrition()
    try await world.app.waitFor("[✓] Oats 80 g")
    try await world.app.waitFor("✓ saved")
    let date = try world.keptDate()
    #expect(try await world.day(date)["eaten"] as? [String: Bool] == [world.oatsKey(date): true])
    try world.app.send(keys: "q")
    #expect(try await world.app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test func aTickKilledDuringItsSaveIsSavedAtTheNextLaunch() async throws {
    let world = try ServedApp(size: size)
    defer { world.close() }
    try await world.openNutrition()
    // The server stops answering: the save is sent and waits for its answer.
    kill(world.server.process.processIdentifier, SIGSTOP)
    try world.app.send(keys: "j", " ")
    try await world.app.waitFor("[✓] Oats 80 g")
    try await world.app.waitFor("saving…")
    kill(try world.app.pid, SIGKILL)
    #expect(try await world.app.waitForExit(timeout: .seconds(30)) == .killed(signal: SIGKILL))
    kill(world.server.process.processIdentifier, SIGCONT)

    try world.relaunch()
    try await world.openNutrition()
    try await world.app.waitFor("[✓] Oats 80 g")
    try await world.app.waitFor("✓ saved")
    let date = try world.keptDate()
    #expect(try await world.day(date)["eaten"] as? [String: Bool] == [world.oatsKey(date): true])
    try world.app.send(keys: "q")
    #expect(try await world.app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test func aTickMadeWhileTheServerIsAwayIsSavedWhenItIsBack() async throws {
    let world = try ServedApp(size: size)
    defer { world.close() }
    try await world.openNutrition()
    world.server.kill9()
    try world.app.send(keys: "j", " ")
    try await world.app.waitFor("[✓] Oats 80 g")
    try await world.app.waitFor("offline, will retry")
    try world.app.send(keys: "q")
    #expect(try await world.app.waitForExit(timeout: .seconds(30)) == .exited(0))

    try world.restartServer()
    try world.relaunch()
    try await world.openNutrition()
    try await world.app.waitFor("[✓] Oats 80 g")
    try await world.app.waitFor("✓ saved")
    let date = try world.keptDate()
    #expect(try await world.day(date)["eaten"] as? [String: Bool] == [world.oatsKey(date): true])
    try world.app.send(keys: "q")
    #expect(try await world.app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }
}

/// `perform serve --demo` on a database in a scratch directory, and the terminal app on it (in
/// UTC) under tmux.
private final class ServedApp {
  let scratch: URL
  let database: URL
  private(set) var server: ServeChild
  private(set) var app: TmuxSession
  private let size: TmuxSession.Size

  init(size: TmuxSession.Size) throws {
    self.size = size
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("NutritionCopyTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    database = scratch.appendingPathComponent("perform.sqlite")
    server = try ServeChild(database: database, demo: true)
    app = try TmuxSession.perform(
      Self.arguments(server), size: size, environment: ["TZ": "UTC"])
  }

  /// The app's options for `server`.
  private static func arguments(_ server: ServeChild) -> [String] {
    ["--server", "http://127.0.0.1:\(server.port)", "--token", server.token ?? ""]
  }

  /// Starts `perform serve` again on the same database (a new port and token).
  func restartServer() throws {
    server = try ServeChild(database: database, demo: true)
  }

  /// Starts the app again in the same pane and data directory.
  func relaunch() throws {
    try app.respawn([PerformBinary.url.path] + Self.arguments(server))
  }

  /// Opens the Nutrition tab once the app is up and waits until today is loaded.
  func openNutrition() async throws {
    try await app.waitFor("1 Today")
    try app.send(keys: "4")
    try await app.waitFor("Breakfast")
    try await app.waitFor("Oats 80 g")
  }

  /// The ISO date of the one day the app keeps in `nutrition-edits.json`.
  func keptDate() throws -> String {
    let url = app.dataHome.appendingPathComponent("perform/nutrition-edits.json")
    let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let dateKey = try #require((kept?["edits"] as? [String: Any])?.keys.first)
    let parts = dateKey.split(separator: "-").compactMap { Int($0) }
    try #require(parts.count == 3)
    return String(format: "%04d-%02d-%02d", parts[0], parts[1] + 1, parts[2])
  }

  /// The key of the oats on `date` (`2026-0-5__it_oats`).
  func oatsKey(_ date: String) -> String {
    let parts = date.split(separator: "-").compactMap { Int($0) }
    return "\(parts[0])-\(parts[1] - 1)-\(parts[2])__it_oats"
  }

  /// The server's snapshot of `date` (`data` of `GET /v1/trainee/nutrition/day`).
  func day(_ date: String) async throws -> [String: Any] {
    let (status, body) = try await server.request(
      "GET", "/v1/trainee/nutrition/day?date=\(date)", token: server.token)
    try #require(status == 200, "\(String(decoding: body, as: UTF8.self))")
    let answer = try JSONSerialization.jsonObject(with: body) as? [String: Any]
    return try #require(answer?["data"] as? [String: Any])
  }

  /// Saves `data` as the server's snapshot of `date`, as another device would.
  func put(_ date: String, _ data: [String: Any]) async throws {
    let body = try JSONSerialization.data(withJSONObject: ["date": date, "data": data])
    let (status, answer) = try await server.request(
      "PUT", "/v1/trainee/nutrition/day", token: server.token, body: body)
    try #require((200..<300).contains(status), "\(String(decoding: answer, as: UTF8.self))")
  }

  func close() {
    app.close()
    if server.process.isRunning { server.interrupt() }
    try? FileManager.default.removeItem(at: scratch)
  }
}
