import Foundation
import TraineeAPI

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups": warm-up sets go
// before the exercise's sets, as sets 1, 2, ... of type warm-up with their weight and reps typed
// in; the exercise's own sets follow, renumbered after them. Only before any set of the exercise is
// checked, so no done set, record or rest changes its number.

/// A warm-up set to add: its weight (in the session's units) and reps, as typed.
public struct WarmUpSet: Codable, Equatable, Sendable {
  public var weight: String
  public var reps: String

  public init(weight: String, reps: String) {
    self.weight = weight
    self.reps = reps
  }
}

extension WorkoutSession {
  mutating func addWarmUpSets(
    _ exerciseId: String, _ steps: [WarmUpSet]
  ) throws(ActionRefusal) -> [WorkoutEffect] {
    let exercise = try index(of: exerciseId)
    guard exercises[exercise].kind == .strength else {
      throw .fieldNotForExercise(field: .weight, exerciseId: exerciseId)
    }
    let sets = exercises[exercise].sets
    guard !steps.isEmpty, sets.count + steps.count <= maximumSetsPerExercise, let first = sets.first
    else {
      throw .tooManySets(exerciseId: exerciseId, maximum: maximumSetsPerExercise)
    }
    guard !sets.contains(where: \.done) else { throw .exerciseStarted(exerciseId: exerciseId) }
    var added: [ExerciseSet] = []
    for (index, step) in steps.enumerated() {
      let weight = step.weight.trimmingCharacters(in: .whitespaces)
      let reps = step.reps.trimmingCharacters(in: .whitespaces)
      guard !weight.isEmpty else { throw .notANumber(field: .weight, value: weight) }
      guard !reps.isEmpty else { throw .notAWholeNumber(field: .reps, value: reps) }
      try validate(.weight, weight)
      try validate(.reps, reps)
      var set = first
      set.setNumber = index + 1
      set.type = .warmup
      set.weight = weight
      set.reps = reps
      set.rir = ""
      set.rm = ""
      set.targetReps = nil
      set.targetRepsLabel = ""
      set.targetWeight = nil
      set.lastWeight = ""
      set.lastWeightKg = nil
      set.lastReps = ""
      set.done = false
      set.isPr = false
      added.append(set)
    }
    let shifted = sets.map { set in
      var set = set
      set.setNumber += steps.count
      return set
    }
    exercises[exercise].sets = added + shifted
    exercises[exercise].done = false
    return []
  }
}
