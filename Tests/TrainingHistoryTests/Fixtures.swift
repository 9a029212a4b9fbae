import Foundation
import TraineeAPI

@testable import TrainingHistory

/// Fixed dates and sets the suites share.
enum Fixtures {
  static let utc = TimeZone(identifier: "UTC")!

  /// `2026-01-05T08:00:00Z` plus `days` days.
  static func day(_ days: Double) -> Date {
    Date(timeIntervalSince1970: 1_767_600_000 + days * 86_400)
  }

  static func set(
    log: String, number: Int = 1, day days: Double, exercise: String = "bench",
    name: String = "Bench Press", setNumber: Int = 1, type: SetType? = .working,
    weight: Double? = 100, reps: Int? = 5, record: Bool? = nil
  ) -> LoggedSet {
    LoggedSet(
      logId: log, workoutNumber: number, performedAt: day(days), dayLabel: "Push",
      exerciseId: exercise, exerciseName: name, setNumber: setNumber, setType: type,
      weightKg: weight, reps: reps, isRecord: record)
  }
}
