import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-events.md, "Who sees what", "Cheap to poll": a page of the feed
// is read in one transaction with the link it is filtered by; a feed of one trainee asks the
// visibility rule first, so a trainee the studio cannot see is `nil` (404) as on every coach
// read. The head is read alone, and on SQLite kept until any connection of any process commits
// (`DatabaseDriver.kept`), so a poll of a feed that has not changed reads no table.

extension DatabaseTraineeStore {
  /// A page of `studio`'s events feed after `cursor`, at most `limit` read, of `trainee` alone
  /// when given; `nil` when `trainee` is given and has no live link to the studio.
  public func studioEvents(
    of studio: StudioID, after cursor: StudioEventCursor, limit: Int, trainee: TraineeID?
  ) throws -> StudioEventPage? {
    guard let trainee else {
      return try read { db in
        try StudioEventLog.page(of: studio, after: cursor, limit: limit, trainee: nil, db)
      }
    }
    return try visibleRead(of: trainee, to: studio) { _, db in
      try StudioEventLog.page(of: studio, after: cursor, limit: limit, trainee: trainee, db)
    }
  }

  /// The head of `studio`'s feed, raised by every change of what the feed shows; `0` for a
  /// studio that does not exist.
  public func studioEventHead(of studio: StudioID) throws -> Int64 {
    do {
      return try database.kept("event head of studio \(studio.rawValue)") {
        try database.readStatement { db in try StudioEventLog.head(of: studio, db) } ?? 0
      }
    } catch let error as any DatabaseFailure {
      throw TraineeStoreError.storageFailed(error.description)
    }
  }

  /// Appends `kind` about a record of `trainee` tagged `tag` to the feeds of the studios the
  /// trainee is linked to, in the write's transaction (see `StudioEventLog`).
  static func appendEvent(
    _ kind: StudioEventKind, trainee: TraineeID, tag: DatabaseValue, subject: Int64?,
    at: Int64, _ db: any DatabaseConnection
  ) throws {
    guard case .integer(let studio) = tag else { return }
    try StudioEventLog.appendRecordEvent(
      kind, trainee: trainee, recordStudio: StudioID(rawValue: studio), subject: subject, at: at,
      db)
  }
}
