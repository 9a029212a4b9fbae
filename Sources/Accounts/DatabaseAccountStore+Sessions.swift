import Foundation
import PasswordHashing
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "Sessions and the token check" and "Limits on guessing": a
// sign-in first counts itself as a failure of its login and its address (in one transaction, so
// attempts made at once from several processes are all counted before any password is checked),
// verifies the password outside any transaction (against a decoy hash when no account has the
// email: the same Argon2 work), and on success forgets the login's failures and takes back the
// address's one. A refresh spends its token: the digest moves to `retired_refresh_tokens`, and a
// retired digest seen again ends its session.

extension DatabaseAccountStore {
  /// A device's name: trimmed, 1 to 100 characters, no control character.
  static func deviceName(_ text: String) throws -> String {
    let name = try checkedName(text, field: "device")
    guard name.count <= 100 else {
      throw TraineeStoreError.invalid(field: "device", problem: "is longer than 100 characters")
    }
    return name
  }

  public func signIn(
    email: String, password: String, device: String, address: String
  ) throws -> SignedIn {
    try signIn(
      email: email, password: password, device: device, address: address, admitting: nil,
      accessSeconds: policy.accessTokenSeconds)
  }

  // NB: docs/decisions/the-coachs-dashboard.md, "The page session": the same guessing limits,
  // refusals and audit as `signIn`; only a coach is admitted (after the password check, like a
  // suspension), and the session's secret lives `pageSessionSeconds` with no refresh: its refresh
  // token is never handed out, so the session ends at the latest then.
  public func signInToPages(
    email: String, password: String, device: String, address: String
  ) throws -> SignedIn {
    try signIn(
      email: email, password: password, device: device, address: address, admitting: .coach,
      accessSeconds: policy.pageSessionSeconds)
  }

  /// Signs in, refusing `notAllowed` an account of another role than `role` (any when `nil`);
  /// the access token lives `accessSeconds`.
  private func signIn(
    email: String, password: String, device: String, address: String, admitting role: AccountRole?,
    accessSeconds: Int
  ) throws -> SignedIn {
    let device = try Self.deviceName(device)
    let login = (try? EmailAddress.normalised(email)) ?? email.lowercased()
    let subjects = [
      AttemptSubject.login(login, policy.signIn.perAccount),
      .address(address, policy.signIn.perAddress),
    ]
    let now = nowMilliseconds
    let found = try credentials(of: "email", .text(login), limitedBy: subjects, now: now)
    let verified = verifyPassword(password, found?.hash ?? decoyHash)
    guard verified, let account = found?.account, found?.hash != nil else {
      try store.write(nil) { db in
        try AccountTables.audit(
          .signInFailed, account: found?.account.id, address: address, now: now, db)
      }
      throw AccountRefusal.invalidCredentials
    }
    guard account.suspendedAt == nil else {
      try store.write(nil) { db in
        try AccountTables.audit(
          .signInRefusedSuspended, account: account.id, address: address, now: now, db)
      }
      throw AccountRefusal.accountSuspended
    }
    if let role, account.role != role {
      try store.write(nil) { db in
        try AccountTables.audit(
          .signInFailed, account: account.id, address: address, now: now, db)
      }
      throw AccountRefusal.notAllowed
    }
    let tokens = try store.write(nil) { db in
      try clearFailures(subjects[0], .signIn, db)
      try takeBackFailure(subjects[1], .signIn, db)
      return try startSession(
        of: account.id, device: device, address: address, now: now, accessSeconds: accessSeconds,
        db)
    }
    return SignedIn(account: account, tokens: tokens)
  }

  /// Starts a session of the account on `device` and writes `sign_in` to the audit log.
  func startSession(
    of account: AccountID, device: String, address: String?, now: Int64,
    accessSeconds: Int? = nil, _ db: any DatabaseConnection
  ) throws -> SessionTokens {
    let session = SessionID.generate()
    let studio = try AccountTables.currentStudio(of: account, db)
    let tokens = newTokens(session, now: now, accessSeconds: accessSeconds)
    try AccountTables.insertSession(
      session, account: account, studio: studio, name: device, now: now,
      accessDigest: BearerToken.digest(tokens.accessToken),
      accessExpiresAt: tokens.accessExpiresAt.milliseconds,
      refreshDigest: BearerToken.digest(tokens.refreshToken),
      refreshExpiresAt: tokens.refreshExpiresAt.milliseconds, db)
    try AccountTables.audit(
      .signIn, account: account, studio: studio, session: session, address: address, now: now,
      db)
    return tokens
  }

  /// A new pair of tokens for `session`, dated from `now`; the access token lives
  /// `accessSeconds` (the policy's `accessTokenSeconds` unless given).
  func newTokens(_ session: SessionID, now: Int64, accessSeconds: Int? = nil) -> SessionTokens {
    SessionTokens(
      session: session, accessToken: SecretToken.access(),
      accessExpiresAt: Date(
        milliseconds: now + Int64(accessSeconds ?? policy.accessTokenSeconds) * 1000),
      refreshToken: SecretToken.refresh(),
      refreshExpiresAt: Date(milliseconds: now + Int64(policy.refreshTokenSeconds) * 1000))
  }

