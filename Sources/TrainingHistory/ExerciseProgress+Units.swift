import Foundation
import ProgressSeries
import TraineeAPI
import WorkoutSession

// NB: docs/decisions/history-progress-and-moving-data.md "Progress charts": the charts' values in
// the trainee's unit (pounds to a tenth), and their numbers as CSV.

extension ExerciseProgress {
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
