import Foundation
import WorkoutSession

// NB: docs/behaviour.md "The live workout" (records), as `recomputePrFlags` applies it: in each workout at most
// one set per exercise is a record, the one with the highest Epley estimate (the earliest on a
// tie), and only when it beats the best of the workouts before; the first workout of an
// exercise has no best to beat and sets none. Warm-ups never count.

/// Record flags for sets logged without one (before the engine logged them, or imported).
public enum RecordFlags {
  /// `sets` (oldest workout first) with every `isRecord` that is `nil` worked out from the
  /// workouts before it; a flag the log carries is kept as logged.
  public static func filled(_ sets: [LoggedSet]) -> [LoggedSet] {
    var result = sets
    var best: [String: Double] = [:]
    var start = 0
    while start < result.count {
      var end = start
      let workout = workoutKey(result[start])
      while end < result.count, workoutKey(result[end]) == workout { end += 1 }
      var top: [String: (index: Int, estimate: Double)] = [:]
      for index in start..<end where result[index].countsForRecords {
        let set = result[index]
        let estimate = estimatedOneRepMax(weight: set.weightKg!, reps: set.reps!)
        if let current = top[set.exerciseId], current.estimate >= estimate - 1e-9 { continue }
        top[set.exerciseId] = (index, estimate)
      }
      for index in start..<end where result[index].isRecord == nil {
        let set = result[index]
        guard let candidate = top[set.exerciseId], candidate.index == index,
          let previous = best[set.exerciseId]
        else {
          result[index].isRecord = false
          continue
        }
        result[index].isRecord = candidate.estimate > previous + 1e-9
      }
      for (exerciseId, candidate) in top {
        best[exerciseId] = max(best[exerciseId] ?? 0, candidate.estimate)
      }
      start = end
    }
    return result
  }

  private static func workoutKey(_ set: LoggedSet) -> String {
    "\(set.logId)|\(set.workoutNumber)|\(set.performedAt.timeIntervalSince1970)"
  }
}

/// The engine's estimate (`estimatedOneRepMax`), under a name no member of this module shadows.
func epleyEstimate(weight: Double, reps: Int) -> Double {
  estimatedOneRepMax(weight: weight, reps: reps)
}
