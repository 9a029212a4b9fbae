import Foundation
import PasswordHashing
import SQLStore
import TraineeAPI
import TraineeData

/// The account store on the trainee store's database: the same driver, transactions and
/// injected clock (`DatabaseTraineeStore.now`), with the accounts' own policy.
public final class DatabaseAccountStore: AccountStore {
  /// The trainee store whose database, transactions and clock the accounts use.
  public let store: DatabaseTraineeStore
  /// The lifetimes, the password cost and the limits on guessing.
  public let policy: AccountPolicy
  /// A hash of no one's password at the policy's cost: a sign-in for an email no account has
  /// verifies against it, so it costs the same Argon2 work as one that has.
  let decoyHash: String
  /// Whether a password is the one an encoded hash was made from: `Argon2id.verify`, or a
  /// test's recording of the same work (docs/security.md, "Accounts": the Argon2 work of an
  /// unknown email is counted, not timed).
  let verifyPassword: @Sendable (_ password: String, _ encoded: String) -> Bool
  /// The roster's `trainee_days` rows per trainee, read again only after the trainee's writes.
  let rosterDays = RosterDayCache()

  /// The accounts of `store`'s database, with `policy`; `verifyPassword` checks every password
  /// (Argon2id's own check unless a test counts the checks).
  ///
  /// Throws `Argon2idError` when the policy's password cost cannot be hashed.
  public init(
    store: DatabaseTraineeStore, policy: AccountPolicy = .defaults,
    verifyPassword: @escaping @Sendable (_ password: String, _ encoded: String) -> Bool = {
      Argon2id.verify($0, against: $1)
    }
  ) throws {
    self.store = store
    self.policy = policy
    self.verifyPassword = verifyPassword
    decoyHash = try policy.passwordHashing.hash(SecretToken.randomHex(bytes: 16))
  }

  /// The clock's now, in milliseconds.
  var nowMilliseconds: Int64 { store.now().milliseconds }

  // MARK: Studios and accounts

  public func createStudio(name: String) throws -> Studio {
    let name = try Self.checkedName(name, field: "name")
    let now = nowMilliseconds
    let id = try store.write(nil) { db in
      try store.insertWithNewID(
        ["name": .text(name), "created_at": .integer(now)], into: "studios", db)
    }
    return Studio(
      id: StudioID(rawValue: id), name: name, isDefault: false, createdAt: Date(milliseconds: now))
  }

  public func defaultStudio() throws -> Studio {
    let now = nowMilliseconds
    return try store.write(nil) { db in
      let id = try AccountTables.defaultStudio(now: now, db)
      guard let studio = try Self.studio(id, db) else {
        throw TraineeStoreError.storageFailed("the default studio could not be read")
      }
      return studio
    }
  }

  public func studios() throws -> [Studio] {
    try store.read { db in
      try db.rows(
        "SELECT \(Studio.columns) FROM studios ORDER BY created_at, id", [],
        named: Studio.columns, Studio.init(row:))
    }
  }

  public func studio(id: StudioID) throws -> Studio? {
    try store.read { db in try Self.studio(id, db) }
  }

  public func createAccount(
    role: AccountRole, name: String, email: String, password: String, studio: StudioID?
  ) throws -> Account {
    guard role != .trainee, (role == .coach) == (studio != nil) else {
      throw TraineeStoreError.invalid(
        field: "role", problem: "must be a coach of a studio or an operator of none")
    }
    let name = try Self.checkedName(name, field: "name")
    let email = try EmailAddress.normalised(email)
    let hash = try hashPassword(password)
    let now = nowMilliseconds
    let created: AccountID? = try store.write(nil) { db in
      guard try !Self.emailTaken(email, db) else { return nil }
      let account = try AccountTables.insertAccount(
        role: role, name: name, email: email, passwordHash: hash, trainee: nil, now: now,
        in: store, db)
      if let studio { try AccountTables.join(studio, account, as: .coach, now: now, db) }
      try AccountTables.audit(
        .accountCreated, account: account, studio: studio, address: nil, now: now, db)
      return account
    }
    guard let created else { throw AccountRefusal.emailTaken }
    return Account(
      id: created, role: role, name: name, email: email, trainee: nil, suspendedAt: nil,
      createdAt: Date(milliseconds: now))
  }

