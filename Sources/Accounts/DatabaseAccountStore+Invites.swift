import Foundation
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "Invites": a code is 128 random bits shown once and stored as
// its SHA-256. Accepting one checks the address's wait (and the account's, when signed in), finds
// the code and spends it in the same write transaction as the account or the membership it makes,
// under a condition on `used_at` and `revoked_at`, so two acceptances of one code at once make one
// account. A new account's password is hashed before the code is looked at, so a good code and a
// bad one cost the same.

extension DatabaseAccountStore {
  public func createInvite(
    studio: StudioID, by coach: AccountID?, validFor: Int?
  ) throws -> NewInvite {
    let seconds = min(validFor ?? policy.inviteSeconds, policy.longestInviteSeconds)
    guard seconds > 0 else {
      throw TraineeStoreError.invalid(field: "validFor", problem: "is not a positive duration")
    }
    let code = SecretToken.invite()
    let now = nowMilliseconds
    let invite = Invite(
      id: .generate(), studio: studio, createdBy: coach, createdAt: Date(milliseconds: now),
      expiresAt: Date(milliseconds: now + Int64(seconds) * 1000), usedAt: nil, usedBy: nil,
      revokedAt: nil)
    let made = try store.write(nil) { db in
      if let coach, try !Self.isCoach(coach, of: studio, db) { return false }
      guard try Self.studio(studio, db) != nil else { return false }
      try db.insert(
        into: "invites",
        [
          "studio_id": studio.value, "id": .text(invite.id.rawValue),
          "code_sha256": .text(BearerToken.digest(code)),
          "created_by": DatabaseValue(coach?.rawValue), "created_at": .integer(now),
          "expires_at": .integer(invite.expiresAt.milliseconds),
        ])
      try AccountTables.audit(
        .inviteCreated, account: coach, studio: studio, address: nil, now: now, db)
      return true
    }
    guard made else { throw AccountRefusal.notAllowed }
    return NewInvite(invite: invite, code: code)
  }

  public func invites(of studio: StudioID) throws -> [Invite] {
    try store.read { db in
      try db.rows(
        """
        SELECT \(Invite.columns) FROM invites WHERE studio_id = ? ORDER BY created_at DESC, id
        """, [studio.value], named: Invite.columns, Invite.init(row:))
    }
  }

  public func revokeInvite(
    _ invite: InviteID, studio: StudioID, by account: AccountID?
  ) throws -> Bool {
    let now = nowMilliseconds
    return try store.write(nil) { db in
      let revoked = try db.run(
        """
        UPDATE invites SET revoked_at = ?
        WHERE studio_id = ? AND id = ? AND used_at IS NULL AND revoked_at IS NULL
        """, [.integer(now), studio.value, .text(invite.rawValue)])
      if revoked == 1 {
        try AccountTables.audit(
          .inviteRevoked, account: account, studio: studio, address: nil, now: now, db)
      }
      return revoked == 1
    }
  }

  public func acceptInvite(
    code: String, name: String, email: String, password: String, device: String,
    address: String
  ) throws -> SignedIn {
    let name = try Self.checkedName(name, field: "name")
    let email = try EmailAddress.normalised(email)
    let device = try Self.deviceName(device)
    let hash = try hashPassword(password)
    let now = nowMilliseconds
    let byAddress = AttemptSubject.address(address, policy.inviteAcceptance.perAddress)
    let answer: Result<SignedIn, AccountRefusal> = try store.write(nil) { db in
      if let wait = try waitSeconds([byAddress], .acceptInvite, now: now, db) {
        return .failure(.tooManyAttempts(retryAfterSeconds: wait))
      }
      guard let invite = try Self.usableInvite(code, now: now, db) else {
        try recordFailure([byAddress], .acceptInvite, now: now, db)
        try AccountTables.audit(.inviteRefused, account: nil, address: address, now: now, db)
        return .failure(.inviteNotUsable)
      }
      guard try !Self.emailTaken(email, db) else {
        try recordFailure([byAddress], .acceptInvite, now: now, db)
        try AccountTables.audit(
          .inviteRefused, account: nil, studio: invite.studio, address: address, now: now, db)
        return .failure(.emailTaken)
      }
      let trainee = TraineeID(
        rawValue: try store.insertTrainee(
          [
            // NB: the column is NOT NULL UNIQUE; an invited trainee has no legacy token, so it
            // holds the digest of a secret no one is given.
            "name": .text(name),
            "token_sha256": .text(BearerToken.digest(SecretToken.randomHex(bytes: 32))),
            "created_at": .integer(now),
          ], db))
      let account = try AccountTables.insertAccount(
        role: .trainee, name: name, email: email, passwordHash: hash, trainee: trainee, now: now,
        in: store, db)
      try Self.spend(invite, by: account, now: now, db)
      try AccountTables.join(invite.studio, account, as: .trainee, now: now, db)
      try AccountTables.audit(
        .inviteAccepted, account: account, studio: invite.studio, address: address, now: now, db)
      let tokens = try startSession(of: account, device: device, address: address, now: now, db)
      let created = Account(
        id: account, role: .trainee, name: name, email: email, trainee: trainee,
        suspendedAt: nil, createdAt: Date(milliseconds: now))
      return .success(SignedIn(account: created, tokens: tokens))
    }
    return try answer.get()
  }

