import Foundation

// NB: docs/decisions/accounts.md, "Deleting an account": the audit events of a deleted account
// stay, under an opaque marker, for `--audit-retention-days` (default 90) after they happened;
// `perform serve` prunes the older ones at start and every hour (AuditLogPruning.swift).

extension ServeSettings {
  /// Days a deleted account's audit events are kept when `--audit-retention-days` is not given.
  package static let defaultAuditRetentionDays = 90

  /// The retention `given` sets (1 to 3650 days), else the default; `name` names the option as
  /// the user gave it, for errors.
  package static func auditRetentionDays(
    _ given: Options, name: (String) -> String
  ) throws(UsageError) -> Int {
    guard let text = given.values["audit-retention-days"] else { return defaultAuditRetentionDays }
    guard let days = Int(text), (1...3650).contains(days) else {
      throw UsageError("\(name("audit-retention-days")) \"\(text)\" is not a number from 1 to 3650")
    }
    return days
  }
}
