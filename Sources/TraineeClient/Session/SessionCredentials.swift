import Foundation
import TraineeAPI

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Refresh": the access token is
// renewed with the refresh token when the server answers `token_expired`, and early, in the
// background, shortly before its expiry. One refresh is in flight at a time: the requests that
// meet an expired token meanwhile wait for it and are sent again with its answer. The new pair is
// kept in the session file before it is used. A refused refresh is kept, and never asked again.

/// The signed-in session a client's requests carry: its current access token, renewed with the
/// refresh token, one refresh at a time, and kept after every renewal.
///
/// Time is the injected `now`; nothing here sleeps.
public actor SessionCredentials {
  /// What renews a session: sends its refresh token and answers the session with the new pair.
  public typealias Refresh = @Sendable (KeptSession) async throws(TraineeAPIError) -> KeptSession

  /// The session as it is now (its latest tokens).
  public private(set) var session: KeptSession
  /// The server's refusal of the refresh token, once it came: every later refresh throws it.
  public private(set) var refusal: TraineeAPIError?
  private let now: @Sendable () -> Date
  private let refresh: Refresh
  private let keep: @Sendable (KeptSession) throws -> Void
  private let report: @Sendable (String) -> Void
  private var inFlight: Task<Result<KeptSession, TraineeAPIError>, Never>?
  /// No early refresh before this time: one that found no server waits a while.
  private var earlyRefreshNotBefore: Date?
  /// How long before the expiry the early refresh starts: `earlyRefreshLead`, or half the life of
  /// the last token a refresh gave when that life is shorter than twice the lead.
  private var lead = SessionCredentials.earlyRefreshLead

  /// How long before the access token's expiry the early refresh starts (at most half the
  /// token's life, so a server's 30-second tokens are not renewed every second).
  public static let earlyRefreshLead: TimeInterval = 60
  /// How long an early refresh that reached no server waits before it is tried again.
  public static let earlyRefreshRetry: TimeInterval = 30

  /// Carries `session`; `refresh` renews it, `keep` stores each renewed session (the session
  /// file) and `report` hears when it could not; `now` is the clock the expiry is read on.
  public init(
    session: KeptSession, now: @escaping @Sendable () -> Date,
    refresh: @escaping Refresh, keep: @escaping @Sendable (KeptSession) throws -> Void,
    report: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.session = session
    self.now = now
    self.refresh = refresh
    self.keep = keep
    self.report = report
  }

  /// The access token to send now (expired or not: offline, the app goes on with it, and the
  /// server's `token_expired` brings the refresh).
  public var accessToken: String { session.accessToken }

  /// The access token that replaces `token`, which the server answered `token_expired` to: the
  /// current one when another request renewed it meanwhile, else a refresh's (shared with any
  /// refresh in flight). Throws the refresh's failure; a refusal (401) is kept.
  public func accessToken(replacing token: String) async throws(TraineeAPIError) -> String {
    if session.accessToken != token { return session.accessToken }
    return try await renewed().accessToken
  }

  /// Renews the session early, when its access token expires within `earlyRefreshLead` of now
  /// (or has expired) and no early refresh reached no server in the last `earlyRefreshRetry`.
  /// Answers the failure of a refresh it tried, `nil` when it tried none or it succeeded.
  @discardableResult
  public func refreshIfDue() async -> TraineeAPIError? {
    guard refusal == nil, inFlight == nil else { return nil }
    let time = now()
    guard time >= session.accessExpiresAt.addingTimeInterval(-lead) else {
      return nil
    }
    if let notBefore = earlyRefreshNotBefore, time < notBefore { return nil }
    do {
      _ = try await renewed()
      return nil
    } catch {
      if error.isUnreachable {
        earlyRefreshNotBefore = time.addingTimeInterval(Self.earlyRefreshRetry)
      }
      return error
    }
  }

  /// Replaces the session (a new sign-in of the same account after a refusal) and forgets the
  /// refusal.
  public func replace(with session: KeptSession) {
    self.session = session
    refusal = nil
    earlyRefreshNotBefore = nil
    persist(session)
  }

  /// The session after one refresh: the one in flight, or a new one.
  private func renewed() async throws(TraineeAPIError) -> KeptSession {
    if let refusal { throw refusal }
    if let inFlight { return try await inFlight.value.get() }
    let current = session
    let refresh = self.refresh
    let task = Task<Result<KeptSession, TraineeAPIError>, Never> {
      do throws(TraineeAPIError) {
        return .success(try await refresh(current))
      } catch {
        return .failure(error)
      }
    }
    inFlight = task
    let result = await task.value
    inFlight = nil
    switch result {
    case .success(let renewed):
      session = renewed
      earlyRefreshNotBefore = nil
      let life = renewed.accessExpiresAt.timeIntervalSince(now())
      lead = min(Self.earlyRefreshLead, max(0, life / 2))
      persist(renewed)
      return renewed
    case .failure(let error):
      if error.isRefusedToken { refusal = error }
      throw error
    }
  }

  private func persist(_ session: KeptSession) {
    do {
      try keep(session)
    } catch {
      report("The new sign-in tokens could not be saved on this device: \(error)")
    }
  }
}
