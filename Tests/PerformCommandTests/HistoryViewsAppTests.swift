import Foundation
import Testing

// NB: the real binary in a pseudo-terminal (tmux) on its embedded server with the demo trainee
// (two logged workouts): the history and progress views as a person reaches them.

/// The history view of a logged workout and the progress view, in pounds and in German.
@Suite(.serialized)
struct HistoryViewsAppTests {
  @Test func aUSTraineeOpensAWorkoutAndItsProgressInPoundsAt80x24() async throws {
    let app = try TmuxSession.perform(
      [], size: TmuxSession.Size(columns: 80, rows: 24),
      environment: ["LANG": "en_US.UTF-8"])
    defer { app.close() }
    try await app.openWorkoutsTab()
    try await app.waitFor("History")
    // The workouts tab's history line gives the volume in the trainee's units too.
    let tab = try await app.waitFor("7 sets · 3825 lb")
    #expect(!tab.contains(" kg"), "\(tab)")
    // The oldest logged workout is the list's last line: Day 1, bench press and dips.
    for _ in 0..<30 { try app.send(keys: "j") }
    try app.send(keys: .enter)
    let workout = try await app.waitFor("Workout #1 ·")
    #expect(workout.contains("1:06:00 · 7 sets · 2 exercises · volume 3825 lb"), "\(workout)")
    #expect(workout.contains("126.8 lb × 8"))
    #expect(workout.contains("RIR 2"))
    #expect(workout.contains("▶ Bench press"))
    // The demo's logs are from before record flags were logged: no claim either way.
    #expect(workout.contains("Records were not logged with this workout."))
    // The keys are listed in the help.
    try app.send(keys: "?")
    let help = try await app.waitFor("progress of the exercise")
    #expect(help.contains("delete this workout"))
    try app.send(keys: "x")
    try await app.waitUntilGone("Everywhere")

    // Enter on the bench press: its progress, read from the sets endpoint, in pounds.
    try app.send(keys: .enter)
    // The title can be on the screen before the rest of the frame is: wait for its axis too.
    let chart = try await app.waitForScreen("the chart with its axis", timeout: .seconds(10)) {
      $0.contains("Estimated 1RM (lb)") && $0.contains("└")
    }
    #expect(chart.contains("Progress: Bench press"))
    #expect(chart.contains("Best set: 126.8 lb × 8"))
    #expect(chart.contains("One workout so far"))
    #expect(chart.contains("└"))
    // A larger terminal: the chart is drawn again to fill it.
    let narrowAxis = try axisLength(chart)
    try app.resize(columns: 120, rows: 40)
    let wide = try await app.waitForScreen(
      "the chart redrawn at 120 columns", timeout: .seconds(10)
    ) {
      ((try? axisLength($0)) ?? 0) > narrowAxis
    }
    #expect(wide.split(separator: "\n").count >= 30)
    try app.send(keys: "l")
    try await app.waitFor("Best set (lb)")
    // Esc goes back to the workout, then to the list.
    try app.send(keys: .escape)
    try await app.waitFor("Workout #1 ·")
    try app.send(keys: .escape)
    try await app.waitFor("Next workout:")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test func aGermanTraineeReachesProgressFromTheLiveWorkoutWithOneKey() async throws {
    let app = try TmuxSession.perform(
      [], size: TmuxSession.Size(columns: 100, rows: 36),
      environment: ["LANG": "de_DE.UTF-8"])
    defer { app.close() }
    try await app.waitFor("1 Heute")
    try app.send(keys: "2")
    // The workouts tab's history (Today has a "Verlauf" of its own).
    try await app.waitFor("Sätze · 1735 kg")
    for _ in 0..<30 { try app.send(keys: "j") }
    try app.send(keys: .enter)
    let workout = try await app.waitFor("Training #1 ·")
    #expect(workout.contains("7 Sätze · 2 Übungen · Volumen 1735 kg"), "\(workout)")
    #expect(workout.contains("57,5 kg × 8"))
    try app.send(keys: .escape)
    // Start Day 1, the first line of the list (the bench press first), and chart its exercise.
    try await app.waitFor("Nächstes Training:")
    for _ in 0..<30 { try app.send(keys: "k") }
    try app.send(keys: .enter)
    try await app.waitFor("Push — Chest and triceps")
    try await app.waitFor("╭")
    try app.send(keys: "?")
    try await app.waitFor("Fortschrittsdiagramm dieser Übung")
    try app.send(keys: "x")
    try app.send(keys: "G")
    let chart = try await app.waitFor("Geschätztes 1RM (kg)")
    #expect(chart.contains("Fortschritt: Bench press"))
    #expect(chart.contains("Bester Satz: 57,5 kg × 8"))
    #expect(chart.contains("Bisher ein Training"))
    try app.send(keys: .escape)
    try await app.waitUntilGone("Fortschritt: Bench press")
    try await app.waitFor("╭")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  /// The length of the chart's time axis, `└───┬──…`.
  private func axisLength(_ screen: String) throws -> Int {
    guard let line = screen.split(separator: "\n").first(where: { $0.contains("└") }) else {
      throw AxisMissing()
    }
    return line.drop { $0 != "└" }.prefix { $0 == "└" || $0 == "─" || $0 == "┬" }.count
  }

  private struct AxisMissing: Error {}
}
