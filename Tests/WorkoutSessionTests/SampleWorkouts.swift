import Foundation
import TraineeAPI

@testable import WorkoutSession

/// Live workouts and session states the action and helper tests start from.
///
/// The push day has a bench press (3 working sets, last time 57.5 x 10, 57.5 x 10, 55 x 8, best
/// 80 x 5, two substitutes), a seated row (2 sets, last time 50 x 12, no best) and a treadmill
/// (one cardio set).
enum SampleWorkouts {
  /// 2026-01-05T10:00:00Z, when the sample workouts are opened.
  static let openedAt = Date(timeIntervalSince1970: 1_767_607_200)
  /// Five minutes after `openedAt`.
  static let laterAt = Date(timeIntervalSince1970: 1_767_607_500)
  /// An hour after `openedAt`.
  static let muchLaterAt = Date(timeIntervalSince1970: 1_767_610_800)

  /// `count` working sets numbered from 1, each with the same targets and placeholders.
  static func workingSets(
    _ count: Int, targetReps: Int? = nil, lastWeight: String = "", lastReps: String = ""
  ) -> [ExerciseSet] {
    (1...count).map {
      ExerciseSet(
        setNumber: $0, targetReps: targetReps,
        targetRepsLabel: targetReps.map(String.init) ?? "", lastWeight: lastWeight,
        lastReps: lastReps)
    }
  }

  /// A strength exercise; every argument has a plain default.
  static func strengthExercise(
    id: String = "row_lift", exerciseId: String = "ex_lift", name: String = "Lift",
    restSeconds: Int = 0, supersetGroup: String? = nil, videoRequired: Bool = false,
    coachFeedback: CoachFeedbackDto? = nil, best: BestDto? = nil,
    substitutes: [SubstituteDto] = [], sets: [ExerciseSet]? = nil
  ) -> WorkoutExercise {
    WorkoutExercise(
      id: id, exerciseId: exerciseId, name: name, kind: .strength, restSeconds: restSeconds,
      supersetGroup: supersetGroup, videoRequired: videoRequired, coachFeedback: coachFeedback,
      best: best, substitutes: substitutes, sets: sets ?? workingSets(3))
  }

  /// A cardio exercise of `sets` empty sets.
  static func cardioExercise(
    id: String = "row_run", exerciseId: String = "ex_treadmill", name: String = "Treadmill",
    restSeconds: Int = 0, sets: Int = 1
  ) -> WorkoutExercise {
    WorkoutExercise(
      id: id, exerciseId: exerciseId, name: name, kind: .cardio, restSeconds: restSeconds,
      sets: (1...sets).map { ExerciseSet(setNumber: $0) })
  }

  /// The bench press of the push day.
  static func benchPress() -> WorkoutExercise {
    let sets = [
      ExerciseSet(
        setNumber: 1, targetReps: 8, targetRepsLabel: "8-10", targetWeight: 60,
        lastWeight: "57.5", lastReps: "10"),
      ExerciseSet(
        setNumber: 2, targetReps: 8, targetRepsLabel: "8-10", targetWeight: 60,
        lastWeight: "57.5", lastReps: "10"),
      ExerciseSet(
        setNumber: 3, targetReps: 8, targetRepsLabel: "8-10", targetWeight: 60,
        lastWeight: "55", lastReps: "8"),
    ]
    return WorkoutExercise(
      id: "row_bench", exerciseId: "ex_bench", name: "Bench press", kind: .strength,
      restSeconds: 90, tempo: "3-0-1-0", setsLabel: "3", best: BestDto(weight: 80, reps: 5),
      substitutes: [
        SubstituteDto(
          exerciseId: "ex_db_bench", name: "Dumbbell bench press", image: "db.jpg",
          lastSets: [
            LastSetDto(setNumber: 1, weight: "24", reps: "12"),
            LastSetDto(setNumber: 2, weight: "26", reps: "10"),
          ],
          best: BestDto(weight: 30, reps: 10)),
        SubstituteDto(exerciseId: "ex_machine_press", name: "Machine chest press"),
        SubstituteDto(exerciseId: "ex_row", name: "Seated row"),
      ],
      sets: sets)
  }

