import Foundation
import SQLStore

// NB: docs/decisions/accounts.md, "What a coach sees": the one rule of what a studio's coaches
// see of a trainee's records. A coach of studio S sees trainee T's record R only while T's link
// to S lasts (a trainee membership of S not ended), and only if R is tagged S or T shares
// earlier records with S. Every coach read asks `studioVisibility(of:to:_:)` in its own read
// transaction and filters by `recordFilter(tagColumn:)`; nothing else decides it.

/// What a studio's coaches may see of one trainee's records.
public enum StudioVisibility: Equatable, Sendable {
  /// Only the records tagged with the studio.
  case taggedWith(StudioID)
  /// Every record of the trainee: the trainee shares earlier records with the studio.
  case everything

  /// The condition on a record's tag column (`tagColumn`, such as `studio_id`) and its values,
  /// to be joined with `AND` to a query of one trainee's records: `TRUE` for `.everything`.
  package func recordFilter(tagColumn: String) -> (sql: String, values: [DatabaseValue]) {
    switch self {
    case .taggedWith(let studio): ("\(tagColumn) = ?", [studio.value])
    case .everything: ("1 = 1", [])
    }
  }

  /// What `studio` may see of `trainee`'s records, read in the transaction of `db`: `nil`
  /// while the trainee has no live link to the studio as a trainee (never linked, the link
  /// ended, or no such trainee), which the routes answer 404.
  package static func of(
    _ trainee: TraineeID, to studio: StudioID, _ db: any DatabaseConnection
  ) throws -> StudioVisibility? {
    let shares = try db.row(
      """
      SELECT m.shares_earlier_records FROM accounts AS a
      JOIN studio_members AS m ON m.studio_id = ? AND m.account_id = a.id
      WHERE a.trainee_id = ? AND m.role = 'trainee' AND m.ended_at IS NULL
      """, [studio.value, trainee.value], { try $0.int64(0) })
    guard let shares else { return nil }
    return shares == 0 ? .taggedWith(studio) : .everything
  }
}

extension DatabaseTraineeStore {
  /// The tag of a record made while the trainee uses `studio`: that studio, or the default
  /// studio for `nil` (a write from the command line, the demo, or a session with no studio),
  /// made when missing, in the write's transaction.
  static func studioTag(
    _ studio: StudioID?, now: Int64, _ db: any DatabaseConnection
  ) throws -> DatabaseValue {
    if let studio { return studio.value }
    return try AccountTables.defaultStudio(now: now, db).value
  }

  /// What `studio`'s coaches may see of `trainee`'s records; `nil` while the trainee has no
  /// live link to the studio.
  public func studioVisibility(
    of trainee: TraineeID, to studio: StudioID
  ) throws -> StudioVisibility? {
    try read { db in try StudioVisibility.of(trainee, to: studio, db) }
  }

  /// A page of `trainee`'s workout summaries as `studio`'s coaches may see them (the latest
  /// done first, after `cursor`, at most `limit`); `nil` while the trainee has no live link to
  /// the studio. The link and the page are read in one transaction. A key range of
  /// `workout_summaries_by_studio` (or `_by_date` when the trainee shares everything), so the
  /// cost follows the page, not the history.
  public func workoutSummaries(
    of trainee: TraineeID, visibleTo studio: StudioID, after cursor: WorkoutHistoryCursor?,
    limit: Int
  ) throws -> [WorkoutLogSummary]? {
    let cursor = cursor ?? WorkoutHistoryCursor(loggedAt: .max, logId: .max)
    return try visibleRead(of: trainee, to: studio) { visibility, db in
      guard limit > 0 else { return [] }
      let filter = visibility.recordFilter(tagColumn: "studio_id")
      return try db.rows(
        """
        SELECT \(WorkoutLogSummary.columns)
        FROM workout_summaries
        WHERE trainee_id = ? AND \(filter.sql)
          AND (logged_at < ? OR (logged_at = ? AND log_id < ?))
        ORDER BY logged_at DESC, log_id DESC LIMIT ?
        """,
        [trainee.value] + filter.values + [
          .integer(cursor.loggedAt), .integer(cursor.loggedAt), .integer(cursor.logId),
          DatabaseValue(limit),
        ],
        named: WorkoutLogSummary.columns, WorkoutLogSummary.init(row:))
    }
  }
}
