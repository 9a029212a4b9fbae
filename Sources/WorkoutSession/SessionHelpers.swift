import Foundation
import TraineeAPI

// NB: spec workout-session-engine.md "Helpers".

/// True when a session exists and it has started.
public func sessionStarted(_ session: WorkoutSession?) -> Bool {
  session?.started ?? false
}

/// True when `dayId` matches and, if both sides have a plan id, they match too.
public func sessionMatches(_ session: WorkoutSession?, dayId: String, planId: String?) -> Bool {
  guard let session, session.dayId == dayId else { return false }
  if let planId, let sessionPlan = session.programId { return planId == sessionPlan }
  return true
}

/// The greyed values of a set: what checking it with empty fields commits.
public struct Placeholder: Codable, Equatable, Sendable {
  public var weight: String
  public var reps: String

  public init(weight: String, reps: String) {
    self.weight = weight
    self.reps = reps
  }
}

/// The placeholder of one set: last time's weight and reps for it.
public func placeholder(of set: ExerciseSet) -> Placeholder {
  Placeholder(weight: set.lastWeight, reps: set.lastReps)
}

/// Placeholders of every strength set, keyed `exerciseId:setNumber`.
public func computePlaceholders(_ exercises: [SessionExercise]) -> [String: Placeholder] {
  var placeholders: [String: Placeholder] = [:]
  for exercise in exercises where exercise.kind == .strength {
    for set in exercise.sets {
      placeholders["\(exercise.exerciseId):\(set.setNumber)"] = placeholder(of: set)
    }
  }
  return placeholders
}

/// Completed and total sets and exercises, and the volume lifted.
public struct SessionStats: Codable, Equatable, Sendable {
  public var completedSets: Int
  public var totalSets: Int
  public var completedExercises: Int
  public var totalExercises: Int
  /// The rounded sum of weight times reps over done strength sets, in kilograms.
  public var volumeKg: Int

  public init(
    completedSets: Int, totalSets: Int, completedExercises: Int, totalExercises: Int,
    volumeKg: Int
  ) {
    self.completedSets = completedSets
    self.totalSets = totalSets
    self.completedExercises = completedExercises
    self.totalExercises = totalExercises
    self.volumeKg = volumeKg
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
  for exercise in session.exercises {
    totalSets += exercise.sets.count
    for set in exercise.sets where set.done {
      completedSets += 1
      guard exercise.kind == .strength,
        let lift = liftedValues(set, units: session.units), lift.weightKg > 0, lift.reps > 0
      else { continue }
      volume += lift.weightKg * Double(lift.reps)
    }
  }
  return SessionStats(
    completedSets: completedSets, totalSets: totalSets,
    completedExercises: session.exercises.filter(\.done).count,
    totalExercises: session.exercises.count, volumeKg: Int(volume.rounded()))
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

/// The first exercise that is not done and still has an open set. In a superset this need not
/// be the exercise of the set due next: that is `SetLocation.due(in:)`.
public func nextExercise(_ session: WorkoutSession?) -> SessionExercise? {
  session?.exercises.first(where: SetLocation.isOpen)
}

/// The prescribed exercise followed by its allowed substitutes.
public func exerciseOptions(_ exercise: SessionExercise) -> [ExerciseOption] {
  let prescribed = exercise.origin?.exercise ?? exercise
  return [
    ExerciseOption(
      exerciseId: prescribed.exerciseId, name: prescribed.name, image: prescribed.image,
      isPrescribed: true)
  ]
    + prescribed.substitutes.map {
      ExerciseOption(exerciseId: $0.exerciseId, name: $0.name, image: $0.image, isPrescribed: false)
    }
}

extension WorkoutSession {
  /// Whether every set of every exercise is done.
  public var allSetsDone: Bool {
    exercises.allSatisfy { $0.sets.allSatisfy(\.done) }
  }

  /// The index of the exercise whose current id is `exerciseId`.
  func exerciseIndex(_ exerciseId: String) -> Int? {
    exercises.firstIndex { $0.exerciseId == exerciseId }
  }
}
