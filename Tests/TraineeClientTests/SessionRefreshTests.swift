import Foundation
import Synchronization
import Testing

@testable import TraineeAPI
@testable import TraineeClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Refresh", on an injected clock: a
// `token_expired` is renewed once and the request sent again; two requests meeting it at once
// share one refresh; a refused refresh is kept and nothing asks again; offline the app goes on
// with its expired token and renews when the server answers.

/// A fake server that takes only the current access token: `token_expired` for an older one.
final class SessionServer: Sendable {
  struct State {
    /// The one access token taken; the session starts with an expired one.
    var current = "none yet"
    var sent: [String] = []
    var offline = false
  }
  let state = Mutex(State())

  var sent: [String] { state.withLock { $0.sent } }

  func client(
    _ credentials: SessionCredentials, refusal: TokenRefusal? = nil
  ) -> TraineeAPIClient {
    var client = TraineeAPIClient(
      baseURL: URL(string: "http://perform.test")!, credentials: .session(credentials),
      timeZone: { .gmt }
    ) { [self] request in
      let auth = request.value(forHTTPHeaderField: "Authorization") ?? ""
      let (offline, current) = self.state.withLock { state in
        state.sent.append(auth)
        return (state.offline, state.current)
      }
      if offline { throw URLError(.cannotConnectToHost) }
      let ok = auth == "Bearer \(current)"
      let body =
        ok
        ? #"{"programs":[]}"#
        : #"{"error":{"code":"token_expired","message":"The access token has expired."}}"#
      return (
        Data(body.utf8),
        HTTPURLResponse(
          url: request.url!, statusCode: ok ? 200 : 401, httpVersion: nil, headerFields: nil)!
      )
    }
    client.tokenRefusal = refusal
    return client
  }
}

/// A refresh standing in for the server's: counts its calls, answers the next pair or what it is
/// told to throw, and may wait at a gate.
final class FakeRefresh: Sendable {
  struct State {
    var calls = 0
    var failure: TraineeAPIError?
    var gates: [CheckedContinuation<Void, Never>] = []
    var holding = false
    var arrived: CheckedContinuation<Void, Never>?
    /// The life of the access tokens given, in seconds.
    var life: TimeInterval = 600
  }
  let state = Mutex(State())
  let server: SessionServer
  let now: @Sendable () -> Date

  init(server: SessionServer, now: @escaping @Sendable () -> Date) {
    self.server = server
    self.now = now
  }

  var calls: Int { state.withLock { $0.calls } }

  func refresh(_ session: KeptSession) async throws(TraineeAPIError) -> KeptSession {
    let (failure, holding) = state.withLock { state in
      state.calls += 1
      return (state.failure, state.holding)
    }
    if holding {
      await withCheckedContinuation { gate in
        state.withLock { state in
          state.gates.append(gate)
          state.arrived?.resume()
          state.arrived = nil
        }
      }
    }
    if let failure { throw failure }
    let next = "access-\(calls + 1)"
    server.state.withLock { $0.current = next }
    var renewed = session
    renewed.accessToken = next
    renewed.accessExpiresAt = now().addingTimeInterval(state.withLock { $0.life })
    renewed.refreshToken = "refresh-\(calls + 1)"
    return renewed
  }
}

struct SessionRefreshTests {
  static let start = Date(timeIntervalSince1970: 1_767_657_000)  // 2026-01-05 23:50 UTC

  static func session(expiring: Date) -> KeptSession {
    KeptSession(
      server: URL(string: "http://perform.test")!, accountId: "acc", email: "ana@example.com",
      sessionId: "s1", accessToken: "access-1", accessExpiresAt: expiring,
      refreshToken: "refresh-1", refreshExpiresAt: expiring.addingTimeInterval(30 * 86_400))
  }

  /// The injected clock: moved by hand, never slept on.
  final class HandClock: Sendable {
    let time = Mutex(SessionRefreshTests.start)
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
  }

  /// The sessions kept (the session file's writes).
  final class KeptSessions: Sendable {
    let sessions = Mutex<[KeptSession]>([])
    func keep(_ session: KeptSession) { sessions.withLock { $0.append(session) } }
    var all: [KeptSession] { sessions.withLock { $0 } }
  }

  final class Rig: Sendable {
    let clock = HandClock()
    let kept = KeptSessions()
    let server = SessionServer()
    let refresh: FakeRefresh
    let credentials: SessionCredentials

    init() {
      let clock = self.clock
      let kept = self.kept
      refresh = FakeRefresh(server: server, now: { clock.now })
      let refresh = self.refresh
      credentials = SessionCredentials(
        session: SessionRefreshTests.session(expiring: SessionRefreshTests.start),
        now: { clock.now },
        refresh: { session throws(TraineeAPIError) in try await refresh.refresh(session) },
        keep: { kept.keep($0) })
    }

    func advance(_ seconds: TimeInterval) { clock.advance(seconds) }
  }

  @Test func anExpiredTokenIsRenewedOnceAndTheRequestSentAgain() async throws {
    let rig = Rig()
    let client = rig.server.client(rig.credentials)
    _ = try await client.workouts()
    #expect(rig.server.sent == ["Bearer access-1", "Bearer access-2"])
    #expect(rig.refresh.calls == 1)
    // The new pair is kept before it is used.
    #expect(rig.kept.all.map(\.refreshToken) == ["refresh-2"])
    _ = try await client.workouts()
    #expect(rig.server.sent.last == "Bearer access-2")
    #expect(rig.refresh.calls == 1)
  }