  public func account(id: AccountID) throws -> Account? {
    try store.read { db in try Self.account(id, db) }
  }

  public func account(ofTrainee trainee: TraineeID) throws -> Account? {
    try store.read { db in
      try db.row(
        "SELECT \(Account.columns) FROM accounts WHERE trainee_id = ?", [trainee.value],
        named: Account.columns, Account.init(row:))
    }
  }

  public func memberships(of account: AccountID) throws -> [StudioMembership] {
    try store.read { db in
      try db.rows(
        """
        SELECT \(StudioMembership.columns) FROM studio_members WHERE account_id = ?
        ORDER BY joined_at, studio_id
        """, [account.value], named: StudioMembership.columns, StudioMembership.init(row:))
    }
  }

  public func suspend(_ account: AccountID) throws -> Bool {
    try setSuspension(of: account, suspended: true)
  }

  public func reinstate(_ account: AccountID) throws -> Bool {
    try setSuspension(of: account, suspended: false)
  }

  private func setSuspension(of account: AccountID, suspended: Bool) throws -> Bool {
    let now = nowMilliseconds
    return try store.write(nil) { db in
      let changed = try db.run(
        "UPDATE accounts SET suspended_at = ? WHERE id = ?",
        [suspended ? .integer(now) : .null, account.value])
      if changed == 1 {
        try AccountTables.audit(
          suspended ? .accountSuspended : .accountReinstated, account: account, address: nil,
          now: now, db)
      }
      return changed == 1
    }
  }

  // MARK: Checks and reads shared by the topics

  /// `password` hashed at the policy's cost, after checking its length.
  func hashPassword(_ password: String) throws -> String {
    guard password.count >= policy.shortestPassword else {
      throw TraineeStoreError.invalid(
        field: "password", problem: "is shorter than \(policy.shortestPassword) characters")
    }
    guard password.utf8.count <= policy.longestPasswordBytes else {
      throw TraineeStoreError.invalid(
        field: "password", problem: "is longer than \(policy.longestPasswordBytes) bytes")
    }
    do {
      return try policy.passwordHashing.hash(password)
    } catch {
      throw TraineeStoreError.storageFailed("\(error)")
    }
  }

  /// `text` trimmed, not empty, at most 200 characters, without control characters.
  static func checkedName(_ text: String, field: String) throws -> String {
    let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw TraineeStoreError.invalid(field: field, problem: "is empty") }
    guard name.count <= 200,
      !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw TraineeStoreError.invalid(
        field: field, problem: "is longer than 200 characters or holds a control character")
    }
    return name
  }

  /// Whether an account signs in with `email` (normalised first); for the operator's own tools
  /// (the demo coach), never for an answer to a client.
  public func hasAccount(email: String) throws -> Bool {
    let email = try EmailAddress.normalised(email)
    return try store.read { db in try Self.emailTaken(email, db) }
  }

  static func emailTaken(_ email: String, _ db: any DatabaseConnection) throws -> Bool {
    try db.row("SELECT 1 FROM accounts WHERE email = ?", [.text(email)]) { try $0.int(0) } != nil
  }

  static func account(_ id: AccountID, _ db: any DatabaseConnection) throws -> Account? {
    try db.row(
      "SELECT \(Account.columns) FROM accounts WHERE id = ?", [id.value], named: Account.columns,
      Account.init(row:))
  }

  static func studio(_ id: StudioID, _ db: any DatabaseConnection) throws -> Studio? {
    try db.row(
      "SELECT \(Studio.columns) FROM studios WHERE id = ?", [id.value], named: Studio.columns,
      Studio.init(row:))
  }
}
