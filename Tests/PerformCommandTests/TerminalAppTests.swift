import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// NB: the real binary in a pseudo-terminal (tmux), on its embedded server
// with the demo trainee, driven by keys as a person would.

/// `perform` as a person uses it: a whole workout, a nutrition day, a kill mid-rest.
@Suite(.serialized)
struct TerminalAppTests {
  let size = TmuxSession.Size(columns: 110, rows: 50)

  @Test func aWholeWorkoutWithASupersetARestAPRAndASubstitution() async throws {
    let app = try TmuxSession.perform([], size: size)
    defer { app.close() }
    try await app.openWorkoutsTab()
    try await app.waitFor("Next workout:")
    // Day 1 is the first day listed: Enter starts it.
    try app.send(keys: .enter)
    try await app.waitFor("Push — Chest and triceps")
    try await app.waitFor("╭")

    // A substitution, then back to the prescribed exercise.
    try app.send(keys: "S")
    try await app.waitFor("Do instead of Bench press:")
    try app.send(keys: .down, .enter)
    try await app.waitFor("substitute for Bench press")
    try await app.waitFor("Dumbbell bench press")
    try app.send(keys: "U")
    try await app.waitUntilGone("substitute for Bench press")

    // The warm-up with last time's values; the technique prompt follows; skip it.
    try app.send(keys: " ")
    try await app.waitFor("technique video")
    try app.send(keys: "V")
    try await app.waitUntilGone("technique video")
    // A warm-up starts no rest (docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and
    // warm-ups").
    #expect(!(try app.capture()).contains("[s] skip"))

    // 70 kg × 8 beats the demo's best: a record.
    try app.send(keys: "70", .enter, "8", .enter, " ")
    try await app.waitFor("New personal record: Bench press 70 kg × 8")
    try await app.waitFor("[s] skip")

    // Complete the bench and the incline press; the superset's first round.
    try app.send(keys: "c")
    try await app.waitFor("│ Incline dumbbell press")
    try app.send(keys: "c")
    try await app.waitFor("│ Dips")
    try app.send(keys: " ")
    // Dips set 1 alone starts no rest: the pushdown's set 1 is still open, and the cursor moved
    // to it.
    try await app.waitFor("▸ Cable pushdown")
    #expect(!(try app.capture()).contains("[s] skip"))
    try app.send(keys: "25", .enter, "12", .enter, " ")
    try await app.waitFor("after Dips set 1")

    // Finish: the log is accepted and numbered after the demo's two logged workouts.
    try app.send(keys: "F")
    try await app.waitFor("Finish the workout?")
    try app.send(keys: "y")
    let done = try await app.waitFor("Workout complete!")
    #expect(done.contains("Push: workout #3"))
    try app.send(keys: .enter)
    // On to Today, which reads home again: the new log is the last workout.
    try await app.waitFor("Last workout: #3")
    // The workouts tab: the new log heads the history.
    try app.send(keys: "2")
    let history = try await app.waitFor("#3    ")
    #expect(history.contains("Next workout: Day 2 Pull"))
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test func aKillMidRestComesBackToTheSameWorkoutValuesAndRest() async throws {
    let app = try TmuxSession.perform([], size: size)
    defer { app.close() }
    try await app.openWorkoutsTab()
    try await app.waitFor("Next workout:")
    try app.send(keys: .enter)
    try await app.waitFor("Push — Chest and triceps")
    // The warm-up, with last time's values, starts no rest; the first working set does.
    try app.send(keys: " ")
    try await app.waitFor("technique video")
    try app.send(keys: "42.5", .enter, "9", .enter, " ")
    let resting = try await app.waitFor("[s] skip")
    #expect(resting.contains("42.5"))
    let before = try remainingRest(in: resting)
    let killedAt = ContinuousClock.now
    kill(try app.pid, SIGKILL)
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .killed(signal: SIGKILL))

    try app.respawn([PerformBinary.url.path])
    let back = try await app.waitFor("[s] skip")
    let after = try remainingRest(in: back)
    let away = Int((ContinuousClock.now - killedAt).components.seconds)
    #expect(back.contains("42.5"))
    #expect(back.contains("Set 3 of 4"))
    // The rest went on counting while the app was gone: it is the same rest, not a new one.
    #expect(after <= before && after >= before - away - 2)
    try app.send(keys: .control("c"))
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test func aNutritionDayWithATickASwapAPortionAndAnAddedFoodIsSaved() async throws {
    let app = try TmuxSession.perform([], size: size)
    defer { app.close() }
    try await app.waitFor("1 Today")
    try app.send(keys: "4")
    try await app.waitFor("Breakfast")
    try await app.waitFor("✓ saved")
    try app.send(keys: "j", " ")
    try await app.waitFor("[✓] Oats 80 g")
    try app.send(keys: "s")
    try await app.waitFor("[✓] Muesli 80 g")
    try app.send(keys: "p", .control("u"), "120", .enter)
    try await app.waitFor("Muesli 120 g (plan 80 g)")
    try app.send(keys: "a", "apple", .enter)
    try await app.waitFor("Apple, raw, with skin")
    try app.send(keys: .enter, .enter)
    try await app.waitFor("+ Apple, raw, with skin 100 g")
    try await app.waitFor("✓ saved")
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))

