import Foundation
import RestTimer
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The idle and unfinished reminders as actions move them ("Idle and unfinished reminders"):
/// idle an hour after every change of the completed-set count, unfinished 15 minutes after the
/// last set, neither for a disabled kind or a closed workout.
struct WorkoutRemindersFlowTests {
  @Test func beginSchedulesTheIdleReminderAnHourLater() {
    var state = twoExerciseState()

    let effects = state.apply(.begin, now: t0)

    #expect(effects == [idle(at: t0)])
    #expect(state.reminders.idleScheduledAt == 0)
    #expect(state.reminders.unfinishedScheduled == false)
  }

  /// A day that is not found opens a workout with no sets: 0 of 0 is not "every set is done",
  /// so beginning it schedules the idle reminder (a workout is open and waiting), never the
  /// unfinished one.
  @Test func anEmptyWorkoutGetsTheIdleReminderNeverTheUnfinishedOne() {
    var state = WorkoutState()
    let opened = state.apply(
      .start(LiveWorkout(dayId: "day_missing", programId: nil), units: .metric), now: t0)

    let begun = state.apply(.begin, now: t0)
    let later = state.apply(.tick, now: t0 + 30 * 60)

    #expect(opened == [])
    #expect(begun == [idle(at: t0)])
    #expect(later == [])
    #expect(state.reminders.idleScheduledAt == 0)
    #expect(state.reminders.unfinishedScheduled == false)
  }

  @Test func aWorkoutNotStartedHasNoReminders() {
    var state = twoExerciseState()

    let effects = [
      state.apply(.notificationConfigsLoaded([]), now: t0),
      state.apply(
        .setValue(exerciseId: "ex_press", setNumber: 1, field: .reps, value: "8"), now: t0),
    ]

    #expect(effects == [[], []])
    #expect(state.reminders == WorkoutReminders())
  }

