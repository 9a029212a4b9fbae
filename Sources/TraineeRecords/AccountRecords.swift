import Foundation

/// An account's id.
public typealias AccountID = RecordID<Account>
/// A studio's id.
public typealias StudioID = RecordID<Studio>

/// What an account may do: train, coach a studio's trainees, or run the installation.
public enum AccountRole: String, Sendable, CaseIterable, Codable {
  case trainee
  case coach
  case `operator`
}

/// A person who signs in: a trainee (whose records are the trainee's), a coach or an operator.
public struct Account: Equatable, Sendable {
  public var id: AccountID
  public var role: AccountRole
  /// The name the account was created with.
  public var name: String
  /// The login, normalised (``EmailAddress``); `nil` for a trainee created by `perform trainee
  /// add`, who has only a legacy token.
  public var email: String?
  /// The trainee whose records a trainee account holds; `nil` for a coach or an operator.
  public var trainee: TraineeID?
  /// When the operator suspended the account; a suspended account is refused everything.
  public var suspendedAt: Date?
  public var createdAt: Date

  public init(
    id: AccountID, role: AccountRole, name: String, email: String?, trainee: TraineeID?,
    suspendedAt: Date?, createdAt: Date
  ) {
    self.id = id
    self.role = role
    self.name = name
    self.email = email
    self.trainee = trainee
    self.suspendedAt = suspendedAt
    self.createdAt = createdAt
  }
}

/// A coaching business: its coaches and trainees. Trainees made before accounts belong to the
/// default studio.
public struct Studio: Equatable, Sendable {
  public var id: StudioID
  public var name: String
  /// Whether this is the studio every trainee made without an invite joins.
  public var isDefault: Bool
  public var createdAt: Date

  public init(id: StudioID, name: String, isDefault: Bool, createdAt: Date) {
    self.id = id
    self.name = name
    self.isDefault = isDefault
    self.createdAt = createdAt
  }
}

/// An account's link to a studio, which either side can end.
public struct StudioMembership: Equatable, Sendable {
  public var studio: StudioID
  public var account: AccountID
  /// `.trainee` or `.coach`.
  public var role: AccountRole
  public var joinedAt: Date
  /// When the link ended; `nil` while it lasts.
  public var endedAt: Date?
  /// Whether the trainee shares their earlier records with the studio: every record not tagged
  /// with it (docs/decisions/accounts.md, "What a coach sees").
  public var sharesEarlierRecords: Bool

  public init(
    studio: StudioID, account: AccountID, role: AccountRole, joinedAt: Date, endedAt: Date?,
    sharesEarlierRecords: Bool = false
  ) {
    self.studio = studio
    self.account = account
    self.role = role
    self.joinedAt = joinedAt
    self.endedAt = endedAt
    self.sharesEarlierRecords = sharesEarlierRecords
  }
}

/// A random handle of 128 bits as 32 lowercase hex digits: a session's or an invite's id, unique
/// within its account or studio. It is not a secret (a token or a code is); it names the row to
/// end or revoke without a counter that would tell one account about the others.
public struct RandomHandle<Subject>: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public var rawValue: String

  /// Reads a handle; `nil` for anything but 32 lowercase hex digits.
  public init?(rawValue: String) {
    guard rawValue.utf8.count == 32,
      rawValue.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return nil }
    self.rawValue = rawValue
  }

  /// A new random handle.
  package static func generate() -> Self {
    Self(rawValue: SecretToken.randomHex(bytes: 16))!
  }

  public var description: String { rawValue }
}

/// A device session's id.
public typealias SessionID = RandomHandle<DeviceSession>
/// An invite's id.
public typealias InviteID = RandomHandle<Invite>

/// Why a session ended.
public enum SessionEnd: String, Sendable, CaseIterable {
  /// The person ended it (signed out on the device, or ended it from another).
  case ended
  /// Its account's password was changed from another session.
  case passwordChanged = "password_changed"
  /// An old refresh token of the session was used again: it may have been stolen.
  case refreshTokenReused = "refresh_token_reused"
  /// The operator gave the trainee a new legacy token (`perform trainee token`).
  case tokenReplaced = "token_replaced"
}

