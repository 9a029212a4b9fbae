import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/accounts.md, "Tables": the writes of the accounts' rows that both stores
// make (the trainee store's `createTrainee` and `replaceToken`, and the account store), each in
// the caller's write transaction.

/// Rows of the accounts' tables, written in a transaction the caller holds.
package enum AccountTables {
  /// The name of the studio the schema step and an emptied database start with.
  package static let defaultStudioName = "Default studio"

  /// The default studio's id, creating the studio when it is missing (an emptied database).
  package static func defaultStudio(now: Int64, _ db: any DatabaseConnection) throws -> StudioID {
    let find = "SELECT id FROM studios WHERE is_default = 1"
    if let id = try db.row(find, { try $0.int64(0) }) { return StudioID(rawValue: id) }
    try db.run(
      """
      INSERT INTO studios (name, is_default, created_at) VALUES (?, 1, ?)
      ON CONFLICT (is_default) WHERE is_default = 1 DO NOTHING
      """, [.text(defaultStudioName), .integer(now)])
    guard let id = try db.row(find, { try $0.int64(0) }) else {
      throw TraineeStoreError.storageFailed("the default studio could not be created")
    }
    return StudioID(rawValue: id)
  }

  /// Inserts an account and returns its id.
  /// Inserts an account with a new id, as a trainee gets one (random, unless `store` counts
  /// ids by sequence), and returns its id.
  package static func insertAccount(
    role: AccountRole, name: String, email: String?, passwordHash: String?,
    trainee: TraineeID?, now: Int64, in store: DatabaseTraineeStore,
    _ db: any DatabaseConnection
  ) throws -> AccountID {
    let row: ColumnValues = [
      "role": .text(role.rawValue), "name": .text(name), "email": DatabaseValue(email),
      "password_hash": DatabaseValue(passwordHash),
      "trainee_id": DatabaseValue(trainee?.rawValue), "created_at": .integer(now),
    ]
    return AccountID(rawValue: try store.insertWithNewID(row, into: "accounts", db))
  }

  /// The trainee's account, created (with the trainee's name, in the default studio) when the
  /// trainee has none.
  package static func traineeAccount(
    _ trainee: TraineeID, now: Int64, in store: DatabaseTraineeStore,
    _ db: any DatabaseConnection
  ) throws -> AccountID {
    if let id = try db.row(
      "SELECT id FROM accounts WHERE trainee_id = ?", [trainee.value], { try $0.int64(0) })
    {
      return AccountID(rawValue: id)
    }
    guard
      let name = try db.row(
        "SELECT name FROM trainees WHERE id = ?", [trainee.value], { try $0.string(0) })
    else { throw TraineeStoreError.traineeNotFound(trainee) }
    let account = try insertAccount(
      role: .trainee, name: name, email: nil, passwordHash: nil, trainee: trainee, now: now,
      in: store, db)
    try join(try defaultStudio(now: now, db), account, as: .trainee, now: now, db)
    return account
  }

  /// Makes the account a live member of `studio` (again, when its link had ended: a new link
  /// shares no earlier records until the trainee says so again).
  package static func join(
    _ studio: StudioID, _ account: AccountID, as role: AccountRole, now: Int64,
    _ db: any DatabaseConnection
  ) throws {
    let wasLive = try db.row(
      "SELECT 1 FROM studio_members WHERE studio_id = ? AND account_id = ? AND ended_at IS NULL",
      [studio.value, account.value], { try $0.int64(0) })
    try db.run(
      """
      INSERT INTO studio_members (studio_id, account_id, role, joined_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (studio_id, account_id) DO UPDATE SET
        joined_at = CASE WHEN studio_members.ended_at IS NULL THEN studio_members.joined_at
          ELSE excluded.joined_at END,
        shares_earlier_records = CASE WHEN studio_members.ended_at IS NULL
          THEN studio_members.shares_earlier_records ELSE 0 END,
        ended_at = NULL
      """, [studio.value, account.value, .text(role.rawValue), .integer(now)])
    if role == .trainee, wasLive == nil, let trainee = try trainee(of: account, db) {
      try StudioEventLog.append(.traineeJoined, to: studio, trainee: trainee, at: now, db)
    }
  }

  /// The trainee of a trainee's account; `nil` for another role's.
  package static func trainee(
    of account: AccountID, _ db: any DatabaseConnection
  ) throws -> TraineeID? {
    try db.row("SELECT trainee_id FROM accounts WHERE id = ?", [account.value]) {
      try $0.optionalInt64(0).map(TraineeID.init(rawValue:))
    } ?? nil
  }

  /// The studio a new session of the account uses: the one it joined last of its live links.
  package static func currentStudio(
    of account: AccountID, _ db: any DatabaseConnection
  ) throws -> StudioID? {
    try db.row(
      """
      SELECT studio_id FROM studio_members WHERE account_id = ? AND ended_at IS NULL
      ORDER BY joined_at DESC, studio_id DESC LIMIT 1
      """, [account.value], { StudioID(rawValue: try $0.int64(0)) })
  }

  /// Inserts a live session. `accessExpiresAt` and `refreshDigest` `nil`: a legacy session.
  package static func insertSession(
    _ id: SessionID, account: AccountID, studio: StudioID?, name: String, now: Int64,
    accessDigest: String, accessExpiresAt: Int64?, refreshDigest: String?,
    refreshExpiresAt: Int64?, _ db: any DatabaseConnection
  ) throws {
    try db.insert(
      into: "sessions",
      [
        "account_id": account.value, "id": .text(id.rawValue),
        "studio_id": DatabaseValue(studio?.rawValue), "name": .text(name),
        "created_at": .integer(now), "last_seen_at": .integer(now),
        "access_token_sha256": .text(accessDigest),
        "access_expires_at": DatabaseValue(accessExpiresAt),
        "refresh_token_sha256": DatabaseValue(refreshDigest),
        "refresh_expires_at": DatabaseValue(refreshExpiresAt),
      ])
  }

  /// Ends the account's live sessions that `condition` (SQL on `sessions`, with `values`)
  /// selects, for `reason`; returns their ids.
  @discardableResult
  package static func endSessions(
    of account: AccountID, where condition: String = "1 = 1", _ values: [DatabaseValue] = [],
    reason: SessionEnd, now: Int64, _ db: any DatabaseConnection
  ) throws -> [SessionID] {
    try db.rows(
      """
      UPDATE sessions SET ended_at = ?, end_reason = ?
      WHERE account_id = ? AND ended_at IS NULL AND (\(condition)) RETURNING id
      """, [.integer(now), .text(reason.rawValue), account.value] + values
    ) { SessionID(rawValue: try $0.string(0)) }.compactMap { $0 }
  }

  /// Writes one event to the audit log.
  package static func audit(
    _ kind: AuthEventKind, account: AccountID?, studio: StudioID? = nil,
    session: SessionID? = nil, address: String?, now: Int64, _ db: any DatabaseConnection
  ) throws {
    try db.insert(
      into: "auth_events",
      [
        "event": .text(kind.rawValue), "account_id": DatabaseValue(account?.rawValue),
        "studio_id": DatabaseValue(studio?.rawValue),
        "session_id": DatabaseValue(session?.rawValue), "address": DatabaseValue(address),
        "at": .integer(now),
      ])
  }
}
