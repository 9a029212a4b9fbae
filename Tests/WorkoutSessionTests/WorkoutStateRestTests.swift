import Foundation
import RestTimer
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The rest timer as `WorkoutState.apply` drives it: which rest a checked set starts, what ends
/// or replaces it, adjusting, skipping, the ticks and resuming, reset, and refused actions.
struct WorkoutStateRestTests {
  @Test func aCheckedSetStartsTheRestTheSessionDecided() {
    var state = SampleWorkouts.pushDayState()

    let effects = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)

    #expect(
      effects == [
        .restStarted(
          seconds: 90, exerciseId: "ex_bench", exerciseName: "Bench press", setNumber: 1),
        idle(at: t0),
      ])
    #expect(state.rest.clock == benchRest(setNumber: 1, at: t0))
    #expect(
      state.rest.state(at: t0 + 30)
        == RestTimerState(
          running: true, remaining: 60, totalSeconds: 90, exerciseName: "Bench press"))
  }

  /// `(the notification configs, the alert the bench press rest carries)`.
  @Test(arguments: [
    ([NotificationConfigDto](), fallbackAlert("Bench press")),
    (
      [
        NotificationConfigDto(
          type: "REST_TIMER", enabled: true, titleTemplate: "{{ exercise }} rested",
          bodyTemplate: "Back to {{exercise}}!")
      ],
      RestAlertContent(title: "Bench press rested", body: "Back to Bench press!")
    ),
    (
      [NotificationConfigDto(type: "REST_TIMER", bodyTemplate: "Go: {{ exercise }}")],
      RestAlertContent(title: "Rest is over", body: "Go: Bench press")
    ),
    (
      [
        NotificationConfigDto(type: "WORKOUT_IDLE", titleTemplate: "Idle {{ exercise }}"),
        NotificationConfigDto(type: "REST_TIMER", enabled: nil, titleTemplate: " "),
      ],
      fallbackAlert("Bench press")
    ),
    (
      [
        NotificationConfigDto(
          type: "REST_TIMER", enabled: false, titleTemplate: "Rested", bodyTemplate: "Go")
      ],
      nil
    ),
  ])
  func theRestCarriesTheAlertTextOfTheConfigs(
    configs: [NotificationConfigDto], alert: RestAlertContent?
  ) {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.notificationConfigsLoaded(configs), now: t0)

    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)

    #expect(state.rest.clock == benchRest(setNumber: 1, at: t0, alert: alert))
  }

  @Test func checkingASetThatStartsNoRestEndsTheRestBeforeIt() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)

    let effects = state.apply(.toggleSet(exerciseId: "ex_treadmill", setNumber: 1), now: t0 + 40)

    #expect(
      effects == [
        .exerciseCompleted(exerciseId: "ex_treadmill"),
        .rest(.cleared(benchRest(setNumber: 1, at: t0))),
        idle(at: t0 + 40),
      ])
    #expect(state.rest == RestTimer())
  }

  @Test func anOverdueRestEndsWhenTheNextSetIsChecked() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)
    _ = state.apply(.tick, now: t0 + 90)
    #expect(state.rest.clock?.overdueSeconds(at: t0 + 150) == 60)

    let effects = state.apply(.toggleSet(exerciseId: "ex_treadmill", setNumber: 1), now: t0 + 150)

    #expect(
      effects == [
        .exerciseCompleted(exerciseId: "ex_treadmill"),
        .rest(.cleared(benchRest(setNumber: 1, at: t0, elapsed: true))),
        idle(at: t0 + 150),
      ])
    #expect(state.rest == RestTimer())
  }

  @Test func aNewlyStartedRestReplacesTheOldOne() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)

    let effects = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 2), now: t0 + 30)

    #expect(
      effects == [
        .restStarted(
          seconds: 90, exerciseId: "ex_bench", exerciseName: "Bench press", setNumber: 2),
        .rest(.replaced(benchRest(setNumber: 1, at: t0))),
        idle(at: t0 + 30),
      ])
    #expect(state.rest.clock == benchRest(setNumber: 2, at: t0 + 30))
  }

  @Test func uncheckingTheSetTheRestFollowsEndsIt() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)

    let effects = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0 + 5)

    #expect(
      effects == [
        .rest(.cleared(benchRest(setNumber: 1, at: t0))),
        idle(at: t0 + 5),
      ])
    #expect(state.rest == RestTimer())
  }

  @Test(arguments: ["ex_squat", "ex_lunge"])
  func uncheckingAnyMemberOfTheRoundTheRestFollowsEndsIt(member: String) {
    var state = supersetState()
    applyAll([.toggleSet(exerciseId: "ex_squat", setNumber: 1)], to: &state, at: t0)
    applyAll([.toggleSet(exerciseId: "ex_lunge", setNumber: 1)], to: &state, at: t0 + 30)
    let rest = squatRest(setNumber: 1, at: t0 + 30)
    #expect(state.rest.clock == rest)

    let effects = state.apply(.toggleSet(exerciseId: member, setNumber: 1), now: t0 + 40)

    #expect(
      effects == [
        .rest(.cleared(rest)), idle(at: t0 + 40),
      ])
    #expect(state.rest == RestTimer())
  }

  /// Sets checked before the superset's first round, so their rests are long gone.
  @Test(arguments: [("ex_plank", 1), ("ex_squat", 2)])
  func uncheckingAnotherSetLeavesTheRestRunning(exerciseId: String, setNumber: Int) {
    var state = supersetState()
    applyAll(
      [
        .toggleSet(exerciseId: "ex_plank", setNumber: 1),
        .toggleSet(exerciseId: "ex_squat", setNumber: 2),
        .toggleSet(exerciseId: "ex_squat", setNumber: 1),
      ], to: &state, at: t0)
    applyAll([.toggleSet(exerciseId: "ex_lunge", setNumber: 1)], to: &state, at: t0 + 30)
    let rest = state.rest
    #expect(rest.clock == squatRest(setNumber: 1, at: t0 + 30))

    let effects = state.apply(
      .toggleSet(exerciseId: exerciseId, setNumber: setNumber), now: t0 + 40)

    #expect(effects == [idle(at: t0 + 40)])
    #expect(state.rest == rest)
  }

  /// `(the first member checked, the second)`: the round's last member starts the lead's rest.
  @Test(arguments: [("ex_squat", "ex_lunge"), ("ex_lunge", "ex_squat")])
  func aSupersetRestsOnlyAfterTheLastMemberOfTheRoundWithTheLeadsRest(
    first: String, last: String
  ) {
    var state = supersetState()

    let firstEffects = state.apply(.toggleSet(exerciseId: first, setNumber: 2), now: t0)
    let restAfterFirst = state.rest
    let lastEffects = state.apply(.toggleSet(exerciseId: last, setNumber: 2), now: t0 + 30)

    #expect(firstEffects == [idle(at: t0)])
    #expect(restAfterFirst == RestTimer())
    #expect(
      lastEffects == [
        .restStarted(seconds: 60, exerciseId: "ex_squat", exerciseName: "Squat", setNumber: 2),
        idle(at: t0 + 30),
      ])
    #expect(state.rest.clock == squatRest(setNumber: 2, at: t0 + 30))
  }

  /// `(seconds into the rest, the adjustment, seconds from the start to the new end)`.
  @Test(arguments: [
    (30.0, 15, 105.0), (30, -15, 75), (30, 45, 135), (80, -15, 81), (85, -15, 86), (89, 15, 105),
  ])
  func adjustRestMovesTheEndAndNeverLeavesLessThanOneSecond(
    secondsIn: TimeInterval, delta: Int, endsAfter: TimeInterval
  ) {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)
    var moved = benchRest(setNumber: 1, at: t0)
    moved.endsAt = t0 + endsAfter

    let effects = state.apply(.adjustRest(seconds: delta), now: t0 + secondsIn)

    #expect(effects == [.rest(.adjusted(moved))])
    #expect(state.rest.clock == moved)
  }

  @Test func adjustingDownAgainAndAgainStopsAtOneSecondLeft() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)

    let effects = (1...8).map { _ in state.apply(.adjustRest(seconds: -15), now: t0 + 10) }

    let ends: [TimeInterval] = [75, 60, 45, 30, 15, 11]
    let moved = ends.map { endsAfter in
      var clock = benchRest(setNumber: 1, at: t0)
      clock.endsAt = t0 + endsAfter
      return clock
    }
    #expect(effects == moved.map { [.rest(.adjusted($0))] } + [[], []])
    #expect(state.rest.clock == moved.last)
    #expect(state.rest.state(at: t0 + 10).remaining == 1)
  }

  @Test func adjustRestWithoutARunningRestChangesNothing() {
    var idle = SampleWorkouts.pushDayState()
    _ = idle.apply(.begin, now: t0)
    let idleBefore = idle
    var ended = SampleWorkouts.pushDayState()
    _ = ended.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)
    _ = ended.apply(.tick, now: t0 + 90)
    let endedBefore = ended
    var passed = SampleWorkouts.pushDayState()
    _ = passed.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)
    let passedBefore = passed

    #expect(idle.apply(.adjustRest(seconds: 15), now: t0 + 10) == [])
    #expect(ended.apply(.adjustRest(seconds: 15), now: t0 + 91) == [])
    #expect(passed.apply(.adjustRest(seconds: 15), now: t0 + 95) == [])
    #expect(idle == idleBefore)
    #expect(ended == endedBefore)
    #expect(passed == passedBefore)
  }

  @Test func skipRestEndsTheRest() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)

    let skipped = state.apply(.skipRest, now: t0 + 20)
    let again = state.apply(.skipRest, now: t0 + 21)

    #expect(skipped == [.rest(.skipped(benchRest(setNumber: 1, at: t0)))])
    #expect(again == [])
    #expect(state.rest == RestTimer())
  }

  @Test(arguments: [0.0, 30, 89, 89.999])
  func aTickBeforeTheEndChangesNothing(secondsIn: TimeInterval) {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)
    let before = state

    #expect(state.apply(.tick, now: t0 + secondsIn) == [])
    #expect(state == before)
  }

  /// `(seconds after the end the tick comes, whether that is late)`: late only beyond 5 s.
  @Test(arguments: [
    (0.0, false), (0.25, false), (4.9, false), (5, false), (5.25, true), (600, true),
  ])
  func aTickAtOrAfterTheEndEndsTheRestOnce(secondsLate: TimeInterval, late: Bool) {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)
    let ended = benchRest(setNumber: 1, at: t0, elapsed: true)

    let first = state.apply(.tick, now: t0 + 90 + secondsLate)
    let second = state.apply(.tick, now: t0 + 90 + secondsLate + 0.25)
    let resumed = state.apply(.resume, now: t0 + 90 + secondsLate + 1)

    #expect(first == [.rest(.ended(ended, late: late))])
    #expect(second == [])
    #expect(resumed == [])
    #expect(state.rest.clock == ended)
    #expect(state.rest.state(at: t0 + 100) == .idle)
  }

  @Test func resumeMidRestRebuildsTheRunningRestFromItsEnd() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)
    let before = state

    let effects = state.apply(.resume, now: t0 + 62.5)

    #expect(effects == [])
    #expect(state == before)
    #expect(
      state.rest.state(at: t0 + 62.5)
        == RestTimerState(
          running: true, remaining: 28, totalSeconds: 90, exerciseName: "Bench press"))
  }

  @Test func resumeLongAfterTheEndEndsTheRestLate() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)

    let effects = state.apply(.resume, now: t0 + 3600)

    #expect(effects == [.rest(.ended(benchRest(setNumber: 1, at: t0, elapsed: true), late: true))])
    #expect(state.rest.clock?.overdueSeconds(at: t0 + 3600) == 3510)
  }

  @Test func resetClearsTheRestAndCancelsTheReminders() {
    var state = SampleWorkouts.pushDayState()
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: t0)

    let effects = state.apply(.reset, now: t0 + 20)

    #expect(
      effects == [
        .rest(.cleared(benchRest(setNumber: 1, at: t0))), .reminder(.cancel(.workoutIdle)),
      ])
    #expect(state == WorkoutState())
  }

  /// Actions refused with a rest running, the idle reminder scheduled and configs loaded.
  @Test(arguments: [
    (
      WorkoutAction.toggleSet(exerciseId: "ex_missing", setNumber: 1),
      ActionRefusal.unknownExercise(exerciseId: "ex_missing")
    ),
    (
      .toggleSet(exerciseId: "ex_bench", setNumber: 9),
      .unknownSet(exerciseId: "ex_bench", setNumber: 9)
    ),
    (.toggleSet(exerciseId: "ex_row", setNumber: 1), .notANumber(field: .weight, value: "7o")),
    (.removeSet(exerciseId: "ex_treadmill", setNumber: 1), .lastSet(exerciseId: "ex_treadmill")),
    (.dismissCoachFeedback(exerciseId: "ex_bench"), .noCoachFeedback(exerciseId: "ex_bench")),
    (.start(SampleWorkouts.legDay(), units: .metric), .anotherWorkoutInProgress(dayId: "day_push")),
  ])
  func aRefusedActionLeavesTheWholeStateUnchanged(action: WorkoutAction, refusal: ActionRefusal) {
    var state = SampleWorkouts.pushDayState()
    let configs = [NotificationConfigDto(type: "REST_TIMER", titleTemplate: "Rested")]
    applyAll(
      [
        .notificationConfigsLoaded(configs),
        .setValue(exerciseId: "ex_row", setNumber: 1, field: .weight, value: "7o"),
        .toggleSet(exerciseId: "ex_bench", setNumber: 1),
      ], to: &state, at: t0)
    let before = state
    #expect(before.rest.isRunning)
    #expect(before.reminders.idleScheduledAt == 1)

    let effects = state.apply(action, now: t0 + 30)

    #expect(effects == [.actionRefused(refusal)])
    #expect(state == before)
  }
  @Test func aRefusedActionSchedulesNoReminderEvenWhenOneIsDue() {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.apply(.toggleSet(exerciseId: "ex_missing", setNumber: 1), now: t0)

    #expect(effects == [.actionRefused(.unknownExercise(exerciseId: "ex_missing"))])
    #expect(state == before)
    #expect(state.apply(.tick, now: t0) == [idle(at: t0)])
  }
}

