import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "Derived values".

/// The greyed values of a set: what checking it with empty fields commits. This type shows them;
/// the commit itself is `WorkoutSession.committed(_:kind:)`, in WorkoutSession+Sets.swift.
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
