import Foundation

// NB: docs/decisions.md "Throughput: kept answers, group commit and paged history", "paged
// history": a page is a key range of `workout_logs_by_trainee` (trainee_id, id), newest first, so
// its cost follows the page's size and never the history's.

extension DatabaseTraineeStore {
  public func workoutHistory(
    for trainee: TraineeID, before: WorkoutLogID?, limit: Int
  ) throws -> [WorkoutLogRecord] {
    guard limit > 0 else { return [] }
    return try read { db in
      try db.rows(
        """
        SELECT id, workout_number, logged_at, payload FROM workout_logs
        WHERE trainee_id = ? AND id < ? ORDER BY id DESC LIMIT ?
        """, [trainee.value, .integer(before?.rawValue ?? .max), DatabaseValue(limit)],
        Self.workoutLog)
    }
  }
}
