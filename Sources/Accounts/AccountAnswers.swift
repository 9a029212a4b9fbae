import Foundation
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "The routes": the account store's values as the wire's types:
// ids as strings, times ISO 8601 in UTC with milliseconds.

/// The wire's text of a time.
private func instant(_ date: Date) -> String { ISO8601Instant.textWithMilliseconds(date) }

extension AccountDto {
  /// `account` with its live links to studios (each with the studio's name) and the studio of
  /// the request's session.
  package init(_ account: Account, currentStudio: StudioID?, in accounts: any AccountStore) throws {
    let links = try accounts.memberships(of: account.id).filter { $0.endedAt == nil }
    self.init(
      id: account.id.description, role: account.role.rawValue, name: account.name,
      email: account.email, suspended: account.suspendedAt != nil,
      studios: try links.compactMap { link in
        try accounts.studio(id: link.studio).map { StudioMembershipDto(link, studio: $0) }
      },
      currentStudioId: currentStudio?.description, traineeId: account.trainee?.description)
  }
}

extension StudioMembershipDto {
  package init(_ link: StudioMembership, studio: Studio) {
    self.init(
      studioId: link.studio.description, studioName: studio.name, role: link.role.rawValue,
      joinedAt: instant(link.joinedAt), sharesEarlierRecords: link.sharesEarlierRecords)
  }
}

extension StudioDto {
  package init(_ studio: Studio) {
    self.init(
      id: studio.id.description, name: studio.name, isDefault: studio.isDefault,
      createdAt: instant(studio.createdAt))
  }
}

extension SessionTokensDto {
  package init(_ tokens: SessionTokens) {
    self.init(
      sessionId: tokens.session.rawValue, accessToken: tokens.accessToken,
      accessExpiresAt: instant(tokens.accessExpiresAt), refreshToken: tokens.refreshToken,
      refreshExpiresAt: instant(tokens.refreshExpiresAt))
  }
}

extension SignedInDto {
  /// A new session's answer; the account's current studio is the one its session uses.
  package init(_ signedIn: SignedIn, in accounts: any AccountStore) throws {
    let session = try accounts.sessions(of: signedIn.account.id)
      .first { $0.id == signedIn.tokens.session }
    self.init(
      account: try AccountDto(
        signedIn.account, currentStudio: session?.studio, in: accounts),
      tokens: SessionTokensDto(signedIn.tokens))
  }
}

extension DeviceSessionDto {
  package init(_ session: DeviceSession, current: SessionID) {
    self.init(
      id: session.id.rawValue, name: session.name, createdAt: instant(session.createdAt),
      lastSeenAt: instant(session.lastSeenAt), current: session.id == current,
      legacy: session.isLegacy, studioId: session.studio?.description)
  }
}

extension NewInviteDto {
  package init(_ invite: NewInvite) {
    self.init(
      id: invite.invite.id.rawValue, studioId: invite.invite.studio.description,
      code: invite.code, expiresAt: instant(invite.invite.expiresAt))
  }
}

extension InviteDto {
  /// An invite as its coach sees it at `now`: `used`, `revoked`, `expired` or `open`.
  package init(_ invite: Invite, now: Date) {
    let state =
      if invite.usedAt != nil { "used" } else if invite.revokedAt != nil {
        "revoked"
      } else if invite.expiresAt <= now { "expired" } else { "open" }
    self.init(
      id: invite.id.rawValue, createdAt: instant(invite.createdAt),
      expiresAt: instant(invite.expiresAt), state: state, usedAt: invite.usedAt.map(instant),
      revokedAt: invite.revokedAt.map(instant), usedBy: invite.usedBy?.description)
  }
}

extension AuthEventDto {
  package init(_ event: AuthEvent) {
    self.init(
      id: Int(event.id), event: event.kind.rawValue, accountId: event.account?.description,
      studioId: event.studio?.description, sessionId: event.session?.rawValue,
      address: event.address ?? "", at: instant(event.at))
  }
}
