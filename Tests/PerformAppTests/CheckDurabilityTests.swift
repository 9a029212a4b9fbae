import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import WorkoutSession

// NB: docs/architecture.md, "Durability and bad input" and
// docs/decisions/the-terminal-app-and-the-perform-command.md "Key-to-frame latency": a change to
// the workout is in the crash-recovery journal before the screen shows it.
// The journal's line is written (one write(2)) while the key is handled, before the runner draws;
// only its fsync runs on the journal's own queue. Whatever work a check starts that is moved off
// the key's path later, this line must stay on it. No timing: the file is read between the key and
// its frame.

/// A checked and an unchecked set are on disk when their key returns, before their frame.
@MainActor
struct CheckDurabilityTests {
  let directory: URL
  let api = FakeWorkoutAPI()

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// The `toggleSet` actions in the journal files, as `exerciseId/setNumber`, in order.
  func journaledToggles() throws -> [String] {
    let folder = directory.appendingPathComponent("workout-session")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("journal-") && $0.hasSuffix(".jsonl") }
      .sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }
    var toggles: [String] = []
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      for line in data.split(separator: UInt8(ascii: "\n")) {
        let entry = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        let action = try #require(entry["action"] as? [String: Any])
        guard action["do"] as? String == "toggleSet" else { continue }
        toggles.append("\(action["exerciseId"] ?? "?")/\(action["setNumber"] ?? "?")")
      }
    }
    return toggles
  }

  @Test func aCheckAndAnUncheckAreJournaledBeforeTheirFrames() async throws {
    let app = PerformTerminalApp()
    let coordinator = try WorkoutCoordinator(dataDirectory: directory, api: api)
    defer { coordinator.close() }
    coordinator.host = app
    let workouts = WorkoutsScreen(
      coordinator: coordinator, api: api, host: app,
      openLiveWorkout: { [weak app] in app?.select(tab: 1) })
    let live = LiveWorkoutScreen(coordinator: coordinator, host: app)
    app.setTabs([.init(title: "Workouts", screen: workouts), .init(title: "Live", screen: live)])
    await workouts.reload()
    _ = app.handle(.enter, now: Date())
    for character in "62.5" { _ = app.handle(.character(character), now: Date()) }
    _ = app.handle(.enter, now: Date())
    _ = app.handle(.character("6"), now: Date())
    _ = app.handle(.enter, now: Date())

    // The check starts a rest; its line is on disk as the key returns, before any frame.
    _ = app.handle(.character(" "), now: Date())
    #expect(coordinator.store.state.rest.isRunning)
    #expect(try journaledToggles() == ["ex_bench/1"])
    let total = coordinator.store.session?.exercises.map(\.sets.count).reduce(0, +) ?? 0
    #expect(
      app.frame(size: TerminalSize(rows: 60, columns: 110), now: Date()).plainText
        .contains("1/\(total) sets"))

    // Back on the set and unchecked: the same, and its rest is gone.
    _ = app.handle(.character("k"), now: Date())
    _ = app.handle(.character(" "), now: Date())
    #expect(try journaledToggles() == ["ex_bench/1", "ex_bench/1"])
    #expect(!coordinator.store.state.rest.isRunning)
  }
}
