import Foundation
import LockedValue
import Testing

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// Issue 32's sessions on both backends: an invite makes a trainee, who signs in on devices,
/// lists and ends them; access tokens expire, refresh tokens rotate, a reused one ends its
/// session, a password change ends the others, a suspension is refused at once.
@Suite struct AccountSessionsTests {
  typealias Fixture = AccountFixture

  @Test(arguments: StoreBackend.available)
  func aTraineeSignsInOnTwoDevicesEndsOneAndOnlyThatOneIsRefused(
    _ backend: StoreBackend
  ) throws {
    let fixture = try Fixture(backend)
    let phone = try fixture.invitedTrainee()
    let laptop = try fixture.accounts.signIn(
      email: " Ada@Example.com ", password: Fixture.password, device: "laptop",
      address: "192.0.2.2")
    #expect(laptop.account == phone.account)
    // Account ids are random as trainee ids are: they count nobody (docs/security.md, "What
    // ids may reveal").
    #expect(phone.account.id.rawValue >= 1 << 32)
    let trainee = try #require(phone.account.trainee)
    let devices = try fixture.accounts.sessions(of: phone.account.id)
    #expect(Set(devices.map(\.name)) == ["phone", "laptop"])
    #expect(devices.allSatisfy { !$0.isLegacy && $0.endedAt == nil })
    #expect(try fixture.trainees.trainee(forToken: phone.tokens.accessToken)?.id == trainee)
    #expect(try fixture.trainees.trainee(forToken: laptop.tokens.accessToken)?.id == trainee)

    #expect(
      try fixture.accounts.endSession(phone.tokens.session, of: phone.account.id, address: nil))
    #expect(try fixture.trainees.trainee(forToken: phone.tokens.accessToken) == nil)
    #expect(try fixture.trainees.versionedTrainee(forToken: phone.tokens.accessToken) == nil)
    #expect(try fixture.accounts.session(forAccessToken: phone.tokens.accessToken) == nil)
    #expect(try fixture.trainees.trainee(forToken: laptop.tokens.accessToken)?.id == trainee)
    #expect(try fixture.accounts.sessions(of: phone.account.id).map(\.name) == ["laptop"])
    #expect(throws: AccountRefusal.refreshTokenNotValid) {
      try fixture.accounts.refresh(phone.tokens.refreshToken, address: "192.0.2.1")
    }
    // Another account cannot end the laptop's session by naming it.
    let other = try fixture.invitedTrainee(email: "grace@example.com")
    #expect(
      try !fixture.accounts.endSession(laptop.tokens.session, of: other.account.id, address: nil)
    )
    #expect(try fixture.trainees.trainee(forToken: laptop.tokens.accessToken)?.id == trainee)
  }

  @Test(arguments: StoreBackend.available)
  func anAccessTokenExpiresAndARefreshGivesANewPair(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let signedIn = try fixture.invitedTrainee()
    let seconds = Double(fixture.accounts.policy.accessTokenSeconds)
    #expect(signedIn.tokens.accessExpiresAt == fixture.clock.now + seconds)
    fixture.clock.advance(seconds: seconds - 1)
    #expect(try fixture.trainees.trainee(forToken: signedIn.tokens.accessToken) != nil)
    fixture.clock.advance(seconds: 1)
    // Kept answers of the token check do not outlive the token (no commit in between).
    #expect(try fixture.trainees.trainee(forToken: signedIn.tokens.accessToken) == nil)
    #expect(try fixture.accounts.session(forAccessToken: signedIn.tokens.accessToken) == nil)

    let renewed = try fixture.accounts.refresh(signedIn.tokens.refreshToken, address: "192.0.2.1")
    #expect(renewed.session == signedIn.tokens.session)
    #expect(renewed.accessToken != signedIn.tokens.accessToken)
    #expect(renewed.refreshToken != signedIn.tokens.refreshToken)
    #expect(try fixture.trainees.trainee(forToken: renewed.accessToken) != nil)
    #expect(
      try fixture.accounts.sessions(of: signedIn.account.id).first?.lastSeenAt == fixture.clock.now)
  }

  /// On a SQLite file the token check is kept until a commit; the kept answer still ends with
  /// the token's expiry, with no commit in between.
  @Test(arguments: StoreBackend.available)
  func aKeptTokenCheckEndsWithTheTokensExpiry(_ backend: StoreBackend) throws {
    try withTemporaryDirectory { directory in
      let location = try backend.makeSharedLocation(in: directory)
      let fixture = try Fixture(database: backend.open(location))
      let token = try fixture.invitedTrainee().tokens.accessToken
      for _ in 0..<3 { #expect(try fixture.trainees.versionedTrainee(forToken: token) != nil) }
      fixture.clock.advance(seconds: Double(fixture.accounts.policy.accessTokenSeconds))
      for _ in 0..<3 { #expect(try fixture.trainees.versionedTrainee(forToken: token) == nil) }
    }
  }

  @Test(arguments: StoreBackend.available)
  func aRefreshTokenUsedTwiceEndsTheWholeSession(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let signedIn = try fixture.invitedTrainee()
    let first = try fixture.accounts.refresh(signedIn.tokens.refreshToken, address: "192.0.2.1")
    let second = try fixture.accounts.refresh(first.refreshToken, address: "192.0.2.1")
    #expect(try fixture.trainees.trainee(forToken: second.accessToken) != nil)
    // The thief (or the device) uses the first refresh token again.
    #expect(throws: AccountRefusal.refreshTokenReused) {
      try fixture.accounts.refresh(signedIn.tokens.refreshToken, address: "198.51.100.9")
    }
    #expect(try fixture.trainees.trainee(forToken: second.accessToken) == nil)
    #expect(throws: AccountRefusal.refreshTokenNotValid) {
      try fixture.accounts.refresh(second.refreshToken, address: "192.0.2.1")
    }
    #expect(try fixture.accounts.sessions(of: signedIn.account.id).isEmpty)
    let kinds = try fixture.accounts.authEvents(of: signedIn.account.id, limit: 10).map(\.kind)
    #expect(kinds.prefix(2) == [.refreshFailed, .refreshTokenReused])
  }

  /// Two refreshes with one token at once from two processes (a thief racing the device): one
  /// gets the new pair, the other finds the token spent, and the session ends.
  @Test(arguments: StoreBackend.available)
  func twoRefreshesWithOneTokenAtOnceEndTheSession(_ backend: StoreBackend) throws {
    try withTemporaryDirectory { directory in
      let location = try backend.makeSharedLocation(in: directory)
      let clock = SettableClock()
      let processes = [
        try Fixture(database: backend.open(location), clock: clock),
        try Fixture(database: backend.open(location), clock: clock),
      ]
      for round in 0..<10 {
        let signedIn = try processes[0].invitedTrainee(email: "ada\(round)@example.com")
        let answers = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
          let answer: String
          do {
            _ = try processes[index].accounts.refresh(
              signedIn.tokens.refreshToken, address: "10.0.0.\(index)")
            answer = "refreshed"
          } catch {
            answer = "\(error)"
          }
          answers.withLock { $0.append(answer) }
        }
        #expect(
          answers.withLock { $0.sorted() } == [
            "refreshed", "\(AccountRefusal.refreshTokenReused)",
          ])
        #expect(try processes[1].accounts.sessions(of: signedIn.account.id).isEmpty)
      }
    }
  }

  @Test(arguments: StoreBackend.available)
  func aPasswordChangeEndsEveryOtherSession(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let phone = try fixture.invitedTrainee()
    let laptop = try fixture.accounts.signIn(
      email: "ada@example.com", password: Fixture.password, device: "laptop", address: "a")
    #expect(throws: AccountRefusal.invalidCredentials) {
      try fixture.accounts.changePassword(
        of: phone.account.id, current: "not the password", new: "a brand new password",
        keeping: phone.tokens.session, address: "a")
    }
    let refused = try #require(
      try fixture.accounts.authEvents(of: phone.account.id, limit: 1).first)
    #expect(refused.kind == .passwordChangeFailed)
    #expect(refused.session == phone.tokens.session)
    #expect(refused.address == "a")
    #expect(try fixture.trainees.trainee(forToken: laptop.tokens.accessToken) != nil)
    try fixture.accounts.changePassword(
      of: phone.account.id, current: Fixture.password, new: "a brand new password",
      keeping: phone.tokens.session, address: "a")
    #expect(try fixture.trainees.trainee(forToken: phone.tokens.accessToken) != nil)
    #expect(try fixture.trainees.trainee(forToken: laptop.tokens.accessToken) == nil)
    #expect(throws: AccountRefusal.invalidCredentials) {
      try fixture.accounts.signIn(
        email: "ada@example.com", password: Fixture.password, device: "tablet", address: "a")
    }
    _ = try fixture.accounts.signIn(
      email: "ada@example.com", password: "a brand new password", device: "tablet", address: "a")
  }

  @Test(arguments: StoreBackend.available)
  func aSuspendedAccountIsRefusedAtOnceUntilReinstated(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let signedIn = try fixture.invitedTrainee()
    let token = signedIn.tokens.accessToken
    #expect(try fixture.trainees.trainee(forToken: token) != nil)
    #expect(try fixture.accounts.suspend(signedIn.account.id))
    #expect(try fixture.trainees.trainee(forToken: token) == nil)
    #expect(throws: AccountRefusal.accountSuspended) {
      try fixture.accounts.refresh(signedIn.tokens.refreshToken, address: "a")
    }
    #expect(throws: AccountRefusal.accountSuspended) {
      try fixture.accounts.signIn(
        email: "ada@example.com", password: Fixture.password, device: "tablet", address: "a")
    }
    #expect(throws: AccountRefusal.invalidCredentials) {
      try fixture.accounts.signIn(
        email: "ada@example.com", password: "a wrong password", device: "tablet", address: "a")
    }
    #expect(try fixture.accounts.reinstate(signedIn.account.id))
    #expect(try fixture.trainees.trainee(forToken: token) != nil)
    #expect(try !fixture.accounts.suspend(AccountID(rawValue: 999_999)))
  }

  @Test(arguments: StoreBackend.available)
  func aTokenOfTraineeAddIsALegacySessionThatKeepsWorkingUntilReplaced(
    _ backend: StoreBackend
  ) throws {
    let fixture = try Fixture(backend)
    let ada = try fixture.trainees.createTrainee(name: "Ada")
    let account = try #require(try fixture.accounts.account(ofTrainee: ada.trainee.id))
    #expect(account.role == .trainee && account.email == nil && account.name == "Ada")
    let sessions = try fixture.accounts.sessions(of: account.id)
    #expect(sessions.map(\.name) == ["legacy"])
    #expect(sessions.first?.isLegacy == true)
    let studio = try fixture.accounts.defaultStudio()
    #expect(sessions.first?.studio == studio.id)
    #expect(try fixture.accounts.memberships(of: account.id).map(\.studio) == [studio.id])
    fixture.clock.advance(seconds: 400 * 86_400)
    #expect(try fixture.trainees.trainee(forToken: ada.token) == ada.trainee)

    let replaced = try fixture.trainees.replaceToken(of: ada.trainee.id)
    #expect(try fixture.trainees.trainee(forToken: ada.token) == nil)
    #expect(try fixture.trainees.trainee(forToken: replaced) == ada.trainee)
    #expect(try fixture.accounts.sessions(of: account.id).count == 1)
    // The legacy session is ended like any other.
    let legacy = try #require(try fixture.accounts.sessions(of: account.id).first)
    #expect(try fixture.accounts.endSession(legacy.id, of: account.id, address: nil))
    #expect(try fixture.trainees.trainee(forToken: replaced) == nil)
  }

  @Test(arguments: StoreBackend.available)
  func aCoachOrOperatorHasNoTraineeForItsToken(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let (_, coach, _) = try fixture.studioWithInvite()
    let signedIn = try fixture.accounts.signIn(
      email: "carter@example.com", password: Fixture.password, device: "desk", address: "a")
    #expect(signedIn.account == coach)
    #expect(try fixture.trainees.trainee(forToken: signedIn.tokens.accessToken) == nil)
    let found = try fixture.accounts.session(forAccessToken: signedIn.tokens.accessToken)
    #expect(found?.account == coach)
    #expect(found?.session.name == "desk")
  }
}
