// NB: docs/decisions/accounts.md, "The routes": the accounts' wire types. Ids are strings, times
// ISO 8601 in UTC with milliseconds, as everywhere on the wire.

/// An account as its holder and the operator see it (`GET /v1/account`).
public struct AccountDto: Codable, Equatable, Sendable {
  /// The account's id, a decimal string.
  public var id: String
  /// `trainee`, `coach` or `operator`.
  public var role: String
  public var name: String
  /// The login; absent for a trainee of `perform trainee add`, who has only a legacy token.
  public var email: String?
  public var suspended: Bool
  /// The account's live links to studios.
  public var studios: [StudioMembershipDto]
  /// The studio the request's session uses, when it uses one.
  public var currentStudioId: String?
  /// The trainee whose records a trainee account holds (the id `perform program import
  /// --trainee` takes); absent for a coach or an operator.
  public var traineeId: String?

  /// An account.
  public init(
    id: String, role: String, name: String, email: String?, suspended: Bool,
    studios: [StudioMembershipDto], currentStudioId: String?, traineeId: String? = nil
  ) {
    self.id = id
    self.role = role
    self.name = name
    self.email = email
    self.suspended = suspended
    self.studios = studios
    self.currentStudioId = currentStudioId
    self.traineeId = traineeId
  }
}

/// An account's live link to a studio.
public struct StudioMembershipDto: Codable, Equatable, Sendable {
  public var studioId: String
  public var studioName: String
  /// `trainee` or `coach`.
  public var role: String
  public var joinedAt: String
  /// Whether the trainee shares their earlier records (every record not tagged with this
  /// studio) with the studio's coaches; `false` when absent (an older server).
  @Defaulted<FalseFlag> public var sharesEarlierRecords: Bool

  /// A link.
  public init(
    studioId: String, studioName: String, role: String, joinedAt: String,
    sharesEarlierRecords: Bool = false
  ) {
    self.studioId = studioId
    self.studioName = studioName
    self.role = role
    self.joinedAt = joinedAt
    self.sharesEarlierRecords = sharesEarlierRecords
  }
}

/// A studio, as the operator sees it.
public struct StudioDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  /// Whether trainees made without an invite belong to it.
  public var isDefault: Bool
  public var createdAt: String

  /// A studio.
  public init(id: String, name: String, isDefault: Bool, createdAt: String) {
    self.id = id
    self.name = name
    self.isDefault = isDefault
    self.createdAt = createdAt
  }
}

/// The studios of the installation, oldest first.
public struct StudiosDto: Codable, Equatable, Sendable {
  public var studios: [StudioDto]

  /// A list of studios.
  public init(studios: [StudioDto]) { self.studios = studios }
}

/// A session's tokens, shown once: the access token of every request until `accessExpiresAt`,
/// and the refresh token that buys the next pair once.
public struct SessionTokensDto: Codable, Equatable, Sendable {
  /// The session's id (32 hex digits), as the device list shows it.
  public var sessionId: String
  public var accessToken: String
  public var accessExpiresAt: String
  public var refreshToken: String
  public var refreshExpiresAt: String

  /// A pair of tokens.
  public init(
    sessionId: String, accessToken: String, accessExpiresAt: String, refreshToken: String,
    refreshExpiresAt: String
  ) {
    self.sessionId = sessionId
    self.accessToken = accessToken
    self.accessExpiresAt = accessExpiresAt
    self.refreshToken = refreshToken
    self.refreshExpiresAt = refreshExpiresAt
  }
}

/// The answer of a sign-in or an accepted invite: the account and its new session.
public struct SignedInDto: Codable, Equatable, Sendable {
  public var account: AccountDto
  public var tokens: SessionTokensDto

  /// A signed-in device.
  public init(account: AccountDto, tokens: SessionTokensDto) {
    self.account = account
    self.tokens = tokens
  }
}

/// `POST /v1/auth/sign-in`: the login, the password and the device's name.
public struct SignInRequestDto: Codable, Equatable, Sendable {
  public var email: String
  public var password: String
  /// The device's name, 1 to 100 characters, as the device list shows it.
  public var device: String

  /// A sign-in.
  public init(email: String, password: String, device: String) {
    self.email = email
    self.password = password
    self.device = device
  }
}

/// `POST /v1/auth/refresh`: the refresh token to spend.
public struct RefreshRequestDto: Codable, Equatable, Sendable {
  public var refreshToken: String

  /// A refresh.
  public init(refreshToken: String) { self.refreshToken = refreshToken }
}

/// `POST /v1/auth/invites/accept`: an invite's code and the new trainee account.
public struct AcceptInviteRequestDto: Codable, Equatable, Sendable {
  public var code: String
  public var name: String
  public var email: String
  public var password: String
  public var device: String

  /// An acceptance.
  public init(code: String, name: String, email: String, password: String, device: String) {
    self.code = code
    self.name = name
    self.email = email
    self.password = password
    self.device = device
  }
}

/// `POST /v1/account/studios`: a signed-in trainee joins the studio of an invite.
public struct JoinStudioRequestDto: Codable, Equatable, Sendable {
  public var code: String

  /// A join.
  public init(code: String) { self.code = code }
}

/// `PUT /v1/account/studio`: the studio the request's session uses from now on, one of the
/// account's live links.
public struct SwitchStudioRequestDto: Codable, Equatable, Sendable {
  /// The studio's id, a decimal string.
  public var studioId: String

  /// A switch.
  public init(studioId: String) { self.studioId = studioId }
}
