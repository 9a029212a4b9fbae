import Foundation
import SQLStore
import TraineeData

// NB: docs/decisions/accounts.md, "The audit log": events are read newest first, by account
// through the index that starts with it, or all of them for the operator.

extension DatabaseAccountStore {
  public func authEvents(of account: AccountID?, limit: Int) throws -> [AuthEvent] {
    let limit = max(0, min(limit, 10_000))
    return try store.read { db in
      if let account {
        return try db.rows(
          """
          SELECT \(AuthEvent.columns) FROM auth_events WHERE account_id = ?
          ORDER BY id DESC LIMIT ?
          """, [account.value, .integer(Int64(limit))], named: AuthEvent.columns,
          AuthEvent.init(row:))
      }
      return try db.rows(
        "SELECT \(AuthEvent.columns) FROM auth_events ORDER BY id DESC LIMIT ?",
        [.integer(Int64(limit))], named: AuthEvent.columns, AuthEvent.init(row:))
    }
  }
}
