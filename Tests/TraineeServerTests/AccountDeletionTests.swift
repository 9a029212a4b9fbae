import Foundation
import Testing

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// Deleting an account on both backends: the person's password checked again under the sign-in
/// limits, every session refused at once, a coach's invites kept by the studio, and the audit
/// log's marked events pruned after the operator's retention, on the injected clock.
@Suite struct AccountDeletionTests {
  @Test(arguments: StoreBackend.available)
  func aPersonDeletesTheirAccountWithTheirPasswordAndEverySessionIsRefused(
    _ backend: StoreBackend
  ) throws {
    let fixture = try AccountFixture(backend)
    let ada = try fixture.filledTrainee(email: "ada@example.com")
    let laptop = try fixture.accounts.signIn(
      email: "ada@example.com", password: AccountFixture.password, device: "laptop",
      address: "192.0.2.2")
    #expect(throws: AccountRefusal.invalidCredentials) {
      try fixture.accounts.deleteAccount(ada.account, password: "wrong password", address: "a")
    }
    #expect(try fixture.accounts.account(id: ada.account) != nil)
    #expect(
      try fixture.accounts.authEvents(of: ada.account, limit: 1).first?.kind
        == .accountDeletionFailed)

    let deletion = try fixture.accounts.deleteAccount(
      ada.account, password: AccountFixture.password, address: "192.0.2.1")
    #expect(deletion.trainee == ada.trainee)
    for token in [ada.tokens.accessToken, laptop.tokens.accessToken] {
      #expect(try fixture.trainees.trainee(forToken: token) == nil)
      #expect(try fixture.accounts.session(forAccessToken: token) == nil)
    }
    #expect(throws: AccountRefusal.refreshTokenNotValid) {
      try fixture.accounts.refresh(laptop.tokens.refreshToken, address: "192.0.2.2")
    }
    #expect(throws: AccountRefusal.invalidCredentials) {
      try fixture.accounts.signIn(
        email: "ada@example.com", password: AccountFixture.password, device: "phone",
        address: "192.0.2.1")
    }
    #expect(try fixture.trainees.trainee(id: ada.trainee) == nil)
    #expect(try fixture.accounts.authEvents(of: ada.account, limit: 10).isEmpty)
    let last = try #require(
      try fixture.accounts.authEvents(of: nil, limit: 100).first { $0.kind == .accountDeleted })
    #expect(last.accountMarker == deletion.marker)
    #expect(last.account == nil && last.address == "192.0.2.1")
  }

  @Test(arguments: StoreBackend.available)
  func wrongPasswordsForADeletionWaitAsSignInsDo(_ backend: StoreBackend) throws {
    let fixture = try AccountFixture(backend)
    let ada = try fixture.invitedTrainee()
    let free = fixture.accounts.policy.signIn.perAccount.freeFailures
    for _ in 0..<free {
      #expect(throws: AccountRefusal.invalidCredentials) {
        try fixture.accounts.deleteAccount(ada.account.id, password: "wrong password", address: "a")
      }
    }
    #expect(throws: AccountRefusal.invalidCredentials) {
      try fixture.accounts.deleteAccount(ada.account.id, password: "wrong password", address: "a")
    }
    // The next one must wait, even with the right password, and deletes nothing.
    #expect(throws: AccountRefusal.tooManyAttempts(retryAfterSeconds: 1)) {
      try fixture.accounts.deleteAccount(
        ada.account.id, password: AccountFixture.password, address: "a")
    }
    #expect(try fixture.accounts.account(id: ada.account.id) != nil)
    fixture.clock.advance(seconds: 1)
    _ = try fixture.accounts.deleteAccount(
      ada.account.id, password: AccountFixture.password, address: "a")
    #expect(try fixture.accounts.account(id: ada.account.id) == nil)
  }

  @Test(arguments: StoreBackend.available)
  func aCoachsDeletionLeavesTheStudioItsInvitesTheOpenOnesRevoked(_ backend: StoreBackend) throws {
    let fixture = try AccountFixture(backend)
    let ada = try fixture.filledTrainee(email: "ada@example.com")
    let studio = try #require(try fixture.accounts.memberships(of: ada.account).first?.studio)
    let open = try fixture.accounts.createInvite(studio: studio, by: ada.coach.id, validFor: nil)
    _ = try #require(try fixture.accounts.deleteAccount(ada.coach.id, address: nil))

    let invites = try fixture.accounts.invites(of: studio)
    #expect(invites.count == 2)
    #expect(invites.allSatisfy { $0.createdBy == nil })
    let revoked = try #require(invites.first { $0.id == open.invite.id })
    #expect(revoked.revokedAt == fixture.clock.now)
    #expect(invites.first { $0.id != open.invite.id }?.usedBy == ada.account)
    #expect(throws: AccountRefusal.inviteNotUsable) {
      try fixture.accounts.acceptInvite(
        code: open.code, name: "Bo", email: "bo@example.com", password: AccountFixture.password,
        device: "phone", address: "192.0.2.3")
    }
    // The trainee's link and records stay.
    #expect(try fixture.accounts.memberships(of: ada.account).map(\.studio) == [studio])
    #expect(
      try fixture.trainees.workoutHistory(for: ada.trainee).count == FilledTrainee.workoutLogs)
  }

  @Test(arguments: StoreBackend.available)
  func theAuditLogKeepsADeletedAccountsEventsForTheRetentionOnly(_ backend: StoreBackend) throws {
    let fixture = try AccountFixture(backend)
    let ada = try fixture.filledTrainee(email: "ada@example.com")
    let grace = try fixture.filledTrainee(email: "grace@example.com")
    let graceEvents = try fixture.accounts.authEvents(of: grace.account, limit: 100)
    let deletion = try #require(try fixture.accounts.deleteAccount(ada.account, address: nil))
    func marked() throws -> Int {
      try fixture.accounts.authEvents(of: nil, limit: 1000).filter {
        $0.accountMarker == deletion.marker
      }.count
    }
    let kept = try marked()
    #expect(kept > 1)
    let retention: Int64 = 30 * 86_400
    #expect(try fixture.accounts.pruneAuditLog(retentionSeconds: retention) == 0)
    fixture.clock.advance(seconds: Double(retention))
    #expect(try fixture.accounts.pruneAuditLog(retentionSeconds: retention) == 0)
    fixture.clock.advance(seconds: 1)
    #expect(try fixture.accounts.pruneAuditLog(retentionSeconds: retention) == kept)
    #expect(try marked() == 0)
    #expect(try fixture.accounts.authEvents(of: grace.account, limit: 100) == graceEvents)
  }
}