// MARK: - Fixtures

/// 2026-01-05T10:05:00Z: the first set of each test is checked then.
private let t0 = SampleWorkouts.laterAt

/// The idle reminder scheduled at `at`.
private func idle(at: Date) -> WorkoutEffect {
  .reminder(.schedule(.workoutIdle, at: at + idleReminderDelay))
}

/// The rest alert built from the app's own strings for `exercise`.
private func fallbackAlert(_ exercise: String) -> RestAlertContent {
  RestAlertContent(title: "Rest is over", body: "Time for your next set of \(exercise).")
}

/// The push day's 90 s bench press rest after set `setNumber`, started at `at`.
private func benchRest(
  setNumber: Int, at: Date, alert: RestAlertContent? = fallbackAlert("Bench press"),
  elapsed: Bool = false
) -> RestClock {
  RestClock(
    startedAt: at, endsAt: at + 90, exerciseId: "ex_bench", exerciseName: "Bench press",
    setNumber: setNumber, alert: alert, elapsed: elapsed)
}

/// The superset's 60 s rest, led by the squat, after round `setNumber`, started at `at`.
private func squatRest(setNumber: Int, at: Date) -> RestClock {
  RestClock(
    startedAt: at, endsAt: at + 60, exerciseId: "ex_squat", exerciseName: "Squat",
    setNumber: setNumber, alert: fallbackAlert("Squat"))
}

/// Squat (lead, 60 s) and lunge (30 s) in superset `s1`, then a plank (45 s) on its own; started.
private func supersetState() -> WorkoutState {
  SampleWorkouts.state([
    SampleWorkouts.strengthExercise(
      id: "row_squat", exerciseId: "ex_squat", name: "Squat", restSeconds: 60,
      supersetGroup: "s1"),
    SampleWorkouts.strengthExercise(
      id: "row_lunge", exerciseId: "ex_lunge", name: "Lunge", restSeconds: 30,
      supersetGroup: "s1"),
    SampleWorkouts.strengthExercise(
      id: "row_plank", exerciseId: "ex_plank", name: "Plank", restSeconds: 45,
      sets: SampleWorkouts.workingSets(2)),
  ])
}

/// Applies `actions` in order at `at` through `apply` (rest and reminders included).
private func applyAll(_ actions: [WorkoutAction], to state: inout WorkoutState, at: Date) {
  for action in actions { _ = state.apply(action, now: at) }
}
