import Foundation
import TraineeAPI
import WorkoutSession

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
}

/// One exercise's progress over time, in kilograms.
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
        let estimate = epleyEstimate(weight: set.weightKg!, reps: set.reps!)
        if let current = best, current.estimatedOneRepMaxKg >= estimate - 1e-9 { continue }
        best = BestSet(
          date: set.performedAt, workoutNumber: set.workoutNumber, weightKg: set.weightKg!,
          reps: set.reps!, estimatedOneRepMaxKg: estimate)
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

  /// The estimated 1RM of each workout, in `units` (pounds to a tenth).
  public func estimatedOneRepMax(in units: UnitSystem) -> [ProgressPoint] {
    bestSets.map {
      ProgressPoint(
        date: $0.date, value: Self.rounded(units.displayWeight(kilograms: $0.estimatedOneRepMaxKg)))
    }
  }

  /// Each week's volume in `units`, whole.
  public func weeklyVolume(in units: UnitSystem) -> [ProgressPoint] {
    weeklyVolume.map {
      ProgressPoint(date: $0.date, value: units.displayWeight(kilograms: $0.value).rounded())
    }
  }

  /// The chart's numbers as CSV: `series,date,value_<unit>,reps`; `estimated_1rm` and
  /// `best_set` one row a workout (the best set's reps beside its weight), `weekly_volume` one
  /// row a week dated its Monday.
  public func csv(in units: UnitSystem, timeZone: TimeZone) -> String {
    var text = CSVText.line(["series", "date", "value_\(units.weightUnit)", "reps"])
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.timeZone = timeZone
    day.dateFormat = "yyyy-MM-dd"
    for point in estimatedOneRepMax(in: units) {
      text += CSVText.line([
        "estimated_1rm", ISO8601Instant.text(point.date), number(point.value), "",
      ])
    }
    for best in bestSets {
      text += CSVText.line([
        "best_set", ISO8601Instant.text(best.date),
        number(units.displayWeight(kilograms: best.weightKg)), String(best.reps),
      ])
    }
    for point in weeklyVolume(in: units) {
      text += CSVText.line(["weekly_volume", day.string(from: point.date), number(point.value), ""])
    }
    return text
  }

  private func number(_ value: Double) -> String { String(format: "%.1f", value) }

  static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
