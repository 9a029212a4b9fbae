import Foundation
import Testing

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// Guessing is expensive: failures per login and per address wait longer and longer, on the
/// injected clock; the answers for an email no account has are the answers for one that has;
/// two stores on one database (two processes) share the counts.
@Suite struct AccountLimitsTests {
  typealias Fixture = AccountFixture

  /// What a sign-in answered, as a comparable value.
  static func answer(_ attempt: () throws -> SignedIn) -> String {
    do {
      _ = try attempt()
      return "signed in"
    } catch {
      return "\(error)"
    }
  }

  /// The answers to `count` wrong passwords for `email`, each from another address; after a
  /// refusal that names a wait, the clock moves by the wait.
  static func wrongPasswordAnswers(
    _ fixture: Fixture, email: String, count: Int
  ) throws -> [String] {
    var answers: [String] = []
    for index in 0..<count {
      do {
        _ = try fixture.accounts.signIn(
          email: email, password: "wrong password!", device: "d", address: "10.0.0.\(index)")
        answers.append("signed in")
      } catch let refusal as AccountRefusal {
        answers.append("\(refusal)")
        if case .tooManyAttempts(let seconds) = refusal {
          fixture.clock.advance(seconds: Double(seconds))
        }
      }
    }
    return answers
  }

  @Test(arguments: StoreBackend.available)
  func failuresOfOneLoginWaitLongerEachTimeUpToThirtyMinutes(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    _ = try fixture.invitedTrainee()
    let answers = try Self.wrongPasswordAnswers(fixture, email: "ada@example.com", count: 31)
    let wrong = "\(AccountRefusal.invalidCredentials)"
    #expect(Array(answers.prefix(6)) == Array(repeating: wrong, count: 6))
    let waits = answers.dropFirst(6).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    let tried = answers.dropFirst(6).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    #expect(
      waits
        == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1800, 1800].map {
          "\(AccountRefusal.tooManyAttempts(retryAfterSeconds: $0))"
        })
    #expect(tried.allSatisfy { $0 == wrong })
  }

  @Test(arguments: StoreBackend.available)
  func theRightPasswordWaitsTooAndThenClearsTheCount(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    _ = try fixture.invitedTrainee()
    _ = try Self.wrongPasswordAnswers(fixture, email: "ada@example.com", count: 6)
    let right = {
      try fixture.accounts.signIn(
        email: "ada@example.com", password: Fixture.password, device: "d", address: "10.1.0.1")
    }
    #expect(throws: AccountRefusal.tooManyAttempts(retryAfterSeconds: 1)) { try right() }
    fixture.clock.advance(seconds: 0.999)
    #expect(throws: AccountRefusal.tooManyAttempts(retryAfterSeconds: 1)) { try right() }
    fixture.clock.advance(seconds: 0.001)
    _ = try right()
    // Cleared: five free failures again.
    let answers = try Self.wrongPasswordAnswers(fixture, email: "ada@example.com", count: 7)
    #expect(answers.last == "\(AccountRefusal.tooManyAttempts(retryAfterSeconds: 1))")
  }

  @Test(arguments: StoreBackend.available)
  func anEmailNoAccountHasIsAnsweredAsOneThatHas(_ backend: StoreBackend) throws {
    let known = try Fixture(backend)
    _ = try known.invitedTrainee()
    let unknown = try Fixture(backend)
    _ = try unknown.invitedTrainee()
    #expect(
      try Self.wrongPasswordAnswers(known, email: "ada@example.com", count: 20)
        == Self.wrongPasswordAnswers(unknown, email: "nobody@example.com", count: 20))
    // Not an email at all: the same answers again.
    let malformed = try Fixture(backend)
    #expect(
      try Self.wrongPasswordAnswers(malformed, email: "not an email", count: 20)
        == Self.wrongPasswordAnswers(try Fixture(backend), email: "grace@example.com", count: 20))
  }

  /// A sign-in for an email no account has verifies the password against a decoy hash made at
  /// the policy's cost, so it does the same Argon2 work as one for an account.
  @Test func theDecoyHashCostsWhatAnAccountsHashCosts() throws {
    let fixture = try Fixture(.sqlite, policy: .defaults)
    let cost = fixture.accounts.decoyHash.split(separator: "$").prefix(3)
    #expect(Array(cost) == ["argon2id", "v=19", "m=19456,t=2,p=1"])
    _ = try fixture.studioWithInvite()
    let stored = try fixture.trainees.read { db in
      try db.row("SELECT password_hash FROM accounts") { try $0.string(0) }
    }
    #expect(stored?.split(separator: "$").prefix(3) == cost)
  }

  @Test(arguments: StoreBackend.available)
  func oneAddressTryingManyLoginsWaitsAfterTwentyFailures(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    for index in 0..<20 {
      #expect(throws: AccountRefusal.invalidCredentials) {
        try fixture.accounts.signIn(
          email: "user\(index)@example.com", password: "wrong password!", device: "d",
          address: "203.0.113.7")
      }
    }
    #expect(throws: AccountRefusal.invalidCredentials) {
      try fixture.accounts.signIn(
        email: "user20@example.com", password: "wrong password!", device: "d",
        address: "203.0.113.7")
    }
    #expect(throws: AccountRefusal.tooManyAttempts(retryAfterSeconds: 1)) {
      try fixture.accounts.signIn(
        email: "user21@example.com", password: "wrong password!", device: "d",
        address: "203.0.113.7")
    }
    // Another address is not held up.
    #expect(throws: AccountRefusal.invalidCredentials) {
      try fixture.accounts.signIn(
        email: "user21@example.com", password: "wrong password!", device: "d",
        address: "203.0.113.8")
    }
    // An hour without failures forgets them.
    fixture.clock.advance(seconds: 3600)
    for index in 0..<20 {
      #expect(throws: AccountRefusal.invalidCredentials) {
        try fixture.accounts.signIn(
          email: "later\(index)@example.com", password: "wrong password!", device: "d",
          address: "203.0.113.7")
      }
    }
  }

  @Test(arguments: StoreBackend.available)
  func refreshesAndInvitesThatFailWaitToo(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    for index in 0..<20 {
      #expect(throws: AccountRefusal.refreshTokenNotValid) {
        try fixture.accounts.refresh("pfr_guess\(index)", address: "203.0.113.7")
      }
    }
    #expect(throws: AccountRefusal.refreshTokenNotValid) {
      try fixture.accounts.refresh("pfr_guess20", address: "203.0.113.7")
    }
    #expect(throws: AccountRefusal.tooManyAttempts(retryAfterSeconds: 1)) {
      try fixture.accounts.refresh("pfr_guess21", address: "203.0.113.7")
    }
    for index in 0..<10 {
      #expect(throws: AccountRefusal.inviteNotUsable) {
        try fixture.accounts.acceptInvite(
          code: "pfi_guess\(index)", name: "Eve", email: "eve@example.com",
          password: Fixture.password, device: "d", address: "203.0.113.7")
      }
    }
    #expect(throws: AccountRefusal.inviteNotUsable) {
      try fixture.accounts.acceptInvite(
        code: "pfi_guess10", name: "Eve", email: "eve@example.com", password: Fixture.password,
        device: "d", address: "203.0.113.7")
    }
    #expect(throws: AccountRefusal.tooManyAttempts(retryAfterSeconds: 1)) {
      try fixture.accounts.acceptInvite(
        code: "pfi_guess11", name: "Eve", email: "eve@example.com", password: Fixture.password,
        device: "d", address: "203.0.113.7")
    }
  }

  /// Two stores on one database, as two processes would open it, count into the same rows.
  @Test(arguments: StoreBackend.available)
  func twoProcessesShareTheCounts(_ backend: StoreBackend) throws {
    try withTemporaryDirectory { directory in
      let location = try backend.makeSharedLocation(in: directory)
      let clock = SettableClock()
      let first = try Fixture(database: backend.open(location), clock: clock)
      let second = try Fixture(database: backend.open(location), clock: clock)
      _ = try first.invitedTrainee()
      for index in 0..<6 {
        let process = index.isMultiple(of: 2) ? first : second
        #expect(throws: AccountRefusal.invalidCredentials) {
          try process.accounts.signIn(
            email: "ada@example.com", password: "wrong password!", device: "d",
            address: "10.0.0.\(index)")
        }
      }
      for process in [first, second] {
        #expect(throws: AccountRefusal.tooManyAttempts(retryAfterSeconds: 1)) {
          try process.accounts.signIn(
            email: "ada@example.com", password: Fixture.password, device: "d", address: "10.0.1.1")
        }
      }
    }
  }
}

