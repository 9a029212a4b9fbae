import Foundation
import Testing
import TraineeAPI
import WorkoutReplay
import WorkoutSession

/// `finish` mid-rest in a replay: the rest, its alert and the idle reminder end at the finish,
/// so nothing is posted or delivered after it, in the foreground, in the background or across a
/// restart (docs/decisions/the-live-workout.md, "Finishing and discarding").
@MainActor
@Suite struct ReplayFinishTests {
  /// The bench press day begun, its first set checked (a 90 s rest), finished 30 s into the
  /// rest, then `after` (actions from index 5 on).
  static func finishedMidRest(then after: String) throws -> ReplayScript {
    try ReplayRunnerTests.script(
      actions: #"""
        { "do": "start" }, { "do": "begin" },
        { "do": "toggleSet", "exerciseId": "ex_bench", "setNumber": 1 },
        { "do": "wait", "seconds": 30 },
        { "do": "finish" },
        """# + after)
  }

  /// What the finish at index 4 gives: the log, the rest put away, its alert and the idle
  /// reminder cancelled; and nothing at all after it.
  static let finishedAndThenNothing = [
    "workoutFinished", "restCleared", "alertCancelled", "reminderCancelled",
  ]

  static func namesFromTheFinishOn(_ result: ReplayResult) -> [String] {
    result.effects.filter { $0.actionIndex >= 4 }.map(\.name)
  }

  @Test func inTheForegroundNoAlertIsPostedAfterTheFinish() async throws {
    let result = try await ReplayRunner().run(
      Self.finishedMidRest(then: #"{ "do": "wait", "seconds": 4000 }"#))

    #expect(Self.namesFromTheFinishOn(result) == Self.finishedAndThenNothing)
    #expect(result.session?.finishedAt == ReplayRunnerTests.monday + 30)
    #expect(result.log?.durationSec == 30)
  }

  @Test func inTheBackgroundNeitherTheAlertNorTheReminderIsDelivered() async throws {
    let result = try await ReplayRunner().run(
      Self.finishedMidRest(
        then: #"""
          { "do": "background" }, { "do": "wait", "seconds": 4000 }, { "do": "foreground" }
          """#))

    #expect(Self.namesFromTheFinishOn(result) == Self.finishedAndThenNothing)
  }

  @Test func acrossARestartNothingIsDeliveredAndTheWorkoutStaysFinished() async throws {
    let result = try await ReplayRunner().run(
      Self.finishedMidRest(then: #"{ "do": "restart", "after": 4000 }"#))

    #expect(Self.namesFromTheFinishOn(result) == Self.finishedAndThenNothing)
    #expect(result.session?.finishedAt == ReplayRunnerTests.monday + 30)
  }

  @Test func discardingMidRestCancelsTheAlertAndTheReminder() async throws {
    let result = try await ReplayRunner().run(
      ReplayRunnerTests.script(
        actions: #"""
          { "do": "start" }, { "do": "begin" },
          { "do": "toggleSet", "exerciseId": "ex_bench", "setNumber": 1 },
          { "do": "wait", "seconds": 30 },
          { "do": "discard" },
          { "do": "background" }, { "do": "wait", "seconds": 4000 }
          """#))

    #expect(
      Self.namesFromTheFinishOn(result) == ["restCleared", "alertCancelled", "reminderCancelled"])
    #expect(result.session == nil)
  }
}