  public func session(
    forAccessToken token: String
  ) throws -> (
    account: Account, session: DeviceSession
  )? {
    let now = nowMilliseconds
    let columns = DatabaseColumns(
      Account.columns.qualified(by: "accounts").expressions + [
        "sessions.id AS session_id", "sessions.name AS device", "sessions.studio_id",
        "sessions.created_at AS session_created_at", "sessions.last_seen_at",
        "sessions.refresh_token_sha256",
      ])
    return try store.read { db in
      try db.row(
        """
        SELECT \(columns) FROM sessions JOIN accounts ON accounts.id = sessions.account_id
        WHERE sessions.access_token_sha256 = ? AND sessions.ended_at IS NULL
          AND accounts.suspended_at IS NULL
          AND (sessions.access_expires_at IS NULL OR sessions.access_expires_at > ?)
        """, [.text(BearerToken.digest(token)), .integer(now)], named: columns
      ) { row in
        let account = try Account(row: row)
        guard let id = SessionID(rawValue: try row["session_id"]) else {
          throw TraineeStoreError.storageFailed("stored session id is not a handle")
        }
        let session = DeviceSession(
          id: id, account: account.id, name: try row["device"],
          studio: (try row["studio_id"] as Int64?).map(StudioID.init(rawValue:)),
          createdAt: Date(milliseconds: try row["session_created_at"]),
          lastSeenAt: Date(milliseconds: try row["last_seen_at"]),
          isLegacy: (try row["refresh_token_sha256"] as String?) == nil, endedAt: nil,
          endReason: nil)
        return (account, session)
      }
    }
  }

  public func sessions(of account: AccountID) throws -> [DeviceSession] {
    try store.read { db in
      try db.rows(
        """
        SELECT \(DeviceSession.columns) FROM sessions
        WHERE account_id = ? AND ended_at IS NULL ORDER BY created_at DESC, id
        """, [account.value], named: DeviceSession.columns, DeviceSession.init(row:))
    }
  }

  public func endSession(
    _ session: SessionID, of account: AccountID, address: String?
  ) throws -> Bool {
    let now = nowMilliseconds
    return try store.write(nil) { db in
      let ended = try AccountTables.endSessions(
        of: account, where: "id = ?", [.text(session.rawValue)], reason: .ended, now: now, db)
      for id in ended {
        try AccountTables.audit(
          .sessionEnded, account: account, session: id, address: address, now: now, db)
      }
      return !ended.isEmpty
    }
  }

  public func endAllSessions(of account: AccountID, address: String?) throws -> Int {
    let now = nowMilliseconds
    return try store.write(nil) { db in
      let ended = try AccountTables.endSessions(of: account, reason: .ended, now: now, db)
      try AccountTables.audit(
        .allSessionsEnded, account: account, address: address, now: now, db)
      return ended.count
    }
  }

  public func changePassword(
    of account: AccountID, current: String, new: String, keeping session: SessionID?,
    address: String
  ) throws {
    let newHash = try hashPassword(new)
    let (subjects, now) = try checkPassword(
      current, of: account, session: session, address: address,
      failure: .passwordChangeFailed)
    try store.write(nil) { db in
      try db.run(
        "UPDATE accounts SET password_hash = ? WHERE id = ?", [.text(newHash), account.value])
      try AccountTables.endSessions(
        of: account, where: "id <> ?", [.text(session?.rawValue ?? "")],
        reason: .passwordChanged, now: now, db)
      try clearFailures(subjects[0], .signIn, db)
      try takeBackFailure(subjects[1], .signIn, db)
      try AccountTables.audit(
        .passwordChanged, account: account, session: session, address: address, now: now, db)
    }
  }

  /// An account with its password hash.
  static let credentialColumns = DatabaseColumns(Account.columns.expressions + ["password_hash"])
}

/// The first step of an attempt: wait, or go on with what was read.
private enum CredentialCheck {
  case wait(Int)
  case admitted((account: Account, hash: String?)?)
}

extension DatabaseAccountStore {
  /// The first step of every password check (signing in, changing the password, deleting the
  /// account): when no limit of `subjects` holds the attempt back, a failure is counted ahead
  /// (cleared when the check succeeds) and the account whose `column` is `value` is read with its
  /// password hash, `nil` when none is; throws `AccountRefusal.tooManyAttempts` when a limit holds.
  func credentials(
    of column: String, _ value: DatabaseValue, limitedBy subjects: [AttemptSubject], now: Int64
  ) throws -> (account: Account, hash: String?)? {
    let admitted: CredentialCheck = try store.write(nil) { db in
      if let wait = try waitSeconds(subjects, .signIn, now: now, db) { return .wait(wait) }
      try recordFailure(subjects, .signIn, now: now, db)
      return .admitted(
        try db.row(
          "SELECT \(Self.credentialColumns) FROM accounts WHERE \(column) = ?", [value],
          named: Self.credentialColumns
        ) { row in (try Account(row: row), try row["password_hash"]) })
    }
    switch admitted {
    case .wait(let seconds): throw AccountRefusal.tooManyAttempts(retryAfterSeconds: seconds)
    case .admitted(let found): return found
    }
  }

  /// Checks `password` against `account`'s own again (changing the password, deleting the
  /// account) under the sign-in limits of the account and `address`: a wrong one is audited as
  /// `failure` and refused as `AccountRefusal.invalidCredentials`. Returns the attempt's
  /// subjects (the account's, then the address's) and its time, for what the caller then writes.
  func checkPassword(
    _ password: String, of account: AccountID, session: SessionID? = nil, address: String,
    failure: AuthEventKind
  ) throws -> (subjects: [AttemptSubject], now: Int64) {
    let subjects = [
      AttemptSubject.account(account, policy.signIn.perAccount),
      .address(address, policy.signIn.perAddress),
    ]
    let now = nowMilliseconds
    let found = try credentials(of: "id", account.value, limitedBy: subjects, now: now)
    guard let hash = found?.hash, verifyPassword(password, hash) else {
      try store.write(nil) { db in
        try AccountTables.audit(
          failure, account: account, session: session, address: address, now: now, db)
      }
      throw AccountRefusal.invalidCredentials
    }
    return (subjects, now)
  }
}