/// The rule of waits as a value.
@Suite struct AttemptLimitTests {
  static let limit = AttemptLimit(
    freeFailures: 2, firstDelaySeconds: 3, longestDelaySeconds: 20, forgetAfterSeconds: 100)

  @Test(arguments: [(0, 0), (1, 0), (2, 0), (3, 3), (4, 6), (5, 12), (6, 20), (7, 20), (200, 20)])
  func theDelayDoublesFromTheFirstPastTheFreeOnesUpToTheLongest(failures: Int, seconds: Int) {
    #expect(Self.limit.delaySeconds(afterFailures: failures) == seconds)
  }

  @Test func aFailureCountsOnAndAQuietSpellForgets() {
    var record = Self.limit.failing(nil, now: 1000)
    #expect(record == AttemptRecord(failures: 1, lastFailureAt: 1000, blockedUntil: 1000))
    record = Self.limit.failing(Self.limit.failing(record, now: 2000), now: 3000)
    #expect(record == AttemptRecord(failures: 3, lastFailureAt: 3000, blockedUntil: 6000))
    #expect(Self.limit.retryAfterSeconds(record, now: 3000) == 3)
    #expect(Self.limit.retryAfterSeconds(record, now: 5001) == 1)
    #expect(Self.limit.retryAfterSeconds(record, now: 6000) == nil)
    #expect(
      Self.limit.failing(record, now: 103_000)
        == AttemptRecord(failures: 1, lastFailureAt: 103_000, blockedUntil: 103_000))
  }
}

/// Emails as logins.
@Suite struct EmailAddressTests {
  @Test(arguments: [
    ("ada@example.com", "ada@example.com"), ("  Ada@Example.COM\n", "ada@example.com"),
    ("Jose\u{0301}@example.com", "jos\u{00E9}@example.com"),
  ])
  func anEmailIsTrimmedComposedAndLowercased(text: String, login: String) throws {
    #expect(try EmailAddress.normalised(text) == login)
  }

  @Test(arguments: [
    "", "ada", "@example.com", "ada@", "ada@example", "ada@@example.com", "a da@example.com",
    "ada@.example.com", "ada@example.com.", "ada\u{0007}@example.com",
    String(repeating: "a", count: 250) + "@example.com",
  ])
  func aTextThatIsNoEmailIsRefused(_ text: String) {
    #expect(throws: TraineeStoreError.invalid(field: "email", problem: "is not an email address")) {
      try EmailAddress.normalised(text)
    }
  }
}
