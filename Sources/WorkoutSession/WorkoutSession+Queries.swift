import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "Derived values".

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
