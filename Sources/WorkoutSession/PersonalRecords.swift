import Foundation
import TraineeAPI

// NB: docs/behaviour.md "The live workout" (records): Epley's estimate, at most one record per
// exercise (the highest; the earliest on a tie), only done non-warm-up sets with positive weight
// and reps, and no record without a previous best. A record never comes from conversion noise
// (docs/decisions/the-live-workout.md, "Weights in pounds"), so weights are compared as the trainee
// sees them (pounds to a tenth; kilograms as they are).

extension WorkoutSession {
  /// Sets `isPr` on the one set of `exercise` that beats its best, if any.
  mutating func recomputePrFlags(_ exercise: Int) {
    let record = recordSetIndex(exercises[exercise])
    for index in exercises[exercise].sets.indices {
      let isRecord = index == record
      if exercises[exercise].sets[index].isPr != isRecord {
        exercises[exercise].sets[index].isPr = isRecord
      }
    }
  }

  func recordSetIndex(_ exercise: SessionExercise) -> Int? {
    guard exercise.kind == .strength, let best = exercise.best else { return nil }
    let threshold = estimatedOneRepMax(
      weight: units.displayWeight(kilograms: best.weight), reps: best.reps)
    var record: (index: Int, estimate: Double)?
    for (index, set) in exercise.sets.enumerated() where set.done && set.type != .warmup {
      guard let lift = liftedValues(set, units: units), lift.weightKg > 0, lift.reps > 0 else {
        continue
      }
      let estimate = estimatedOneRepMax(
        weight: units.displayWeight(kilograms: lift.weightKg), reps: lift.reps)
      guard estimate > threshold + 1e-9 else { continue }
      if record == nil || estimate > record!.estimate + 1e-9 { record = (index, estimate) }
    }
    return record?.index
  }

  /// The `.personalRecord` effect for set `setNumber` when it holds the exercise's record.
  func personalRecordEffect(_ exercise: Int, setNumber: Int) -> WorkoutEffect? {
    let current = exercises[exercise]
    guard let set = current.sets.first(where: { $0.setNumber == setNumber }), set.isPr,
      let lift = liftedValues(set, units: units)
    else { return nil }
    let estimate = estimatedOneRepMax(weight: lift.weightKg, reps: lift.reps)
    return .personalRecord(
      exerciseId: current.exerciseId, setNumber: setNumber, weightKg: lift.weightKg,
      reps: lift.reps, estimatedOneRepMaxKg: (estimate * 10).rounded() / 10)
  }
}