  @Test func everyChangeOfTheCompletedSetCountReschedulesTheIdleReminder() {
    var state = twoExerciseState()
    let steps: [(WorkoutAction, TimeInterval)] = [
      (.begin, 0),
      (.setValue(exerciseId: "ex_press", setNumber: 1, field: .reps, value: "8"), 60),
      (.toggleSet(exerciseId: "ex_press", setNumber: 1), 120),
      (.addSet(exerciseId: "ex_press"), 150),
      (.toggleSet(exerciseId: "ex_press", setNumber: 1), 180),
      (.completeExercise(exerciseId: "ex_press"), 240),
      (.removeSet(exerciseId: "ex_press", setNumber: 3), 300),
      (.setValue(exerciseId: "ex_press", setNumber: 2, field: .reps, value: "9"), 330),
    ]

    let effects = steps.map { state.apply($0.0, now: t0 + $0.1) }

    #expect(
      effects == [
        [idle(at: t0)],
        [],
        [idle(at: t0 + 120)],
        [],
        [idle(at: t0 + 180)],
        [.exerciseCompleted(exerciseId: "ex_press"), idle(at: t0 + 240)],
        [idle(at: t0 + 300)],
        [],
      ])
    #expect(state.reminders.idleScheduledAt == 2)
  }

  @Test func everySetDoneSchedulesTheUnfinishedReminderAndCancelsTheIdleOne() {
    var state = twoExerciseState()
    _ = state.apply(.begin, now: t0)
    _ = state.apply(.completeExercise(exerciseId: "ex_press"), now: t0 + 60)

    let effects = state.apply(.toggleSet(exerciseId: "ex_plank", setNumber: 1), now: t0 + 120)

    #expect(
      effects == [
        .exerciseCompleted(exerciseId: "ex_plank"), .reminder(.cancel(.workoutIdle)),
        unfinished(at: t0 + 120),
      ])
    #expect(state.reminders.idleScheduledAt == nil)
    #expect(state.reminders.unfinishedScheduled)
  }

  @Test func uncheckingASetOfADoneWorkoutGoesBackToTheIdleReminder() {
    var state = twoExerciseState()
    _ = state.apply(.begin, now: t0)
    _ = state.apply(.completeExercise(exerciseId: "ex_press"), now: t0 + 60)
    _ = state.apply(.toggleSet(exerciseId: "ex_plank", setNumber: 1), now: t0 + 120)

    let unchecked = state.apply(.toggleSet(exerciseId: "ex_press", setNumber: 2), now: t0 + 180)
    let checked = state.apply(.toggleSet(exerciseId: "ex_press", setNumber: 2), now: t0 + 240)

    #expect(unchecked == [idle(at: t0 + 180), .reminder(.cancel(.workoutUnfinished))])
    #expect(
      checked == [
        .exerciseCompleted(exerciseId: "ex_press"), .reminder(.cancel(.workoutIdle)),
        unfinished(at: t0 + 240),
      ])
  }

  @Test func resetCancelsTheUnfinishedReminder() {
    var state = twoExerciseState()
    _ = state.apply(.begin, now: t0)
    _ = state.apply(.completeExercise(exerciseId: "ex_press"), now: t0 + 60)
    _ = state.apply(.completeExercise(exerciseId: "ex_plank"), now: t0 + 120)

    let effects = state.apply(.reset, now: t0 + 180)

    #expect(effects == [.reminder(.cancel(.workoutUnfinished))])
    #expect(state.reminders == WorkoutReminders())
  }

  /// `(configs, the effects of begin, of completing the press, of checking the last set)`.
  @Test(arguments: [
    (
      [NotificationConfigDto(type: "WORKOUT_IDLE", enabled: false)],
      [
        [],
        [WorkoutEffect.exerciseCompleted(exerciseId: "ex_press")],
        [.exerciseCompleted(exerciseId: "ex_plank"), unfinished(at: t0 + 120)],
      ]
    ),
    (
      [NotificationConfigDto(type: "WORKOUT_UNFINISHED", enabled: false)],
      [
        [idle(at: t0)],
        [.exerciseCompleted(exerciseId: "ex_press"), idle(at: t0 + 60)],
        [.exerciseCompleted(exerciseId: "ex_plank"), .reminder(.cancel(.workoutIdle))],
      ]
    ),
    (
      [
        NotificationConfigDto(type: "WORKOUT_IDLE", enabled: false),
        NotificationConfigDto(type: "WORKOUT_UNFINISHED", enabled: false),
      ],
      [
        [],
        [.exerciseCompleted(exerciseId: "ex_press")],
        [.exerciseCompleted(exerciseId: "ex_plank")],
      ]
    ),
  ])
  func aDisabledKindIsNeverScheduled(
    configs: [NotificationConfigDto], expected: [[WorkoutEffect]]
  ) {
    var state = twoExerciseState()
    _ = state.apply(.notificationConfigsLoaded(configs), now: t0)

    let effects = [
      state.apply(.begin, now: t0),
      state.apply(.completeExercise(exerciseId: "ex_press"), now: t0 + 60),
      state.apply(.toggleSet(exerciseId: "ex_plank", setNumber: 1), now: t0 + 120),
    ]

    #expect(effects == expected)
  }

  @Test func configsThatDisableTheIdleReminderCancelItAndEnablingItSchedulesItAgain() {
    var state = twoExerciseState()
    _ = state.apply(.begin, now: t0)

    let disabled = state.apply(
      .notificationConfigsLoaded([NotificationConfigDto(type: "WORKOUT_IDLE", enabled: false)]),
      now: t0 + 60)
    let enabled = state.apply(.notificationConfigsLoaded([]), now: t0 + 120)

    #expect(disabled == [.reminder(.cancel(.workoutIdle))])
    #expect(enabled == [idle(at: t0 + 120)])
  }
}

// MARK: - Fixtures

/// 2026-01-05T10:05:00Z: the workout begins then.
private let t0 = SampleWorkouts.laterAt

/// The idle reminder scheduled at `at`: it fires an hour later.
private func idle(at: Date) -> WorkoutEffect {
  .reminder(.schedule(.workoutIdle, at: at + 60 * 60))
}

/// The unfinished reminder scheduled at `at`: it fires 15 minutes later.
private func unfinished(at: Date) -> WorkoutEffect {
  .reminder(.schedule(.workoutUnfinished, at: at + 15 * 60))
}

/// A press (2 sets) and a plank (1 set), neither with a rest, not started.
private func twoExerciseState() -> WorkoutState {
  SampleWorkouts.state(
    [
      SampleWorkouts.strengthExercise(
        id: "row_press", exerciseId: "ex_press", name: "Press",
        sets: SampleWorkouts.workingSets(2)),
      SampleWorkouts.strengthExercise(
        id: "row_plank", exerciseId: "ex_plank", name: "Plank",
        sets: SampleWorkouts.workingSets(1)),
    ], started: false)
}
