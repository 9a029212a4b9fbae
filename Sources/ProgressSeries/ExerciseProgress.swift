import Foundation

// NB: docs/decisions/history-progress-and-moving-data.md "Progress charts": per workout, the
// estimated 1RM is Epley's (`estimatedOneRepMax`, as the engine computes records) of the workout's
// best set, the done non-warm-up set with positive weight and reps and the highest estimate (the
// earliest on a tie); the weekly volume sums weight x reps of every done set with both positive,
// warm-ups included, as the engine's session volume does. Weeks start on Monday in the trainee's
// zone.

/// A value at a date: one point of a chart.
public struct ProgressPoint: Equatable, Sendable {
  public var date: Date
  public var value: Double

  /// A point.
  public init(date: Date, value: Double) {
    self.date = date
    self.value = value
  }
}

/// The best set of one workout.
public struct BestSet: Equatable, Sendable {
  public var date: Date
  public var workoutNumber: Int
  public var weightKg: Double
  public var reps: Int
  /// Epley's estimate of the set, in kilograms.
  public var estimatedOneRepMaxKg: Double
  /// The log's id as the server gave it (empty for a set not yet posted).
  public var logId: String = ""
}

/// One exercise's progress over time, in kilograms: the one computation of the app's progress
/// view, `perform progress` and the coach's progress series.
public struct ExerciseProgress: Equatable, Sendable {
  public var exercise: NamedExercise
  /// Each workout's best set, oldest first; workouts without a set that counts are left out.
  public var bestSets: [BestSet]
  /// Each week's volume (weight x reps), dated the Monday it starts, oldest first; weeks
  /// without a set are left out.
  public var weeklyVolume: [ProgressPoint]

  /// The progress of `exercise` from `sets` (any order; other exercises' sets are skipped).
  public init(exercise: NamedExercise, sets: [LoggedSet], timeZone: TimeZone) {
    self.exercise = exercise
    let own = LoggedSet.chronological(sets.filter { $0.exerciseId == exercise.id })
    var bests: [BestSet] = []
    var start = 0
    while start < own.count {
      var end = start
      while end < own.count, own[end].logId == own[start].logId,
        own[end].performedAt == own[start].performedAt
      {
        end += 1
      }
      var best: BestSet?
      for set in own[start..<end] where set.countsForRecords {
        let estimate = estimatedOneRepMax(weight: set.weightKg!, reps: set.reps!)
        if let current = best, current.estimatedOneRepMaxKg >= estimate - 1e-9 { continue }
        best = BestSet(
          date: set.performedAt, workoutNumber: set.workoutNumber, weightKg: set.weightKg!,
          reps: set.reps!, estimatedOneRepMaxKg: estimate, logId: set.logId)
      }
      if let best { bests.append(best) }
      start = end
    }
    bestSets = bests
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = timeZone
    var weeks: [Date: Double] = [:]
    for set in own where set.volumeKg > 0 {
      let week = calendar.dateInterval(of: .weekOfYear, for: set.performedAt)!.start
      weeks[week, default: 0] += set.volumeKg
    }
    weeklyVolume = weeks.keys.sorted().map { ProgressPoint(date: $0, value: weeks[$0]!) }
  }
}
