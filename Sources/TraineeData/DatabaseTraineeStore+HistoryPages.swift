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
        SELECT \(WorkoutLogSummary.columns)
        FROM workout_summaries
        WHERE trainee_id = ?1 AND (logged_at < ?2 OR (logged_at = ?2 AND log_id < ?3))
        ORDER BY logged_at DESC, log_id DESC LIMIT ?4
        """,
        [trainee.value, .integer(cursor.loggedAt), .integer(cursor.logId), DatabaseValue(limit)],
        named: WorkoutLogSummary.columns, WorkoutLogSummary.init(row:))
    }
  }

  /// Keeps the summary of a log just stored, with the log's studio tag, in the log's
  /// transaction.
  static func recordSummary(
    _ summary: WorkoutLogSummary, localDate: String, setCount: Int, trainee: TraineeID,
    studio: DatabaseValue,
    _ db: any DatabaseConnection
  ) throws {
    try db.insert(
      into: "workout_summaries",
      [
        "log_id": summary.id.value,
        "trainee_id": trainee.value,
        "workout_number": DatabaseValue(summary.workoutNumber),
        "logged_at": .integer(summary.loggedAt.milliseconds),
        "program_id": DatabaseValue(summary.programId),
        "program_version": DatabaseValue(summary.programVersion),
        "day_id": DatabaseValue(summary.dayId),
        "label": DatabaseValue(summary.label),
        "duration_sec": DatabaseValue(summary.durationSec),
        "completed": DatabaseValue(summary.completed),
        "exercise_count": DatabaseValue(summary.exerciseCount),
        "done_set_count": DatabaseValue(summary.doneSetCount),
        "volume": .real(summary.volume),
        "studio_id": studio,
        "local_date": .text(localDate),
        "set_count": DatabaseValue(setCount),
        "awaiting_review": 1,
      ])
  }
}
