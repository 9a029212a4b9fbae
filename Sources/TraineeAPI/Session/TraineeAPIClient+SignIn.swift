import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The session file" and "Refresh":
// sign-in and refresh carry no token; sign-out carries the session's (renewed first, when the
// server says it expired).

extension TraineeAPIClient {
  /// Signs in as `email` with `password` from the device `device`: the account and the new
  /// session, kept as a `KeptSession` of this client's server.
  public func signIn(
    email: String, password: String, device: String
  ) async throws(TraineeAPIError) -> (account: AccountDto, session: KeptSession) {
    let signedIn = try await withoutCredentials.call(
      endpoints.signIn,
      body: SignInRequestDto(email: email, password: password, device: device))
    let session = try KeptSession(
      server: baseURL, accountId: signedIn.account.id,
      email: signedIn.account.email ?? email, tokens: signedIn.tokens)
    return (signedIn.account, session)
  }

  /// `session` with the next pair of tokens, bought with its refresh token (spent by this).
  public func renew(_ session: KeptSession) async throws(TraineeAPIError) -> KeptSession {
    let tokens = try await withoutCredentials.call(
      endpoints.refreshSession, body: RefreshRequestDto(refreshToken: session.refreshToken))
    return try KeptSession(
      server: session.server, accountId: session.accountId, email: session.email,
      tokens: tokens)
  }

  /// Ends this client's session on the server (204).
  public func signOut() async throws(TraineeAPIError) {
    try await call(endpoints.signOut)
  }

  /// The account of this client's session, with its studios and the one the session uses.
  public func account() async throws(TraineeAPIError) -> AccountDto {
    try await call(endpoints.getAccount)
  }

  /// Makes this client's session use the studio `studioId` (one of the account's); the account
  /// as it then is.
  public func switchStudio(to studioId: String) async throws(TraineeAPIError) -> AccountDto {
    try await call(endpoints.switchStudio, body: SwitchStudioRequestDto(studioId: studioId))
  }

  /// A client of `session`'s server carrying it, renewing it through this server and keeping
  /// every renewal in `file`; `report` hears when a renewal could not be kept.
  public static func signedIn(
    _ session: KeptSession, keepingIn file: SessionFile,
    now: @escaping @Sendable () -> Date = { Date() },
    timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current },
    report: @escaping @Sendable (String) -> Void = { _ in }
  ) -> TraineeAPIClient {
    let bare = TraineeAPIClient(
      baseURL: session.server, credentials: .none, timeZone: timeZone)
    let credentials = SessionCredentials(
      session: session, now: now,
      refresh: { session throws(TraineeAPIError) in try await bare.renew(session) },
      keep: { try file.save($0) }, report: report)
    return TraineeAPIClient(
      baseURL: session.server, credentials: .session(credentials), timeZone: timeZone)
  }

  /// Renews this client's session early when its access token is about to expire
  /// (`SessionCredentials.refreshIfDue`); a refused refresh is kept as the refusal.
  public func refreshSessionIfDue() async {
    guard case .session(let credentials) = credentials else { return }
    if case .http(401, let body)? = await credentials.refreshIfDue() {
      tokenRefusal?.refuse(body)
    }
  }
}

extension KeptSession {
  /// A session of `accountId` on `server` holding `tokens`; an expiry that is no ISO 8601 time
  /// is `.decoding`, naming the field.
  public init(
    server: URL, accountId: String, email: String, tokens: SessionTokensDto
  ) throws(TraineeAPIError) {
    func time(_ text: String, _ field: String) throws(TraineeAPIError) -> Date {
      guard let date = ISO8601Instant.date(from: text) else {
        throw .decoding(PayloadError(field: "tokens.\(field)", problem: "not an ISO 8601 time"))
      }
      return date
    }
    self.init(
      server: server, accountId: accountId, email: email, sessionId: tokens.sessionId,
      accessToken: tokens.accessToken,
      accessExpiresAt: try time(tokens.accessExpiresAt, "accessExpiresAt"),
      refreshToken: tokens.refreshToken,
      refreshExpiresAt: try time(tokens.refreshExpiresAt, "refreshExpiresAt"))
  }
}
