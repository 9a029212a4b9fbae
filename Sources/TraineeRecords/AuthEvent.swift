import Foundation

// NB: docs/decisions/accounts.md, "The audit log": an event names the account, the studio and the
// session it concerns, the client's address and when, never a token, a code, a password, a hash or
// an email that no account has (a person who types their password into the email field would
// find it in the log).

/// What happened, in the audit log of authentication.
public enum AuthEventKind: String, Sendable, CaseIterable {
  case signIn = "sign_in"
  case signInFailed = "sign_in_failed"
  case signInRefusedSuspended = "sign_in_refused_suspended"
  case refresh
  case refreshFailed = "refresh_failed"
  case refreshTokenReused = "refresh_token_reused"
  case sessionEnded = "session_ended"
  case allSessionsEnded = "all_sessions_ended"
  case passwordChanged = "password_changed"
  case passwordChangeFailed = "password_change_failed"
  case accountCreated = "account_created"
  case accountSuspended = "account_suspended"
  case accountReinstated = "account_reinstated"
  case inviteCreated = "invite_created"
  case inviteRevoked = "invite_revoked"
  case inviteAccepted = "invite_accepted"
  case inviteRefused = "invite_refused"
  case membershipEnded = "membership_ended"
  case studioSwitched = "studio_switched"
  case legacyTokenReplaced = "legacy_token_replaced"
  case accountDeleted = "account_deleted"
  case accountDeletionFailed = "account_deletion_failed"
}

/// One entry of the audit log.
public struct AuthEvent: Equatable, Sendable {
  public var id: Int64
  public var kind: AuthEventKind
  public var account: AccountID?
  public var studio: StudioID?
  public var session: SessionID?
  public var address: String?
  public var at: Date
  /// The opaque marker that names a deleted account instead of its id (docs/decisions/accounts.md,
  /// "Deleting an account"); `nil` for a live account's event.
  public var accountMarker: String?

  public init(
    id: Int64, kind: AuthEventKind, account: AccountID?, studio: StudioID?, session: SessionID?,
    address: String?, at: Date, accountMarker: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.account = account
    self.studio = studio
    self.session = session
    self.address = address
    self.at = at
    self.accountMarker = accountMarker
  }
}
