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
    try store.write(nil) { db in
      guard
        let link = try db.row(
          """
          UPDATE studio_members SET shares_earlier_records = ?
          WHERE studio_id = ? AND account_id = ? AND role = 'trainee' AND ended_at IS NULL
          RETURNING \(StudioMembership.columns)
          """, [.integer(shares ? 1 : 0), studio.value, account.value],
          named: StudioMembership.columns, StudioMembership.init(row:))
      else { return nil }
      return link
    }
  }
}
