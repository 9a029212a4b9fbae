import Foundation
import LockedValue
import Testing

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// Invites on both backends: single use, revocable, expiring, stored hashed; joining a second
/// studio; and that no secret is ever stored or written to the audit log.
@Suite struct AccountInvitesTests {
  typealias Fixture = AccountFixture

  @Test(arguments: StoreBackend.available)
  func anInviteIsUsedOnce(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let (studio, coach, invite) = try fixture.studioWithInvite()
    let ada = try fixture.accounts.acceptInvite(
      code: invite.code, name: "Ada", email: "ada@example.com", password: Fixture.password,
      device: "phone", address: "a")
    #expect(try fixture.accounts.memberships(of: ada.account.id).map(\.studio) == [studio.id])
    #expect(throws: AccountRefusal.inviteNotUsable) {
      try fixture.accounts.acceptInvite(
        code: invite.code, name: "Eve", email: "eve@example.com", password: Fixture.password,
        device: "phone", address: "b")
    }
    let stored = try #require(try fixture.accounts.invites(of: studio.id).first)
    #expect(stored.usedBy == ada.account.id && stored.createdBy == coach.id)
    #expect(throws: AccountRefusal.inviteNotUsable) {
      try fixture.accounts.acceptInvite(code: invite.code, for: ada.account.id, address: "a")
    }
  }

  /// Two acceptances of one code at once, from two processes, make one account.
  @Test(arguments: StoreBackend.available)
  func twoAcceptancesAtOnceMakeOneAccount(_ backend: StoreBackend) throws {
    try withTemporaryDirectory { directory in
      let location = try backend.makeSharedLocation(in: directory)
      let clock = SettableClock()
      let processes = [
        try Fixture(database: backend.open(location), clock: clock),
        try Fixture(database: backend.open(location), clock: clock),
      ]
      let (studio, _, _) = try processes[0].studioWithInvite()
      for round in 0..<10 {
        let invite = try processes[0].accounts.createInvite(
          studio: studio.id, by: nil, validFor: nil)
        let answers = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
          let answer: String
          do {
            _ = try processes[index].accounts.acceptInvite(
              code: invite.code, name: "Twin", email: "twin\(round)-\(index)@example.com",
              password: Fixture.password, device: "phone", address: "10.0.\(round).\(index)")
            answer = "accepted"
          } catch {
            answer = "\(error)"
          }
          answers.withLock { $0.append(answer) }
        }
        #expect(
          answers.withLock { $0.sorted() } == ["accepted", "\(AccountRefusal.inviteNotUsable)"])
      }
      let members = try processes[1].trainees.read { db in
        try db.row("SELECT COUNT(*) FROM studio_members WHERE studio_id = ?", [studio.id.value]) {
          try $0.int(0)
        }
      }
      #expect(members == 1 + 10)
    }
  }

  @Test(arguments: StoreBackend.available)
  func aRevokedOrExpiredInviteIsRefused(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let (studio, coach, revoked) = try fixture.studioWithInvite()
    #expect(
      try fixture.accounts.revokeInvite(revoked.invite.id, studio: studio.id, by: coach.id))
    #expect(
      try !fixture.accounts.revokeInvite(revoked.invite.id, studio: studio.id, by: coach.id))
    #expect(throws: AccountRefusal.inviteNotUsable) {
      try fixture.accounts.acceptInvite(
        code: revoked.code, name: "Ada", email: "ada@example.com", password: Fixture.password,
        device: "phone", address: "a")
    }
    let expiring = try fixture.accounts.createInvite(studio: studio.id, by: coach.id, validFor: 60)
    fixture.clock.advance(seconds: 60)
    #expect(throws: AccountRefusal.inviteNotUsable) {
      try fixture.accounts.acceptInvite(
        code: expiring.code, name: "Ada", email: "ada@example.com", password: Fixture.password,
        device: "phone", address: "a")
    }
    // A coach invites only to a studio they coach.
    let other = try fixture.accounts.createStudio(name: "Elsewhere")
    #expect(throws: AccountRefusal.notAllowed) {
      try fixture.accounts.createInvite(studio: other.id, by: coach.id, validFor: nil)
    }
  }

  @Test(arguments: StoreBackend.available)
  func aSignedInTraineeJoinsASecondStudioAndEitherSideEndsTheLink(
    _ backend: StoreBackend
  ) throws {
    let fixture = try Fixture(backend)
    let ada = try fixture.invitedTrainee()
    let second = try fixture.accounts.createStudio(name: "Second")
    let invite = try fixture.accounts.createInvite(studio: second.id, by: nil, validFor: nil)
    let joined = try fixture.accounts.acceptInvite(
      code: invite.code, for: ada.account.id, address: "a")
    #expect(joined.studio == second.id && joined.role == .trainee && joined.endedAt == nil)
    #expect(try fixture.accounts.memberships(of: ada.account.id).count == 2)
    #expect(try fixture.accounts.endMembership(studio: second.id, account: ada.account.id))
    #expect(try !fixture.accounts.endMembership(studio: second.id, account: ada.account.id))
    let links = try fixture.accounts.memberships(of: ada.account.id)
    #expect(links.filter { $0.endedAt == nil }.count == 1)
    // A coach cannot take a trainee's invite.
    let coachInvite = try fixture.accounts.createInvite(studio: second.id, by: nil, validFor: nil)
    let coach = try fixture.accounts.createAccount(
      role: .coach, name: "Second coach", email: "coach2@example.com",
      password: Fixture.password, studio: second.id)
    #expect(throws: AccountRefusal.notAllowed) {
      try fixture.accounts.acceptInvite(code: coachInvite.code, for: coach.id, address: "a")
    }
  }

  @Test(arguments: StoreBackend.available)
  func anEmailIsOneLoginHoweverItIsSpelled(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    _ = try fixture.invitedTrainee(email: "Ada@Example.COM")
    let (_, _, invite) = try fixture.studioWithInvite()
    #expect(throws: AccountRefusal.emailTaken) {
      try fixture.accounts.acceptInvite(
        code: invite.code, name: "Ada again", email: "  ada@example.com",
        password: Fixture.password,
        device: "phone", address: "a")
    }
    #expect(throws: AccountRefusal.emailTaken) {
      try fixture.accounts.createAccount(
        role: .operator, name: "Op", email: "ADA@example.com", password: Fixture.password,
        studio: nil)
    }
  }

  @Test(arguments: StoreBackend.available)
  func noTokenCodePasswordOrUnknownEmailIsStored(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let (studio, coach, invite) = try fixture.studioWithInvite()
    let ada = try fixture.accounts.acceptInvite(
      code: invite.code, name: "Ada", email: "ada@example.com", password: Fixture.password,
      device: "phone", address: "a")
    let renewed = try fixture.accounts.refresh(ada.tokens.refreshToken, address: "a")
    _ = try? fixture.accounts.refresh(ada.tokens.refreshToken, address: "a")
    _ = try? fixture.accounts.signIn(
      email: "nobody@example.com", password: "hunter2 hunter2", device: "x", address: "a")
    _ = try? fixture.accounts.signIn(
      email: "ada@example.com", password: "typo in password", device: "x", address: "a")
    let revoked = try fixture.accounts.createInvite(studio: studio.id, by: coach.id, validFor: nil)
    _ = try fixture.accounts.revokeInvite(revoked.invite.id, studio: studio.id, by: coach.id)
    _ = try fixture.accounts.suspend(ada.account.id)
    let legacy = try fixture.trainees.createTrainee(name: "Legacy")

    let secrets = [
      invite.code, revoked.code, ada.tokens.accessToken, ada.tokens.refreshToken,
      renewed.accessToken, renewed.refreshToken, legacy.token, Fixture.password,
      "hunter2 hunter2", "typo in password", "nobody@example.com",
    ]
    let texts = try fixture.storedTexts()
    for secret in secrets {
      #expect(!texts.contains { $0.contains(secret) }, "\(secret) is stored")
    }
    let events = try fixture.accounts.authEvents(of: nil, limit: 100)
    #expect(
      Set(events.map(\.kind)).isSuperset(of: [
        .accountCreated, .inviteCreated, .inviteAccepted, .signIn, .refresh,
        .refreshTokenReused, .signInFailed, .inviteRevoked, .accountSuspended,
      ]))
    #expect(events.map(\.id) == events.map(\.id).sorted(by: >))
  }
}
