import Foundation
import Testing

// NB: docs/decisions/the-apps-files-and-the-api-client.md "The data directory's layout": the
// commands find the app's files where the app writes them, also while it runs.

/// `perform session show` and `activity preview --state` against the data directory of an app
/// that is running a workout.
@Suite(.serialized)
struct SessionShowLiveAppTests {
  @Test func sessionShowPrintsTheWorkoutARunningAppHolds() async throws {
    let app = try TmuxSession.perform([], size: .init(columns: 110, rows: 50))
    defer { app.close() }
    try await app.openWorkoutsTab()
    try await app.waitFor("Next workout:")
    try app.send(keys: .enter)
    try await app.waitFor("Push — Chest and triceps")
    // The warm-up, checked with what is shown: one done set in the journal (a warm-up starts
    // no rest, so the count of done sets says it was taken).
    try app.send(keys: " ")
    try await app.waitFor("1/14 sets")

    // Same HOME and XDG_DATA_HOME as the app: the default data directory, no --data-dir.
    let shown = try PerformBinary.run(["session", "show"], environment: app.environment)
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stderr.isEmpty)
    let state = try JSONSerialization.jsonObject(with: shown.stdout) as? [String: Any]
    let session = try #require(state?["session"] as? [String: Any], "\(state ?? [:])")
    let exercises = try #require(session["exercises"] as? [[String: Any]])
    let names = exercises.compactMap { $0["name"] as? String }
    #expect(names.contains("Bench press"), "\(names)")
    let doneSets = exercises.flatMap { ($0["sets"] as? [[String: Any]]) ?? [] }
      .filter { ($0["done"] as? Bool) == true }
    #expect(doneSets.count == 1, "\(session)")

    // What it printed is what the card preview reads.
    let stateFile = app.directory.appendingPathComponent("state.json")
    try shown.stdout.write(to: stateFile)
    let preview = try PerformBinary.run(
      ["activity", "preview", "--state", stateFile.path], environment: app.environment)
    #expect(preview.status == 0, "\(preview.stderr)")
    #expect(String(decoding: preview.stdout, as: UTF8.self).contains("Bench press"))

    // Changing it is the running app's alone.
    let applied = try PerformBinary.run(
      ["session", "apply"], input: Data(#"{"do":"begin"}"#.utf8),
      environment: app.environment)
    #expect(applied.status == 1)
    #expect(applied.stderr.contains("another Perform app is using"), "\(applied.stderr)")

    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }
}
