import Foundation
import SQLStore
import TraineeData

// NB: docs/decisions/accounts.md, "What a coach sees": one switch per (trainee, studio) link,
// off by default and off again when an ended link is opened again; only the trainee turns it,
// and only on a live link.

extension DatabaseAccountStore {
  public func setSharesEarlierRecords(
    _ shares: Bool, studio: StudioID, account: AccountID
  ) throws -> StudioMembership? {
    let now = nowMilliseconds
    return try store.write(nil) { db in
      // The link's row lock on PostgreSQL, so two turns at once tell of one change, not two.
      let lock = store.database.dialect == .postgresql ? " FOR UPDATE" : ""
      let before = try db.row(
        """
        SELECT shares_earlier_records FROM studio_members
        WHERE studio_id = ? AND account_id = ? AND role = 'trainee' AND ended_at IS NULL\(lock)
        """, [studio.value, account.value], { try $0.int64(0) == 1 })
      guard
        let link = try db.row(
          """
          UPDATE studio_members SET shares_earlier_records = ?
          WHERE studio_id = ? AND account_id = ? AND role = 'trainee' AND ended_at IS NULL
          RETURNING \(StudioMembership.columns)
          """, [.integer(shares ? 1 : 0), studio.value, account.value],
          named: StudioMembership.columns, StudioMembership.init(row:))
      else { return nil }
      // NB: docs/decisions/the-coachs-events.md, "Who sees what": a turn of the switch changes
      // what the feed shows, so it is an event of its own.
      if before != shares, let trainee = try AccountTables.trainee(of: account, db) {
        try StudioEventLog.append(
          shares ? .sharingStarted : .sharingStopped, to: studio, trainee: trainee, at: now, db)
      }
      return link
    }
  }
}