  public func acceptInvite(
    code: String, for account: AccountID, address: String
  ) throws -> StudioMembership {
    let now = nowMilliseconds
    let subjects = [
      AttemptSubject.address(address, policy.inviteAcceptance.perAddress),
      .account(account, policy.inviteAcceptance.perAccount),
    ]
    let answer: Result<StudioMembership, AccountRefusal> = try store.write(nil) { db in
      if let wait = try waitSeconds(subjects, .acceptInvite, now: now, db) {
        return .failure(.tooManyAttempts(retryAfterSeconds: wait))
      }
      guard let invite = try Self.usableInvite(code, now: now, db) else {
        try recordFailure(subjects, .acceptInvite, now: now, db)
        try AccountTables.audit(.inviteRefused, account: account, address: address, now: now, db)
        return .failure(.inviteNotUsable)
      }
      guard let joining = try Self.account(account, db), joining.role == .trainee else {
        return .failure(.notAllowed)
      }
      guard joining.suspendedAt == nil else { return .failure(.accountSuspended) }
      try Self.spend(invite, by: account, now: now, db)
      try AccountTables.join(invite.studio, account, as: .trainee, now: now, db)
      try AccountTables.audit(
        .inviteAccepted, account: account, studio: invite.studio, address: address, now: now, db)
      return .success(
        try db.row(
          """
          SELECT \(StudioMembership.columns) FROM studio_members
          WHERE studio_id = ? AND account_id = ?
          """, [invite.studio.value, account.value], named: StudioMembership.columns,
          StudioMembership.init(row:))!)
    }
    return try answer.get()
  }

  /// The invite of `code` when it is unused, unrevoked and unexpired at `now`.
  private static func usableInvite(
    _ code: String, now: Int64, _ db: any DatabaseConnection
  ) throws -> Invite? {
    try db.row(
      """
      SELECT \(Invite.columns) FROM invites
      WHERE code_sha256 = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?
      """, [.text(BearerToken.digest(code)), .integer(now)], named: Invite.columns,
      Invite.init(row:))
  }

  /// Marks the invite used by `account`; throws (undoing the caller's write) when another
  /// acceptance spent it first.
  private static func spend(
    _ invite: Invite, by account: AccountID, now: Int64, _ db: any DatabaseConnection
  ) throws {
    let spent = try db.run(
      """
      UPDATE invites SET used_at = ?, used_by = ?
      WHERE studio_id = ? AND id = ? AND used_at IS NULL AND revoked_at IS NULL
      """, [.integer(now), account.value, invite.studio.value, .text(invite.id.rawValue)])
    guard spent == 1 else { throw AccountRefusal.inviteNotUsable }
  }

  /// Whether the account is a live coach member of `studio`.
  static func isCoach(
    _ account: AccountID, of studio: StudioID, _ db: any DatabaseConnection
  ) throws -> Bool {
    try db.row(
      """
      SELECT 1 FROM studio_members
      WHERE studio_id = ? AND account_id = ? AND role = 'coach' AND ended_at IS NULL
      """, [studio.value, account.value], { try $0.int(0) }) != nil
  }
}
