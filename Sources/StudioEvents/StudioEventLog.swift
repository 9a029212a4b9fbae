import Foundation
import SQLStore
import TraineeRecords

// NB: docs/decisions/the-coachs-events.md, "Appended with the write", "Order and cursor": an event
// is appended by the write that causes it, in its transaction, so an acknowledged write is never
// missing from the feed and a failed one never appears. Each studio's number is raised by
// `UPDATE studios ... RETURNING`: on PostgreSQL the row's lock is held to the commit, so a
// studio's numbers are taken in the order its writes commit and a reader never sees an event
// while one numbered before it is still to commit; SQLite writes one transaction at a time.
// Callers append last in their transaction, so the lock is held for the commit only and no lock
// is taken after it; studios are raised in the order of their ids, so two writes never wait on
// each other's studios.

/// The studios' events feed as stored: appending in a write's transaction, and reading a page.
public enum StudioEventLog {
  /// Appends `kind` about `trainee`'s record tagged `recordStudio` (the subject's id `subject`)
  /// to the feed of every studio `trainee` has a live link to as a trainee, in the transaction
  /// of `db`. A studio that may not see the record now still gets the event: its feed shows it
  /// only while the rule lets it (`page`), so sharing turned on later shows the events since the
  /// link began. A trainee without a live link appends nothing.
  public static func appendRecordEvent(
    _ kind: StudioEventKind, trainee: TraineeID, recordStudio: StudioID, subject: Int64?,
    at: Int64, _ db: any DatabaseConnection
  ) throws {
    let studios = try db.rows(
      """
      SELECT m.studio_id FROM accounts AS a
      JOIN studio_members AS m ON m.account_id = a.id
      WHERE a.trainee_id = ? AND m.role = 'trainee' AND m.ended_at IS NULL
      ORDER BY m.studio_id
      """, [.integer(trainee.rawValue)]
    ) { StudioID(rawValue: try $0.int64(0)) }
    for studio in studios {
      try append(
        kind, to: studio, trainee: trainee, recordStudio: recordStudio, subject: subject, at: at,
        db)
    }
  }

  /// Appends `kind` to `studio`'s feed alone: an event about `trainee`'s link to it, or a coach's
  /// word of that studio (`recordStudio` is then `studio`).
  public static func append(
    _ kind: StudioEventKind, to studio: StudioID, trainee: TraineeID,
    recordStudio: StudioID? = nil, subject: Int64? = nil, at: Int64,
    _ db: any DatabaseConnection
  ) throws {
    guard let number = try raiseHead(of: studio, db) else { return }
    try db.run(
      """
      INSERT INTO studio_events (studio_id, number, kind, at, trainee_id, record_studio_id,
        subject_id)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(studio.rawValue), .integer(number), .text(kind.rawValue), .integer(at),
        .integer(trainee.rawValue), .integer((recordStudio ?? studio).rawValue),
        DatabaseValue(subject),
      ])
  }

  /// Raises `studio`'s head in the transaction of `db` and returns it; `nil` when there is no
  /// such studio. A raise without an event marks a change of what the feed shows (rows removed
  /// with a deleted account), so every kept answer of the studio is stale at its commit.
  @discardableResult
  public static func raiseHead(
    of studio: StudioID, _ db: any DatabaseConnection
  ) throws -> Int64? {
    try db.row(
      "UPDATE studios SET event_head = event_head + 1 WHERE id = ? RETURNING event_head",
      [.integer(studio.rawValue)]
    ) { try $0.int64(0) }
  }

  /// Removes every event of `trainee` from the feeds of `studios` and raises each of their
  /// heads, in the transaction of `db` (an account's deletion): a page kept before shows them,
  /// or shows a link that no longer lasts, and must not be answered 304 again.
  public static func removeEvents(
    of trainee: TraineeID, from studios: [StudioID], _ db: any DatabaseConnection
  ) throws {
    for studio in studios.sorted(by: { $0.rawValue < $1.rawValue }) {
      try db.run(
        "DELETE FROM studio_events WHERE studio_id = ? AND trainee_id = ?",
        [.integer(studio.rawValue), .integer(trainee.rawValue)])
      try raiseHead(of: studio, db)
    }
  }

  /// The head of `studio`'s feed: the number of its last event, raised by every change of what
  /// the feed shows; `nil` for no such studio.
  public static func head(of studio: StudioID, _ db: any DatabaseConnection) throws -> Int64? {
    try db.row("SELECT event_head FROM studios WHERE id = ?", [.integer(studio.rawValue)]) {
      try $0.int64(0)
    }
  }
}
