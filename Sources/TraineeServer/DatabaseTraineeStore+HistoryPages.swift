import Foundation
import SQLStore

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "paged history": a page is a key range of
// `workout_summaries_by_date` (trainee_id, logged_at, log_id), the latest done first, read by
// keyset after the cursor, so its cost follows the page's size and never the history's, and no
// payload is decoded.

extension DatabaseTraineeStore {
  public func workoutSummaries(
    for trainee: TraineeID, after cursor: WorkoutHistoryCursor?, limit: Int
  ) throws -> [WorkoutLogSummary] {
    guard limit > 0 else { return [] }
    let cursor = cursor ?? WorkoutHistoryCursor(loggedAt: .max, logId: .max)
    return try read { db in
      try db.rows(
        """
        SELECT log_id, workout_number, logged_at, program_id, day_id, label, duration_sec,
          completed, exercise_count, done_set_count, volume
        FROM workout_summaries
        WHERE trainee_id = ?1 AND (logged_at < ?2 OR (logged_at = ?2 AND log_id < ?3))
        ORDER BY logged_at DESC, log_id DESC LIMIT ?4
        """,
        [trainee.value, .integer(cursor.loggedAt), .integer(cursor.logId), DatabaseValue(limit)]
      ) { row in
        WorkoutLogSummary(
          id: WorkoutLogID(rawValue: try row.int64(0)), workoutNumber: try row.int(1),
          loggedAt: Date(milliseconds: try row.int64(2)), programId: try row.text(3),
          dayId: try row.text(4), label: try row.text(5), durationSec: try row.optionalInt(6),
          completed: try row.int(7) != 0, exerciseCount: try row.int(8),
          doneSetCount: try row.int(9), volume: try row.double(10))
      }
    }
  }

  /// Keeps the summary of a log just stored, in the log's transaction.
  static func recordSummary(
    _ summary: WorkoutLogSummary, trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    try db.run(
      """
      INSERT INTO workout_summaries (log_id, trainee_id, workout_number, logged_at, program_id,
        day_id, label, duration_sec, completed, exercise_count, done_set_count, volume)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        summary.id.value, trainee.value, DatabaseValue(summary.workoutNumber),
        .integer(summary.loggedAt.milliseconds), DatabaseValue(summary.programId),
        DatabaseValue(summary.dayId), DatabaseValue(summary.label),
        DatabaseValue(summary.durationSec), DatabaseValue(summary.completed),
        DatabaseValue(summary.exerciseCount), DatabaseValue(summary.doneSetCount),
        .real(summary.volume),
      ])
  }
}