  /// The seated row of the push day.
  static func seatedRow() -> WorkoutExercise {
    strengthExercise(
      id: "row_row", exerciseId: "ex_row", name: "Seated row", restSeconds: 60,
      sets: workingSets(2, targetReps: 12, lastWeight: "50", lastReps: "12"))
  }

  /// Day `day_push` of plan `plan_1`: bench press, seated row, treadmill.
  static func pushDay() -> LiveWorkout {
    LiveWorkout(
      dayId: "day_push", programId: "plan_1", dayLabel: "Day 1", title: "Push",
      subtitle: "Chest and triceps", heroImage: "push.jpg", rirColumn: true,
      exercises: [benchPress(), seatedRow(), cardioExercise()])
  }

  /// Day `day_legs` of plan `plan_1`: one squat.
  static func legDay() -> LiveWorkout {
    LiveWorkout(
      dayId: "day_legs", programId: "plan_1", dayLabel: "Day 2", title: "Legs",
      exercises: [strengthExercise(id: "row_squat", exerciseId: "ex_squat", name: "Squat")])
  }

  /// A session of `exercises` on day `day_test` of plan `plan_1`, started at `openedAt` unless
  /// `started` is false.
  static func session(
    _ exercises: [WorkoutExercise], units: UnitSystem = .metric, started: Bool = true
  ) -> WorkoutSession {
    WorkoutSession(
      dayId: "day_test", programId: "plan_1", units: units, started: started,
      startedAt: started ? openedAt : nil, exercises: exercises.map(toSessionExercise))
  }

  /// A state holding `session(exercises, units:, started:)`.
  static func state(
    _ exercises: [WorkoutExercise], units: UnitSystem = .metric, started: Bool = true
  ) -> WorkoutState {
    WorkoutState(session: session(exercises, units: units, started: started))
  }

  /// A state holding the push day, started at `openedAt` unless `started` is false.
  static func pushDayState(units: UnitSystem = .metric, started: Bool = true) -> WorkoutState {
    var session = WorkoutSession(workout: pushDay(), units: units)
    if started {
      session.started = true
      session.startedAt = openedAt
    }
    return WorkoutState(session: session)
  }

  /// Applies `actions` in order at `now` (the session's own rules) and returns every effect they
  /// gave.
  @discardableResult
  static func applySession(
    _ actions: [WorkoutAction], to state: inout WorkoutState, now: Date = laterAt
  ) -> [WorkoutEffect] {
    actions.flatMap { state.applySession($0, now: now) }
  }

  /// Types `weight` and `reps` into set `setNumber` of `exerciseId`, then checks it.
  static func logSet(
    _ exerciseId: String, _ setNumber: Int, weight: String, reps: String
  ) -> [WorkoutAction] {
    [
      .setValue(exerciseId: exerciseId, setNumber: setNumber, field: .weight, value: weight),
      .setValue(exerciseId: exerciseId, setNumber: setNumber, field: .reps, value: reps),
      .toggleSet(exerciseId: exerciseId, setNumber: setNumber),
    ]
  }

  /// The exercise whose current id is `exerciseId`, if the state has one.
  static func exercise(_ exerciseId: String, in state: WorkoutState) -> SessionExercise? {
    state.session?.exercises.first { $0.exerciseId == exerciseId }
  }

  /// Set `setNumber` of the exercise whose current id is `exerciseId`.
  static func set(_ exerciseId: String, _ setNumber: Int, in state: WorkoutState) -> ExerciseSet? {
    exercise(exerciseId, in: state)?.sets.first { $0.setNumber == setNumber }
  }

  /// The set numbers of `exerciseId` that carry `isPr`.
  static func recordSets(_ exerciseId: String, in state: WorkoutState) -> [Int] {
    exercise(exerciseId, in: state)?.sets.filter(\.isPr).map(\.setNumber) ?? []
  }
}
