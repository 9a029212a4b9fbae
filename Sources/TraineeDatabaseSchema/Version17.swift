import Foundation
import SQLStore

// NB: docs/decisions/accounts.md, "Deleting an account": a deleted account's audit events stay,
// with `account_id` and `session_id` cleared and the account named by an opaque marker instead,
// until the operator's retention (`perform serve --audit-retention-days`) has passed; the partial
// index lets the pruning read only those events, oldest first.

extension TraineeSchema {
  /// Version 17: the marker that names a deleted account in the audit log.
  static let version17 = Migration(
    version: 17, name: "audit events of deleted accounts: an opaque marker",
    sqlite: """
      ALTER TABLE auth_events ADD COLUMN account_marker TEXT;
      CREATE INDEX auth_events_of_deleted_accounts ON auth_events (at)
        WHERE account_marker IS NOT NULL;
      """,
    postgresql: """
      ALTER TABLE auth_events ADD COLUMN account_marker TEXT;
      CREATE INDEX auth_events_of_deleted_accounts ON auth_events (at)
        WHERE account_marker IS NOT NULL;
      """)
}
