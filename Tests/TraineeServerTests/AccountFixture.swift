import Foundation
import LockedValue
import PasswordHashing

@testable import Accounts
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema

/// A wall clock the account tests move by hand.
final class SettableClock: Sendable {
  private let current: Locked<Date>

  init(_ start: Date = StoreFixture.monday) { current = Locked(start) }

  var now: Date { current.withLock { $0 } }

  func advance(seconds: Double) { current.withLock { $0 += seconds } }
}

extension AccountPolicy {
  /// The defaults at a cheap Argon2id cost, so the tests that sign in many times stay quick.
  static var cheapHashing: AccountPolicy {
    var policy = AccountPolicy.defaults
    policy.passwordHashing = Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1)
    return policy
  }
}

/// A trainee store and its accounts on one database of a backend, on a settable clock.
struct AccountFixture {
  static let password = "correct horse battery"
  let clock: SettableClock
  let trainees: DatabaseTraineeStore
  let accounts: DatabaseAccountStore

  init(_ backend: StoreBackend, policy: AccountPolicy = .cheapHashing) throws {
    try self.init(database: backend.makeDatabase(), policy: policy)
  }

  init(
    database: any DatabaseDriver, clock: SettableClock = SettableClock(),
    policy: AccountPolicy = .cheapHashing,
    verifyPassword: @escaping @Sendable (String, String) -> Bool = {
      Argon2id.verify($0, against: $1)
    }
  ) throws {
    self.clock = clock
    trainees = try DatabaseTraineeStore(database: database, now: { clock.now })
    accounts = try DatabaseAccountStore(
      store: trainees, policy: policy, verifyPassword: verifyPassword)
  }

  /// A studio with a coach, and an invite of the coach.
  func studioWithInvite(
    coachEmail: String = "carter@example.com"
  ) throws -> (studio: Studio, coach: Account, invite: NewInvite) {
    let studio = try accounts.createStudio(name: "Iron Temple")
    let coach = try accounts.createAccount(
      role: .coach, name: "Coach Carter", email: coachEmail, password: Self.password,
      studio: studio.id)
    let invite = try accounts.createInvite(studio: studio.id, by: coach.id, validFor: nil)
    return (studio, coach, invite)
  }

  /// A trainee who joined by invite, signed in on a phone.
  func invitedTrainee(email: String = "ada@example.com") throws -> SignedIn {
    let (_, _, invite) = try studioWithInvite(coachEmail: "coach-of-" + email)
    return try accounts.acceptInvite(
      code: invite.code, name: "Ada", email: email, password: Self.password, device: "phone",
      address: "192.0.2.1")
  }

  /// Every text value of every row of the accounts' tables, to look for secrets in.
  func storedTexts() throws -> [String] {
    let tables = [
      "studios", "accounts", "studio_members", "sessions", "retired_refresh_tokens", "invites",
      "auth_attempts", "auth_events",
    ]
    return try trainees.read { db in
      try tables.flatMap { table in
        let columns = DatabaseCopy.tables.first { $0.name == table }!.columns
        return try db.rows("SELECT \(columns.joined(separator: ", ")) FROM \(table)") { row in
          try columns.indices.compactMap { index -> String? in
            if case .text(let text) = try row.value(index) { return text }
            return nil
          }
        }.flatMap { $0 }
      }
    }
  }
}
