import Foundation
import RestTimer
import TraineeAPI
import WorkoutSession

@testable import LiveActivity

/// Sessions and states the card tests start from.
enum CardFixtures {
  /// 2026-01-05T10:00:00Z, when the sample workout started.
  static let startedAt = Date(timeIntervalSince1970: 1_767_607_200)
  /// Ten minutes into the workout.
  static let now = startedAt + 600

  /// A working set numbered `number` with last time's values as its placeholder.
  static func set(
    _ number: Int, type: SetType = .working, weight: String = "", reps: String = "",
    rir: String = "", lastWeight: String = "", lastReps: String = "", done: Bool = false
  ) -> ExerciseSet {
    ExerciseSet(
      setNumber: number, type: type, targetReps: 8, targetRepsLabel: "8-10", targetWeight: 60,
      weight: weight, reps: reps, rir: rir, lastWeight: lastWeight, lastReps: lastReps,
      done: done)
  }

  /// A strength exercise.
  static func strength(
    _ exerciseId: String = "ex_bench", name: String = "Bench press",
    supersetGroup: String? = nil, sets: [ExerciseSet]
  ) -> SessionExercise {
    SessionExercise(
      exercise: WorkoutExercise(
        id: "row_" + exerciseId, exerciseId: exerciseId, name: name, kind: .strength,
        restSeconds: 90, supersetGroup: supersetGroup, sets: sets))
  }

  /// A cardio exercise of one set.
  static func cardio(
    duration: String = "", distance: String = "", rpe: String = "", name: String = "Treadmill"
  ) -> SessionExercise {
    SessionExercise(
      exercise: WorkoutExercise(
        id: "row_run", exerciseId: "ex_run", name: name, kind: .cardio,
        sets: [ExerciseSet(setNumber: 1, duration: duration, distance: distance, rpe: rpe)]))
  }

  /// A started session of `exercises`.
  static func session(
    _ exercises: [SessionExercise], title: String = "Push Day", dayLabel: String = "Day 1",
    units: UnitSystem = .metric, rirColumn: Bool = false
  ) -> WorkoutSession {
    WorkoutSession(
      dayId: "day_1", programId: "prog_1", dayLabel: dayLabel, title: title,
      rirColumn: rirColumn, units: units, started: true, startedAt: startedAt,
      exercises: exercises)
  }

  /// A state holding `session` and, when given, a rest from `restStart` to `restEnd`.
  static func state(
    _ session: WorkoutSession?, restStart: Date? = nil, restEnd: Date? = nil
  ) -> WorkoutState {
    var rest = RestTimer()
    if let restStart, let restEnd {
      rest = RestTimer(
        clock: RestClock(
          startedAt: restStart, endsAt: restEnd, exerciseId: "ex_bench",
          exerciseName: "Bench press", setNumber: 1, alert: nil))
    }
    return WorkoutState(session: session, rest: rest)
  }

  /// The state of a one-exercise session whose next set is `set`.
  static func stateShowing(
    _ set: ExerciseSet, units: UnitSystem = .metric, rirColumn: Bool = false,
    supersetGroup: String? = nil
  ) -> WorkoutState {
    state(
      session(
        [strength(supersetGroup: supersetGroup, sets: [set])], units: units,
        rirColumn: rirColumn))
  }

  /// The card for `state` at `now`.
  static func content(
    _ state: WorkoutState, _ language: ActivityLanguage = .en, units: UnitSystem = .metric,
    at time: Date = now
  ) -> WorkoutActivityContent? {
    activityContent(state: state, language: language, units: units, now: time, version: 1)
  }
}
