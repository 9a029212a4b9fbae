import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/accounts.md, "Sessions and the token check": a bearer token names a live
// session, found by its SHA-256 through a unique index, of an account that is not suspended and
// has a trainee; an access token only until its expiry, a legacy token (from `perform trainee
// add`, or given before accounts) until it is revoked. The trainee and the expiry are kept per
// process on SQLite until any commit, as the token check was before, and the expiry is compared
// with the clock on every check, so a kept answer never outlives its token, and a session ended
// or an account suspended by any process is refused at the next request.

extension DatabaseTraineeStore {
  /// The columns of the token check: the trainee, its answer version, the token's expiry and
  /// the session's studio.
  static let tokenColumns = DatabaseColumns(
    VersionedTrainee.columns.qualified(by: "trainees").expressions + [
      "sessions.access_expires_at", "sessions.studio_id",
    ])

  /// The trainee and answer version of a live, unexpired session's token; `nil` otherwise.
  func sessionTrainee(forToken token: String) throws -> VersionedTrainee? {
    let found = try database.kept("versioned trainee of token " + token) {
      try read(statement: true) { db in
        try db.row(
          """
          SELECT \(Self.tokenColumns) FROM sessions
          JOIN accounts ON accounts.id = sessions.account_id
          JOIN trainees ON trainees.id = accounts.trainee_id
          WHERE sessions.access_token_sha256 = ? AND sessions.ended_at IS NULL
            AND accounts.suspended_at IS NULL
          """, [.text(BearerToken.digest(token))], named: Self.tokenColumns
        ) { row in
          var trainee = try VersionedTrainee(row: row)
          trainee.studio = (try row["studio_id"] as Int64?).map(StudioID.init(rawValue:))
          return KeptToken(trainee: trainee, expiresAt: try row["access_expires_at"])
        }
      }
    }
    guard let found else { return nil }
    if let expiresAt = found.expiresAt, expiresAt <= now().milliseconds { return nil }
    return found.trainee
  }

  /// Starts the trainee's legacy session for `token`, making the trainee's account first when
  /// it has none.
  func startLegacySession(
    of trainee: TraineeID, token: String, now: Int64, _ db: any DatabaseConnection
  ) throws {
    let account = try AccountTables.traineeAccount(trainee, now: now, in: self, db)
    try AccountTables.insertSession(
      .generate(), account: account, studio: try AccountTables.currentStudio(of: account, db),
      name: "legacy", now: now, accessDigest: BearerToken.digest(token), accessExpiresAt: nil,
      refreshDigest: nil, refreshExpiresAt: nil, db)
  }

  /// Ends the trainee's legacy sessions and starts one for `token`.
  func replaceLegacySession(
    of trainee: TraineeID, token: String, now: Int64, _ db: any DatabaseConnection
  ) throws {
    let account = try AccountTables.traineeAccount(trainee, now: now, in: self, db)
    let ended = try AccountTables.endSessions(
      of: account, where: "refresh_token_sha256 IS NULL", reason: .tokenReplaced, now: now, db)
    try startLegacySession(of: trainee, token: token, now: now, db)
    try AccountTables.audit(
      .legacyTokenReplaced, account: account, session: ended.first, address: nil, now: now, db)
  }
}

/// What the token check keeps: the trainee and when the token expires (`nil`: never).
private struct KeptToken: Sendable {
  var trainee: VersionedTrainee
  var expiresAt: Int64?
}