/// A signed-in device: what a person sees in their list of devices.
public struct DeviceSession: Equatable, Sendable {
  public var id: SessionID
  public var account: AccountID
  /// The device's name, as it gave it at sign-in; `legacy` for a token from before accounts.
  public var name: String
  /// The studio the session uses; `nil` when it uses none.
  public var studio: StudioID?
  public var createdAt: Date
  /// The last sign-in or refresh (an access token's use writes nothing).
  public var lastSeenAt: Date
  /// Whether it is a token from before accounts: no expiry, no refresh.
  public var isLegacy: Bool
  /// When it ended and why; `nil` while it lasts.
  public var endedAt: Date?
  public var endReason: SessionEnd?

  public init(
    id: SessionID, account: AccountID, name: String, studio: StudioID?, createdAt: Date,
    lastSeenAt: Date, isLegacy: Bool, endedAt: Date?, endReason: SessionEnd?
  ) {
    self.id = id
    self.account = account
    self.name = name
    self.studio = studio
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
    self.isLegacy = isLegacy
    self.endedAt = endedAt
    self.endReason = endReason
  }
}

/// A session's tokens, shown once: the store keeps only their SHA-256.
public struct SessionTokens: Equatable, Sendable {
  public var session: SessionID
  /// The bearer token of every request, until ``accessExpiresAt``.
  public var accessToken: String
  public var accessExpiresAt: Date
  /// The token that buys the next pair, once, until ``refreshExpiresAt``.
  public var refreshToken: String
  public var refreshExpiresAt: Date

  public init(
    session: SessionID, accessToken: String, accessExpiresAt: Date, refreshToken: String,
    refreshExpiresAt: Date
  ) {
    self.session = session
    self.accessToken = accessToken
    self.accessExpiresAt = accessExpiresAt
    self.refreshToken = refreshToken
    self.refreshExpiresAt = refreshExpiresAt
  }
}

/// A sign-in's answer: the account and its new session's tokens.
public struct SignedIn: Equatable, Sendable {
  public var account: Account
  public var tokens: SessionTokens

  public init(account: Account, tokens: SessionTokens) {
    self.account = account
    self.tokens = tokens
  }
}

/// A coach's invite of a trainee to a studio: single use, with an expiry, revocable.
public struct Invite: Equatable, Sendable {
  public var id: InviteID
  public var studio: StudioID
  /// The account that made it; `nil` when the operator made it or that account is gone.
  public var createdBy: AccountID?
  public var createdAt: Date
  public var expiresAt: Date
  /// When and by whom it was accepted.
  public var usedAt: Date?
  public var usedBy: AccountID?
  public var revokedAt: Date?

  public init(
    id: InviteID, studio: StudioID, createdBy: AccountID?, createdAt: Date, expiresAt: Date,
    usedAt: Date?, usedBy: AccountID?, revokedAt: Date?
  ) {
    self.id = id
    self.studio = studio
    self.createdBy = createdBy
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.usedAt = usedAt
    self.usedBy = usedBy
    self.revokedAt = revokedAt
  }
}

/// An invite just made, with the only copy of its code (the store keeps its SHA-256).
public struct NewInvite: Equatable, Sendable {
  public var invite: Invite
  public var code: String

  public init(invite: Invite, code: String) {
    self.invite = invite
    self.code = code
  }
}

/// An answer of the account store that refuses what was asked, in words that never tell
/// whether an account exists.
public enum AccountRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// Wrong email or password (the same for an email no account has).
  case invalidCredentials
  /// Too many failures of this kind for this login, account or address: try again after
  /// `retryAfterSeconds` (an HTTP answer's `Retry-After`).
  case tooManyAttempts(retryAfterSeconds: Int)
  /// The account is suspended.
  case accountSuspended
  /// The invite code is unknown, used, revoked or expired.
  case inviteNotUsable
  /// The email of a new account has an account already (only an invite's holder learns it).
  case emailTaken
  /// The account may not do this (a coach accepting a trainee's invite, say).
  case notAllowed
  /// The refresh token is unknown, expired, or its session ended.
  case refreshTokenNotValid
  /// The refresh token was used before: its session is ended (theft is likely).
  case refreshTokenReused

  public var description: String {
    switch self {
    case .invalidCredentials: "the email or the password is wrong"
    case .tooManyAttempts(let seconds): "too many attempts; try again in \(seconds) s"
    case .accountSuspended: "the account is suspended"
    case .inviteNotUsable: "the invite is not valid"
    case .emailTaken: "the email has an account; sign in and join with the invite"
    case .notAllowed: "the account may not do this"
    case .refreshTokenNotValid: "the session is not valid; sign in again"
    case .refreshTokenReused: "the session was ended because its refresh token was used twice"
    }
  }
}