  @Test func twoRequestsMeetingAnExpiredTokenShareOneRefresh() async throws {
    let rig = Rig()
    let client = rig.server.client(rig.credentials)
    // The refresh waits at a gate until both requests have met the expired token.
    await withCheckedContinuation { arrived in
      rig.refresh.state.withLock { state in
        state.holding = true
        state.arrived = arrived
      }
      Task { _ = try? await client.workouts() }
    }
    let second = Task { try await client.nutritionPlans() }
    while rig.server.sent.count < 2 { await Task.yield() }
    rig.refresh.state.withLock { state in
      state.holding = false
      for gate in state.gates { gate.resume() }
      state.gates = []
    }
    _ = try? await second.value
    while rig.server.sent.count < 4 { await Task.yield() }
    #expect(rig.refresh.calls == 1)
    #expect(
      rig.server.sent.sorted() == [
        "Bearer access-1", "Bearer access-1", "Bearer access-2", "Bearer access-2",
      ])
  }

  @Test func aRefusedRefreshIsKeptAndNothingAsksAgain() async throws {
    let rig = Rig()
    let refused = TraineeAPIError.http(
      status: 401, error: APIErrorBody(code: "refresh_refused", message: "Sign in again."))
    rig.refresh.state.withLock { $0.failure = refused }
    let refusal = TokenRefusal()
    let client = rig.server.client(rig.credentials, refusal: refusal)
    let first = await #expect(throws: TraineeAPIError.self) { try await client.workouts() }
    #expect(first == refused)
    #expect(refusal.error == refused)
    #expect(await rig.credentials.refusal == refused)
    // Neither a request, nor the early refresh, nor another client of the session asks again.
    let again = await #expect(throws: TraineeAPIError.self) { try await client.workouts() }
    #expect(again == refused)
    rig.advance(3_600)
    #expect(await rig.credentials.refreshIfDue() == nil)
    let bare = rig.server.client(rig.credentials)
    let other = await #expect(throws: TraineeAPIError.self) { try await bare.workouts() }
    #expect(other == refused)
    #expect(rig.refresh.calls == 1)
    #expect(rig.server.sent == ["Bearer access-1", "Bearer access-1"])
    #expect(rig.kept.all.isEmpty)
  }

  @Test func offlineTheExpiredTokenIsSentAndRenewedWhenTheServerIsBack() async throws {
    let rig = Rig()
    rig.server.state.withLock { $0.offline = true }
    rig.refresh.state.withLock { $0.failure = .offline }
    let client = rig.server.client(rig.credentials, refusal: TokenRefusal())
    let failure = await #expect(throws: TraineeAPIError.self) { try await client.workouts() }
    #expect(failure == .offline)
    #expect(rig.refresh.calls == 0)

    // The early refresh found no server: not tried again for 30 s, then tried again.
    #expect(await rig.credentials.refreshIfDue() == .offline)
    #expect(rig.refresh.calls == 1)
    rig.advance(29)
    #expect(await rig.credentials.refreshIfDue() == nil)
    #expect(rig.refresh.calls == 1)
    rig.advance(1)
    #expect(await rig.credentials.refreshIfDue() == .offline)
    #expect(rig.refresh.calls == 2)
    #expect(client.tokenRefusal?.isRefused == false)

    // Back: the next request meets token_expired, renews, and is answered.
    rig.server.state.withLock { $0.offline = false }
    rig.refresh.state.withLock { $0.failure = nil }
    _ = try await client.workouts()
    #expect(rig.refresh.calls == 3)
    #expect(await rig.credentials.accessToken == "access-4")
  }

  @Test func theEarlyRefreshStartsAMinuteBeforeTheExpiry() async throws {
    let rig = Rig()
    await rig.credentials.replace(
      with: Self.session(expiring: Self.start.addingTimeInterval(600)))
    rig.advance(539)
    #expect(await rig.credentials.refreshIfDue() == nil)
    #expect(rig.refresh.calls == 0)
    rig.advance(1)
    #expect(await rig.credentials.refreshIfDue() == nil)
    #expect(rig.refresh.calls == 1)
    #expect(await rig.credentials.session.accessExpiresAt == Self.start.addingTimeInterval(1_140))
  }

  // NB: docs/decisions/the-apps-files-and-the-api-client.md, "Refresh": a token shorter-lived
  // than twice the lead is renewed at half its life, not at every tick of the app.
  @Test func aShortLivedTokenIsRenewedAtHalfItsLifeNotEverySecond() async throws {
    let rig = Rig()
    rig.refresh.state.withLock { $0.life = 30 }
    await rig.credentials.replace(with: Self.session(expiring: Self.start.addingTimeInterval(30)))
    #expect(await rig.credentials.refreshIfDue() == nil)
    #expect(rig.refresh.calls == 1)
    rig.advance(1)
    #expect(await rig.credentials.refreshIfDue() == nil)
    rig.advance(13)
    #expect(await rig.credentials.refreshIfDue() == nil)
    #expect(rig.refresh.calls == 1)
    rig.advance(1)
    #expect(await rig.credentials.refreshIfDue() == nil)
    #expect(rig.refresh.calls == 2)
  }
}
