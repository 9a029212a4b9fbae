import Foundation
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "Deleting an account": one write transaction removes every row
// of the account and of its trainee, children before parents (SQLite runs with its foreign keys
// off, so nothing cascades by itself); on PostgreSQL the trainee's and the account's rows are
// locked first, so a write of the trainee that was waiting finds no trainee and stores nothing.
// The audit log keeps the account's events with the account replaced by an opaque marker; the
// invites a coach made stay the studio's, the open ones revoked.

/// What a deletion did.
public struct AccountDeletion: Equatable, Sendable {
  /// The marker that names the account in the audit log from now on.
  public var marker: String
  /// The trainee whose records went with the account, if it was a trainee's.
  public var trainee: TraineeID?
  /// Rows removed, per table (tables with none are left out).
  public var removedRows: [String: Int]
}

extension DatabaseAccountStore {
  /// The trainee's tables, children before parents, each with its column naming the trainee.
  static let traineeTables: [(table: String, column: String)] = [
    ("sets_by_exercise", "trainee_id"), ("set_history", "trainee_id"),
    ("workout_reviews", "trainee_id"), ("coach_notes", "trainee_id"),
    ("nutrition_tolerances", "trainee_id"),
    ("notification_overrides", "trainee_id"),
    ("workout_summaries", "trainee_id"), ("exercise_history", "trainee_id"),
    ("exercise_records", "trainee_id"),
    ("workout_numbers", "trainee_id"), ("idempotency_keys", "trainee_id"),
    ("workout_logs", "trainee_id"), ("substitutions", "trainee_id"), ("programs", "trainee_id"),
    ("program_assignments", "trainee_id"), ("meal_plan_assignments", "trainee_id"),
    ("program_days", "trainee_id"),
    ("technique_videos", "trainee_id"), ("notification_configs", "trainee_id"),
    ("nutrition_plans", "trainee_id"), ("nutrition_days", "trainee_id"),
    ("meal_logs", "trainee_id"), ("trainee_usage", "trainee_id"), ("trainee_days", "trainee_id"),
    ("trainees", "id"),
  ]

  public func deleteAccount(_ account: AccountID, address: String?) throws -> AccountDeletion? {
    let now = nowMilliseconds
    return try store.write(nil) { db in try delete(account, address: address, now: now, db) }
  }

  public func deleteAccount(
    _ account: AccountID, password: String, address: String
  ) throws -> AccountDeletion {
    let (subjects, now) = try checkPassword(
      password, of: account, address: address, failure: .accountDeletionFailed)
    let deleted = try store.write(nil) { db in
      // The address's count goes back as a sign-in's does; the account's goes with it.
      try takeBackFailure(subjects[1], .signIn, db)
      return try delete(account, address: address, now: now, db)
    }
    guard let deleted else { throw AccountRefusal.invalidCredentials }
    return deleted
  }

  /// Deletes the account in the write transaction of `db`; `nil` when there is none.
  private func delete(
    _ account: AccountID, address: String?, now: Int64, _ db: any DatabaseConnection
  ) throws -> AccountDeletion? {
    let lock = store.database.dialect == .postgresql ? " FOR UPDATE" : ""
    guard
      let found = try db.row(
        "SELECT \(Account.columns) FROM accounts WHERE id = ?\(lock)", [account.value],
        named: Account.columns, Account.init(row:))
    else { return nil }
    if let trainee = found.trainee {
      _ = try db.row("SELECT id FROM trainees WHERE id = ?\(lock)", [trainee.value]) {
        try $0.int64(0)
      }
    }
    var removed: [String: Int] = [:]
    func run(_ table: String, _ sql: String, _ values: [DatabaseValue]) throws {
      let count = try db.run(sql, values)
      if count > 0 { removed[table, default: 0] += count }
    }
    let id = account.value
    let marker = "deleted:" + SecretToken.randomHex(bytes: 16)
    try db.run(
      """
      UPDATE auth_events SET account_id = NULL, session_id = NULL, account_marker = ?
      WHERE account_id = ?
      """, [.text(marker), id])
    var subjects: [DatabaseValue] = [.text("account:\(account.rawValue)")]
    if let email = found.email { subjects.append(.text("login:" + BearerToken.digest(email))) }
    for subject in subjects {
      try run("auth_attempts", "DELETE FROM auth_attempts WHERE subject = ?", [subject])
    }
    try run("invites", "DELETE FROM invites WHERE used_by = ?", [id])
    try db.run(
      """
      UPDATE invites SET revoked_at = ?
      WHERE created_by = ? AND used_at IS NULL AND revoked_at IS NULL
      """, [.integer(now), id])
    try db.run("UPDATE invites SET created_by = NULL WHERE created_by = ?", [id])
    // NB: docs/decisions/the-coachs-events.md, "Retention": the trainee's events go with the
    // account, and every studio it was linked to has its head raised, so no kept answer still
    // shows them.
    if let trainee = found.trainee {
      let studios = try db.rows(
        "SELECT studio_id FROM studio_members WHERE account_id = ? ORDER BY studio_id", [id]
      ) { StudioID(rawValue: try $0.int64(0)) }
      try StudioEventLog.removeEvents(of: trainee, from: studios, db)
    }
    for table in ["retired_refresh_tokens", "sessions", "studio_members"] {
      try run(table, "DELETE FROM \(table) WHERE account_id = ?", [id])
    }
    try run("accounts", "DELETE FROM accounts WHERE id = ?", [id])
    if let trainee = found.trainee {
      for (table, column) in Self.traineeTables {
        try run(table, "DELETE FROM \(table) WHERE \(column) = ?", [trainee.value])
      }
    }
    try db.insert(
      into: "auth_events",
      [
        "event": .text(AuthEventKind.accountDeleted.rawValue), "account_marker": .text(marker),
        "address": DatabaseValue(address), "at": .integer(now),
      ])
    return AccountDeletion(marker: marker, trainee: found.trainee, removedRows: removed)
  }

  public func pruneAuditLog(retentionSeconds: Int64) throws -> Int {
    let cutoff = nowMilliseconds - retentionSeconds * 1000
    var pruned = 0
    while true {
      // Batches keep each transaction short on a log that was never pruned.
      let batch = try store.write(nil) { db in
        try db.run(
          """
          DELETE FROM auth_events WHERE id IN (
            SELECT id FROM auth_events WHERE account_marker IS NOT NULL AND at < ?
            ORDER BY at LIMIT 1000)
          """, [.integer(cutoff)])
      }
      pruned += batch
      if batch < 1000 { return pruned }
    }
  }
}
