import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "Derived values".

/// Completed and total sets and exercises, and the volume lifted.
public struct SessionStats: Codable, Equatable, Sendable {
  public var completedSets: Int
  public var totalSets: Int
  public var completedExercises: Int
  public var totalExercises: Int
  /// The rounded sum of weight times reps over done strength sets, in kilograms.
  public var volumeKg: Int
  /// Whole seconds from the start to the finish; `nil` before the finish (or in a log kept by
  /// an older version).
  public var durationSeconds: Int?
  /// The records the workout set, in the order of its exercises; `nil` in a log kept by an older
  /// version.
  public var records: [WorkoutRecord]?

  public init(
    completedSets: Int, totalSets: Int, completedExercises: Int, totalExercises: Int,
    volumeKg: Int, durationSeconds: Int? = nil, records: [WorkoutRecord]? = nil
  ) {
    self.completedSets = completedSets
    self.totalSets = totalSets
    self.completedExercises = completedExercises
    self.totalExercises = totalExercises
    self.volumeKg = volumeKg
    self.durationSeconds = durationSeconds
    self.records = records
  }
}

/// A personal record set in a workout: the set's weight (kilograms) and reps, and the estimated
/// one-rep max they make.
public struct WorkoutRecord: Codable, Equatable, Sendable {
  public var exerciseName: String
  public var weightKg: Double
  public var reps: Int
  public var estimatedOneRepMaxKg: Double

  public init(exerciseName: String, weightKg: Double, reps: Int, estimatedOneRepMaxKg: Double) {
    self.exerciseName = exerciseName
    self.weightKg = weightKg
    self.reps = reps
    self.estimatedOneRepMaxKg = estimatedOneRepMaxKg
  }
}

/// Stats of a session; all zero without one. The volume uses a set's placeholder where a field is
/// empty and skips sets without a positive weight and reps.
public func sessionStats(_ session: WorkoutSession?) -> SessionStats {
  guard let session else {
    return SessionStats(
      completedSets: 0, totalSets: 0, completedExercises: 0, totalExercises: 0, volumeKg: 0)
  }
  var completedSets = 0
  var totalSets = 0
  var volume = 0.0
  var records: [WorkoutRecord] = []
  for exercise in session.exercises {
    totalSets += exercise.sets.count
    for set in exercise.sets where set.done {
      completedSets += 1
      guard exercise.kind == .strength,
        let lift = liftedValues(set, units: session.units), lift.weightKg > 0, lift.reps > 0
      else { continue }
      volume += lift.weightKg * Double(lift.reps)
      if set.isPr {
        records.append(
          WorkoutRecord(
            exerciseName: exercise.name, weightKg: lift.weightKg, reps: lift.reps,
            estimatedOneRepMaxKg: estimatedOneRepMax(weight: lift.weightKg, reps: lift.reps)))
      }
    }
  }
  var duration: Int?
  if let start = session.startedAt, let end = session.finishedAt {
    duration = max(0, Int(end.timeIntervalSince(start).rounded(.down)))
  }
  return SessionStats(
    completedSets: completedSets, totalSets: totalSets,
    completedExercises: session.exercises.filter(\.done).count,
    totalExercises: session.exercises.count, volumeKg: Int(volume.rounded()),
    durationSeconds: duration, records: duration == nil ? nil : records)
}

/// Weight in kilograms and reps of a set, each entered or else its placeholder; `nil` when either
/// is missing or unreadable.
func liftedValues(_ set: ExerciseSet, units: UnitSystem) -> (weightKg: Double, reps: Int)? {
  let repsText = set.reps.isEmpty ? set.lastReps : set.reps
  guard let weight = weightKilograms(set, units: units),
    let reps = EnteredValue.wholeNumber(repsText)
  else { return nil }
  return (weight, reps)
}

/// The weight of `set` in kilograms, as the stats, the record check, the log and the card read
/// it: entered, else the placeholder; `nil` when there is neither or it is unreadable.
///
/// A weight in pounds is converted once, to the gram; one that reads as the placeholder (left
/// empty, committed unchanged, or typed as shown, `126.8` or `126,8`) is last time's kilograms
/// exactly.
public func weightKilograms(_ set: ExerciseSet, units: UnitSystem) -> Double? {
  let text = set.weight.isEmpty ? set.lastWeight : set.weight
  return EnteredValue.decimal(text).map { units.kilograms($0, shown: set.lastWeightKg) }
}