    // What the server holds, without the copy this device kept: relaunch without it.
    let kept = app.dataHome.appendingPathComponent("perform/nutrition-edits.json")
    #expect(FileManager.default.fileExists(atPath: kept.path))
    try FileManager.default.removeItem(at: kept)
    try app.respawn([PerformBinary.url.path])
    try await app.waitFor("1 Today")
    try app.send(keys: "4")
    let day = try await app.waitFor("+ Apple, raw, with skin 100 g")
    #expect(day.contains("[✓] Muesli 120 g (plan 80 g)"))
    try app.send(keys: "q")
    #expect(try await app.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  /// How the trainee, or someone else, stops the app running in a shell.
  enum JobStop: String, CustomTestStringConvertible, Sendable {
    case controlZ, sigtstp, sigstop
    var testDescription: String { rawValue }
  }

  // NB: job control (docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal
  // app"): a real shell with job control in the pane, so the stop is real and `fg` continues the
  // app as a person would.
  @Test(arguments: [JobStop.controlZ, .sigtstp, .sigstop])
  func stoppedMidRestTheShellComesBackAndFgRedrawsTheSameWorkout(stop: JobStop) async throws {
    let shell = try TmuxSession(
      ["/usr/bin/env", "bash", "--norc", "--noprofile", "-i"], size: size,
      environment: ["PS1": "shell$ ", "HISTFILE": "/dev/null"])
    defer { shell.close() }
    try await shell.waitFor("shell$")
    try shell.send(keys: .text(PerformBinary.url.path), .enter)
    try await shell.openWorkoutsTab()
    try await shell.waitFor("Next workout:")
    try shell.send(keys: .enter)
    try await shell.waitFor("Push — Chest and triceps")
    // The warm-up, with last time's values, starts no rest; the first working set does.
    try shell.send(keys: " ")
    try await shell.waitFor("technique video")
    try shell.send(keys: "42.5", .enter, "9", .enter, " ")
    let resting = try await shell.waitFor("[s] skip")
    let before = try remainingRest(in: resting)
    let stoppedAt = ContinuousClock.now

    switch stop {
    case .controlZ: try shell.send(keys: .control("z"))
    case .sigtstp: kill(try appPID(under: shell), SIGTSTP)
    case .sigstop: kill(try appPID(under: shell), SIGSTOP)
    }
    let atShell = try await shell.waitFor("Stopped")
    if stop != .sigstop {
      // The shell's own screen is back as the app found it; SIGSTOP leaves no time to restore.
      #expect(atShell.hasPrefix("shell$ \(PerformBinary.url.path)\n"))
      #expect(atShell.contains("[1]+  Stopped"))
      #expect(!atShell.contains("[s] skip"))
    }

    try shell.send(keys: "fg", .enter)
    let back = try await shell.waitForScreen("the app drawn whole", timeout: .seconds(10)) {
      $0.contains("[s] skip") && !$0.contains("shell$") && !$0.contains("Stopped")
    }
    #expect(back.contains("Push — Chest and triceps"))
    #expect(back.contains("42.5"))
    // The same rest, counted from its end time through the stop.
    let after = try remainingRest(in: back)
    let away = Int((ContinuousClock.now - stoppedAt).components.seconds)
    #expect(after <= before && after >= before - away - 2)

    // Keys still reach it.
    try shell.send(keys: "?")
    try await shell.waitFor("suspend to the shell (fg comes back)")
    try shell.send(keys: .escape)
    try await shell.waitUntilGone("suspend to the shell")
    try shell.send(keys: .control("c"))
    let quit = try await shell.waitForScreen("the shell's prompt", timeout: .seconds(30)) {
      $0.split(separator: "\n").last == "shell$" && !$0.contains("[s] skip")
    }
    // After SIGSTOP the shell wrote "fg" on the app's screen, which is gone with it.
    #expect(quit.contains("shell$ fg\n") == (stop != .sigstop))
  }

  @Test func withoutATerminalItRefusesWithAClearMessage() throws {
    let run = try PerformBinary.run(["app"], input: Data())
    #expect(run.status == 2)
    #expect(run.stderr.contains("needs a terminal"))
  }

  @Test(arguments: [
    (["--server", "http://127.0.0.1:1"], "--server needs the trainee's token"),
    (["app", "--token", "t"], "--token goes with --server URL"),
    (["app", "--token-file", "f"], "--token-file goes with --server URL"),
    (
      ["app", "--server", "http://127.0.0.1:1", "--token", "t", "--token-file", "f"],
      "give one of --token-file FILE and --token TOKEN"
    ),
    (["app", "--server", "ftp://x", "--token", "t"], "is not an http:// or https:// URL"),
    (["app", "--bogus", "1"], "unknown option --bogus"),
  ])
  func badOptionsAreRefusedBeforeAnythingStarts(arguments: [String], message: String) throws {
    let run = try PerformBinary.run(arguments, input: Data())
    #expect(run.status == 2)
    #expect(run.stderr.contains(message))
  }

  /// The process id of the program the shell in `session` runs (its one child).
  private func appPID(under session: TmuxSession) throws -> pid_t {
    let shell = try session.pid
    let children = try String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    return try #require(children.split(separator: " ").first.flatMap { pid_t($0) })
  }

  /// The seconds left on the rest bar (`Rest 1:52 ...`).
  private func remainingRest(in screen: String) throws -> Int {
    let line = try #require(screen.split(separator: "\n").first { $0.hasPrefix("Rest ") })
    let clock = try #require(line.split(separator: " ").dropFirst().first)
    let parts = clock.split(separator: ":").compactMap { Int($0) }
    try #require(parts.count == 2)
    return parts[0] * 60 + parts[1]
  }
}
