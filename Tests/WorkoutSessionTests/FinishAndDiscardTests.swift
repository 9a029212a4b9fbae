import Foundation
import RestTimer
import Testing
import TraineeAPI

@testable import WorkoutSession

/// Finishing and discarding close the workout at once, in the engine: the rest and its alert and
/// both reminders end the moment the trainee finishes, before the server answers
/// (docs/decisions/the-live-workout.md, "Finishing and discarding").
struct FinishAndDiscardTests {
  static let restAt = SampleWorkouts.laterAt
  static let finishAt = SampleWorkouts.laterAt + 30

  /// The push day begun, its first bench set checked at `restAt`: a 90 s rest runs and the idle
  /// reminder is scheduled.
  static func midRest() -> WorkoutState {
    var state = SampleWorkouts.pushDayState(started: false)
    _ = state.apply(.begin, now: SampleWorkouts.openedAt)
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: restAt)
    return state
  }

  /// Every set of the push day done: the unfinished reminder is scheduled.
  static func allDone() -> WorkoutState {
    var state = SampleWorkouts.pushDayState(started: false)
    _ = state.apply(.begin, now: SampleWorkouts.openedAt)
    for exerciseId in ["ex_bench", "ex_row"] {
      _ = state.apply(.completeExercise(exerciseId: exerciseId), now: restAt)
    }
    _ = state.apply(
      .setValue(exerciseId: "ex_treadmill", setNumber: 1, field: .duration, value: "20"),
      now: restAt)
    _ = state.apply(.completeExercise(exerciseId: "ex_treadmill"), now: restAt)
    return state
  }

  @Test func finishingMidRestEndsTheRestAndTheIdleReminderAtOnce() throws {
    var state = Self.midRest()
    let rest = try #require(state.rest.clock)
    #expect(state.reminders.idleScheduledAt == 1)

    let effects = state.apply(.finish, now: Self.finishAt)

    var finished = try #require(Self.midRest().session)
    finished.finishedAt = Self.finishAt
    #expect(
      effects == [
        .workoutFinished(log: logPayload(finished, now: Self.finishAt)),
        .rest(.cleared(rest)),
        .reminder(.cancel(.workoutIdle)),
      ])
    #expect(
      state
        == WorkoutState(
          session: finished, rest: RestTimer(), reminders: WorkoutReminders(),
          notificationConfigs: []))
  }

  @Test func finishingWithEverySetDoneEndsTheUnfinishedReminder() throws {
    var state = Self.allDone()
    #expect(state.reminders.unfinishedScheduled)
    #expect(state.rest.clock == nil)

    let effects = state.apply(.finish, now: Self.finishAt)

    #expect(effects.dropFirst() == [.reminder(.cancel(.workoutUnfinished))])
    #expect(state.reminders == WorkoutReminders())
  }

  @Test func discardingMidRestEndsTheRestAndTheIdleReminder() throws {
    var state = Self.midRest()
    let rest = try #require(state.rest.clock)

    let effects = state.apply(.discard, now: Self.finishAt)

    #expect(effects == [.rest(.cleared(rest)), .reminder(.cancel(.workoutIdle))])
    #expect(state == WorkoutState())
  }

  @Test(arguments: [WorkoutAction.finish, .discard])
  func withoutAWorkoutFinishAndDiscardAreRefused(action: WorkoutAction) {
    var state = WorkoutState()

    #expect(state.apply(action, now: Self.finishAt) == [.actionRefused(.noSession)])
    #expect(state == WorkoutState())
  }

  static let editsAfterFinishing: [WorkoutAction] = [
    .begin,
    .setValue(exerciseId: "ex_bench", setNumber: 2, field: .weight, value: "60"),
    .toggleSet(exerciseId: "ex_bench", setNumber: 2),
    .toggleSet(exerciseId: "ex_bench", setNumber: 1),
    .completeExercise(exerciseId: "ex_row"),
    .substitute(exerciseId: "ex_bench", option: "ex_db_bench"),
    .addSet(exerciseId: "ex_bench"),
    .removeSet(exerciseId: "ex_bench", setNumber: 3),
    .satisfyTechniquePrompt(exerciseId: "ex_bench", url: nil),
    .skipTechniquePrompt(exerciseId: "ex_bench"),
    .dismissCoachFeedback(exerciseId: "ex_bench"),
  ]

  /// The log is built: nothing may change the workout it was built from, nor start a rest or a
  /// reminder again.
  @Test(arguments: editsAfterFinishing)
  func aFinishedWorkoutRefusesEveryEdit(action: WorkoutAction) {
    var state = Self.midRest()
    _ = state.apply(.finish, now: Self.finishAt)
    let finished = state

    let effects = state.apply(action, now: Self.finishAt + 60)

    #expect(effects == [.actionRefused(.workoutFinished(dayId: "day_push"))])
    #expect(state == finished)
  }

  /// What the app does while the finished log waits for the server (ticks, coming back to the
  /// foreground, a relaunch, configs arriving) arms nothing again.
  @Test func whileTheLogWaitsNothingIsArmedAgain() {
    var state = Self.midRest()
    _ = state.apply(.finish, now: Self.finishAt)
    let finished = state

    let effects = [
      state.apply(.tick, now: Self.finishAt + 90),
      state.apply(.resume, now: Self.finishAt + 3600),
      state.apply(.notificationConfigsLoaded([]), now: Self.finishAt + 3600),
      state.apply(.adjustRest(seconds: 15), now: Self.finishAt + 3600),
      state.apply(.skipRest, now: Self.finishAt + 3600),
    ]

    #expect(effects == [[], [], [], [], []])
    #expect(state == finished)
  }

  @Test func finishingAgainBuildsTheLogAgainAndEndsNothingMore() throws {
    var state = Self.midRest()
    _ = state.apply(.finish, now: Self.finishAt)

    let effects = state.apply(.finish, now: Self.finishAt + 600)

    let session = try #require(state.session)
    #expect(session.finishedAt == Self.finishAt + 600)
    #expect(effects == [.workoutFinished(log: logPayload(session, now: Self.finishAt + 600))])
  }

  @Test func aFinishedWorkoutIsResetOrDiscardedWithoutFurtherEffects() {
    for action in [WorkoutAction.reset, .discard] {
      var state = Self.midRest()
      _ = state.apply(.finish, now: Self.finishAt)

      #expect(state.apply(action, now: Self.finishAt + 1) == [])
      #expect(state == WorkoutState())
    }
  }

  @Test func finishedAtIsKeptInMillisecondsAndLeftOutUntilFinished() throws {
    var state = Self.midRest()
    let open = try JSONEncoder().encode(state.session)
    _ = state.apply(.finish, now: Self.finishAt)
    let finished = try JSONEncoder().encode(state.session)

    let openFields = try #require(try JSONSerialization.jsonObject(with: open) as? [String: Any])
    let finishedFields = try #require(
      try JSONSerialization.jsonObject(with: finished) as? [String: Any])
    #expect(openFields["finishedAt"] == nil)
    #expect(finishedFields["finishedAt"] as? Int64 == Self.finishAt.milliseconds)
    #expect(try JSONDecoder().decode(WorkoutSession.self, from: finished) == state.session)
  }

  @Test(arguments: [WorkoutAction.finish, .discard])
  func finishAndDiscardAreWrittenByName(action: WorkoutAction) throws {
    let data = try JSONEncoder().encode(action)

    #expect(String(decoding: data, as: UTF8.self) == #"{"do":"\#(action.name)"}"#)
    #expect(try JSONDecoder().decode(WorkoutAction.self, from: data) == action)
  }
}
