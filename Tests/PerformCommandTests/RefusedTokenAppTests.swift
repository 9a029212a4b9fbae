import Foundation
import Testing

// NB: docs/decisions/the-apps-files-and-the-api-client.md "A refused token": a 401 is said once,
// plainly, with how to get a new token, on every tab that reads from the server, and nothing asks
// the server again.

/// `perform --server URL --token WRONG` against a real `perform serve`.
@Suite(.serialized)
struct RefusedTokenAppTests {
  @Test func aRefusedTokenIsSaidOnEveryTabAndNothingRetries() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-refused-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("access.log")
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true,
      arguments: ["--access-log", log.path])
    defer { server.interrupt() }
    let app = try TmuxSession(
      [
        PerformBinary.url.path, "--server", "http://127.0.0.1:\(server.port)", "--token",
        "not-the-token",
      ], size: .init(columns: 100, rows: 40))
    defer { app.close() }
    let refused = "The server refused this app's token (401)."
    let howTo = "then start perform --server URL --token-file FILE."

    // Today: the message, and the history is no longer "Loading…" forever.
    let today = try await app.waitFor(howTo)
    #expect(today.contains(refused))
    let history = try #require(today.range(of: "History"))
    #expect(!today[history.upperBound...].contains("Loading"), "\(today)")

    // Workouts: the message, not "Trying again by itself".
    try app.send(keys: "2")
    try await app.waitUntilGone("Today, ")
    let workouts = try await app.waitFor(howTo)
    #expect(workouts.contains(refused) && workouts.contains(howTo), "\(workouts)")
    #expect(!workouts.contains("Trying again"), "\(workouts)")

    // Nutrition: the message, once, and no "g tries again" after it.
    try app.send(keys: "4")
    try await app.waitFor("Eaten")
    let nutrition = try await app.waitFor(howTo)
    #expect(nutrition.contains(refused) && nutrition.contains(howTo), "\(nutrition)")
    #expect(!nutrition.contains("tries again"), "\(nutrition)")
    #expect(nutrition.components(separatedBy: refused).count == 2, "\(nutrition)")

    // Nothing asks again. NB: an absence can only be seen over time: past the first retry
    // (5 s after a failed load), the server has still seen one request per read.
    let first = try loggedRequests(log)
    #expect(!first.isEmpty)
    #expect(first.allSatisfy { $0.status == 401 }, "\(first)")
    #expect(Set(first.map(\.route)).count == first.count, "\(first)")
    let deadline = Date().addingTimeInterval(8)
    while Date() < deadline {
      let now = try loggedRequests(log)
      #expect(now.count == first.count, "\(now)")
      if now.count != first.count { break }
      try await Task.sleep(for: .milliseconds(250))
    }
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  private func loggedRequests(_ log: URL) throws -> [(route: String, status: Int)] {
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      guard
        let fields = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
        let route = fields["route"] as? String, let status = fields["status"] as? Int
      else { return nil }
      return (route, status)
    }
  }
}
