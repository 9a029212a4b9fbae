import Foundation
import SQLStore
import TraineeData

// NB: docs/decisions/accounts.md, "Limits on guessing": a subject's failures live in
// `auth_attempts`, one row per subject and kind, read and written in the attempt's own write
// transaction (on PostgreSQL under the row's lock, taken in one order of subjects), so every
// process on one database counts every failure once. `AttemptLimit` decides.

/// The kinds of attempt that are limited.
enum AuthAction: String {
  case signIn = "sign_in"
  case acceptInvite = "accept_invite"
  case refresh
}

/// Who an attempt's failures are counted against, under which limit.
struct AttemptSubject {
  /// `login:<SHA-256 of the normalised email>`, `account:<id>` or `address:<address>`.
  var key: String
  var limit: AttemptLimit

  /// A login: an email, whether or not an account has it, so that its limit tells nothing.
  static func login(_ email: String, _ limit: AttemptLimit) -> Self {
    Self(key: "login:" + BearerToken.digest(email), limit: limit)
  }

  static func account(_ account: AccountID, _ limit: AttemptLimit) -> Self {
    Self(key: "account:\(account.rawValue)", limit: limit)
  }

  static func address(_ address: String, _ limit: AttemptLimit) -> Self {
    Self(key: "address:" + address, limit: limit)
  }
}

extension DatabaseAccountStore {
  /// The longest wait any of `subjects` owes at `now`, in seconds; `nil` when none must wait.
  func waitSeconds(
    _ subjects: [AttemptSubject], _ action: AuthAction, now: Int64, _ db: any DatabaseConnection
  ) throws -> Int? {
    try subjects.compactMap { subject in
      subject.limit.retryAfterSeconds(try Self.record(subject.key, action, db), now: now)
    }.max()
  }

  /// Counts one failure of `action` against each of `subjects` at `now`.
  func recordFailure(
    _ subjects: [AttemptSubject], _ action: AuthAction, now: Int64, _ db: any DatabaseConnection
  ) throws {
    let lock = store.database.dialect == .postgresql ? " FOR UPDATE" : ""
    for subject in subjects.sorted(by: { $0.key < $1.key }) {
      let key: [DatabaseValue] = [.text(subject.key), .text(action.rawValue)]
      try db.run(
        """
        INSERT INTO auth_attempts (subject, action, failures, last_failure_at, blocked_until)
        VALUES (?, ?, 0, 0, 0) ON CONFLICT (subject, action) DO NOTHING
        """, key)
      let record = subject.limit.failing(
        try Self.record(subject.key, action, db, suffix: lock), now: now)
      try db.run(
        """
        UPDATE auth_attempts SET failures = ?, last_failure_at = ?, blocked_until = ?
        WHERE subject = ? AND action = ?
        """,
        [
          .integer(Int64(record.failures)), .integer(record.lastFailureAt),
          .integer(record.blockedUntil),
        ] + key)
    }
  }

  /// Forgets the failures of `action` counted against `subject` (its attempt succeeded).
  func clearFailures(
    _ subject: AttemptSubject, _ action: AuthAction, _ db: any DatabaseConnection
  )
    throws
  {
    try db.run(
      "DELETE FROM auth_attempts WHERE subject = ? AND action = ?",
      [.text(subject.key), .text(action.rawValue)])
  }

  /// Takes back one failure counted against `subject` before the attempt was known to succeed;
  /// the wait it set stays.
  func takeBackFailure(
    _ subject: AttemptSubject, _ action: AuthAction, _ db: any DatabaseConnection
  ) throws {
    try db.run(
      """
      UPDATE auth_attempts SET failures = failures - 1
      WHERE subject = ? AND action = ? AND failures > 0
      """, [.text(subject.key), .text(action.rawValue)])
  }

  private static func record(
    _ key: String, _ action: AuthAction, _ db: any DatabaseConnection, suffix: String = ""
  ) throws -> AttemptRecord? {
    try db.row(
      """
      SELECT failures, last_failure_at, blocked_until FROM auth_attempts
      WHERE subject = ? AND action = ?\(suffix)
      """, [.text(key), .text(action.rawValue)]
    ) { row in
      AttemptRecord(
        failures: try row.int(0), lastFailureAt: try row.int64(1), blockedUntil: try row.int64(2))
    }
  }
}
