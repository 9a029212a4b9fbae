import Foundation
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "Sessions and the token check": a refresh token is spent by its
// use. In one write transaction the store checks the waits of the address (and of the account the
// token names), finds the live session that holds the token, moves the token's digest to
// `retired_refresh_tokens` and gives the session a new pair. A digest found among the retired ones
// means two holders of one token, one of them not the device: the whole session ends.

extension DatabaseAccountStore {
  public func refresh(_ refreshToken: String, address: String) throws -> SessionTokens {
    let digest = BearerToken.digest(refreshToken)
    let now = nowMilliseconds
    let answer: Result<SessionTokens, AccountRefusal> = try store.write(nil) { db in
      let byAddress = AttemptSubject.address(address, policy.refresh.perAddress)
      if let wait = try waitSeconds([byAddress], .refresh, now: now, db) {
        return .failure(.tooManyAttempts(retryAfterSeconds: wait))
      }
      if let held = try heldRefreshToken(digest, db) {
        let subjects = [byAddress, .account(held.account, policy.refresh.perAccount)]
        if let wait = try waitSeconds(subjects, .refresh, now: now, db) {
          return .failure(.tooManyAttempts(retryAfterSeconds: wait))
        }
        guard held.endedAt == nil, held.refreshExpiresAt > now, !held.suspended else {
          try recordFailure(subjects, .refresh, now: now, db)
          try AccountTables.audit(
            .refreshFailed, account: held.account, session: held.session, address: address,
            now: now, db)
          return .failure(held.suspended ? .accountSuspended : .refreshTokenNotValid)
        }
        let tokens = newTokens(held.session, now: now)
        try rotate(held, to: tokens, spent: digest, now: now, db)
        try AccountTables.audit(
          .refresh, account: held.account, session: held.session, address: address, now: now, db)
        return .success(tokens)
      }
      if let spent = try spentRefreshToken(digest, db) {
        let ended = try AccountTables.endSessions(
          of: spent.account, where: "id = ?", [.text(spent.session.rawValue)],
          reason: .refreshTokenReused, now: now, db)
        try recordFailure(
          [byAddress, .account(spent.account, policy.refresh.perAccount)], .refresh, now: now, db)
        try AccountTables.audit(
          .refreshTokenReused, account: spent.account, session: spent.session, address: address,
          now: now, db)
        return .failure(ended.isEmpty ? .refreshTokenNotValid : .refreshTokenReused)
      }
      try recordFailure([byAddress], .refresh, now: now, db)
      try AccountTables.audit(.refreshFailed, account: nil, address: address, now: now, db)
      return .failure(.refreshTokenNotValid)
    }
    return try answer.get()
  }

  /// The session that holds the refresh token of `digest` now. On PostgreSQL its row is locked:
  /// a second refresh with the same token waits for the first, then finds the token spent.
  private func heldRefreshToken(
    _ digest: String, _ db: any DatabaseConnection
  ) throws -> HeldRefreshToken? {
    let lock = store.database.dialect == .postgresql ? " FOR UPDATE OF sessions" : ""
    return try db.row(
      """
      SELECT sessions.account_id, sessions.id, sessions.ended_at, sessions.refresh_expires_at,
        accounts.suspended_at
      FROM sessions JOIN accounts ON accounts.id = sessions.account_id
      WHERE sessions.refresh_token_sha256 = ?\(lock)
      """, [.text(digest)]
    ) { row in
      guard let session = SessionID(rawValue: try row.string(1)) else {
        throw TraineeStoreError.storageFailed("stored session id is not a handle")
      }
      return HeldRefreshToken(
        account: AccountID(rawValue: try row.int64(0)), session: session,
        endedAt: try row.optionalInt64(2), refreshExpiresAt: try row.optionalInt64(3) ?? 0,
        suspended: !(try row.isNull(4)))
    }
  }

  /// The session a spent refresh token of `digest` belonged to.
  private func spentRefreshToken(
    _ digest: String, _ db: any DatabaseConnection
  ) throws -> (account: AccountID, session: SessionID)? {
    try db.row(
      "SELECT account_id, session_id FROM retired_refresh_tokens WHERE token_sha256 = ?",
      [.text(digest)]
    ) { row in
      guard let session = SessionID(rawValue: try row.string(1)) else {
        throw TraineeStoreError.storageFailed("stored session id is not a handle")
      }
      return (AccountID(rawValue: try row.int64(0)), session)
    }
  }

  /// Retires the spent token's digest and gives the session `tokens`.
  private func rotate(
    _ held: HeldRefreshToken, to tokens: SessionTokens, spent digest: String, now: Int64,
    _ db: any DatabaseConnection
  ) throws {
    try db.insert(
      into: "retired_refresh_tokens",
      [
        "account_id": held.account.value, "session_id": .text(held.session.rawValue),
        "token_sha256": .text(digest), "retired_at": .integer(now),
      ])
    try db.run(
      """
      UPDATE sessions SET access_token_sha256 = ?, access_expires_at = ?,
        refresh_token_sha256 = ?, refresh_expires_at = ?, last_seen_at = ?
      WHERE account_id = ? AND id = ?
      """,
      [
        .text(BearerToken.digest(tokens.accessToken)),
        .integer(tokens.accessExpiresAt.milliseconds),
        .text(BearerToken.digest(tokens.refreshToken)),
        .integer(tokens.refreshExpiresAt.milliseconds), .integer(now), held.account.value,
        .text(held.session.rawValue),
      ])
  }
}

/// A session found by the refresh token it holds.
private struct HeldRefreshToken {
  var account: AccountID
  var session: SessionID
  var endedAt: Int64?
  var refreshExpiresAt: Int64
  var suspended: Bool
}
