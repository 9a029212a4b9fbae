import Foundation
import TraineeData

// NB: docs/decisions/accounts.md, "Exporting an account" and "Deleting an account": a person's
// data out (one JSON document, written in pieces) and gone (every row, one transaction), for the
// person through the API and for the operator through `perform account export|delete`.

/// Everything stored about one account: exported, deleted, and the audit log's retention of
/// what a deletion leaves there.
public protocol AccountDataStore: Sendable {
  /// Writes the export document of `account` (``AccountExport``) to `sink`, in pieces of about
  /// 64 KiB, from one snapshot of the database; `false`, writing nothing, when there is no such
  /// account.
  func exportAccount(
    _ account: AccountID, to sink: @escaping ([UInt8]) throws -> Void
  ) throws
    -> Bool
  /// Deletes the account as the operator asks (no password); `nil` when there is no such
  /// account.
  func deleteAccount(_ account: AccountID, address: String?) throws -> AccountDeletion?
  /// Deletes the account after checking its password again, as a sign-in does (its limits, its
  /// failures counted). Refusals: `invalidCredentials`, `tooManyAttempts`.
  func deleteAccount(
    _ account: AccountID, password: String, address: String
  ) throws
    -> AccountDeletion
  /// Removes the audit events of deleted accounts older than `retentionSeconds`; returns how
  /// many.
  func pruneAuditLog(retentionSeconds: Int64) throws -> Int
}

extension DatabaseAccountStore: AccountDataStore {}
