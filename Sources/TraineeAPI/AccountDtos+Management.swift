// NB: docs/decisions/accounts.md, "The routes": the wire types of devices, passwords, invites,
// the operator's studios and accounts, and the audit log.

/// A signed-in device in its account's list.
public struct DeviceSessionDto: Codable, Equatable, Sendable {
  /// The session's id, 32 hex digits.
  public var id: String
  /// The device's name; `legacy` for a token of `perform trainee add`.
  public var name: String
  public var createdAt: String
  /// The last sign-in or refresh.
  public var lastSeenAt: String
  /// Whether this is the session of the request that asked.
  public var current: Bool
  /// Whether it is a legacy token: no expiry, no refresh.
  public var legacy: Bool
  /// The studio the session uses.
  public var studioId: String?

  /// A device.
  public init(
    id: String, name: String, createdAt: String, lastSeenAt: String, current: Bool,
    legacy: Bool, studioId: String?
  ) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
    self.current = current
    self.legacy = legacy
    self.studioId = studioId
  }
}

/// An account's live sessions, newest first.
public struct DeviceSessionsDto: Codable, Equatable, Sendable {
  public var sessions: [DeviceSessionDto]

  /// A device list.
  public init(sessions: [DeviceSessionDto]) { self.sessions = sessions }
}

/// `PUT /v1/account/password`.
public struct ChangePasswordRequestDto: Codable, Equatable, Sendable {
  public var currentPassword: String
  public var newPassword: String

  /// A password change.
  public init(currentPassword: String, newPassword: String) {
    self.currentPassword = currentPassword
    self.newPassword = newPassword
  }
}

/// `POST /v1/account/deletion`: the password, checked again.
public struct DeleteAccountRequestDto: Codable, Equatable, Sendable {
  public var password: String

  /// A deletion.
  public init(password: String) { self.password = password }
}

/// `POST /v1/coach/invites` and the operator's invite of a studio.
public struct CreateInviteRequestDto: Codable, Equatable, Sendable {
  /// How long the code may be used, in seconds; the server's default (7 days) when absent.
  public var validForSeconds: Int?

  /// An invite's request.
  public init(validForSeconds: Int?) { self.validForSeconds = validForSeconds }
}

/// An invite just made, with the only copy of its code.
public struct NewInviteDto: Codable, Equatable, Sendable {
  public var id: String
  public var studioId: String
  public var code: String
  public var expiresAt: String

  /// A new invite.
  public init(id: String, studioId: String, code: String, expiresAt: String) {
    self.id = id
    self.studioId = studioId
    self.code = code
    self.expiresAt = expiresAt
  }
}

/// An invite as its studio's coach sees it (never its code).
public struct InviteDto: Codable, Equatable, Sendable {
  public var id: String
  public var createdAt: String
  public var expiresAt: String
  /// `open`, `used`, `revoked` or `expired`.
  public var state: String
  public var usedAt: String?
  public var revokedAt: String?
  /// The account that accepted it.
  public var usedBy: String?

  /// An invite.
  public init(
    id: String, createdAt: String, expiresAt: String, state: String, usedAt: String?,
    revokedAt: String?, usedBy: String?
  ) {
    self.id = id
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.state = state
    self.usedAt = usedAt
    self.revokedAt = revokedAt
    self.usedBy = usedBy
  }
}

/// A studio's invites, newest first.
public struct InvitesDto: Codable, Equatable, Sendable {
  public var invites: [InviteDto]

  /// A list of invites.
  public init(invites: [InviteDto]) { self.invites = invites }
}

/// `POST /v1/operator/studios`.
public struct CreateStudioRequestDto: Codable, Equatable, Sendable {
  public var name: String

  /// A new studio's name.
  public init(name: String) { self.name = name }
}

/// `POST /v1/operator/accounts`: a coach of a studio, or an operator.
public struct CreateAccountRequestDto: Codable, Equatable, Sendable {
  /// `coach` or `operator`.
  public var role: String
  public var name: String
  public var email: String
  public var password: String
  /// The coach's studio; absent for an operator.
  public var studioId: String?

  /// A new account.
  public init(role: String, name: String, email: String, password: String, studioId: String?) {
    self.role = role
    self.name = name
    self.email = email
    self.password = password
    self.studioId = studioId
  }
}

/// One event of the audit log; it holds no secret.
public struct AuthEventDto: Codable, Equatable, Sendable {
  /// The event's number; events count up.
  public var id: Int
  /// What happened, as `sign_in` or `refresh_token_reused`.
  public var event: String
  public var accountId: String?
  public var studioId: String?
  public var sessionId: String?
  /// The client's address, or empty for a step of the command line.
  public var address: String
  public var at: String

  /// An event.
  public init(
    id: Int, event: String, accountId: String?, studioId: String?, sessionId: String?,
    address: String, at: String
  ) {
    self.id = id
    self.event = event
    self.accountId = accountId
    self.studioId = studioId
    self.sessionId = sessionId
    self.address = address
    self.at = at
  }
}

/// Events of the audit log, newest first.
public struct AuthEventsDto: Codable, Equatable, Sendable {
  public var events: [AuthEventDto]

  /// A list of events.
  public init(events: [AuthEventDto]) { self.events = events }
}
