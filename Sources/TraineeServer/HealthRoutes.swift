import Foundation
import HTTPServer
import SQLStore
import Synchronization
import TraineeAPI

// NB: operators' tools (a systemd watchdog script, a container orchestrator, a load balancer's
// active checks) ask two questions: is the process answering (`/healthz`), and can it serve
// (`/readyz`: the database answers a trivial read, and a SQLite WAL that failed to sync has not
// left it unable to acknowledge writes). Both need no token, cost one small answer,
// and are exempt from the per-client limits, so a busy server still says how it is. While the
// server drains (stopping), its workers take nothing new and every request, these included, is
// answered 503 `busy`: not ready.

extension TraineeAPIRoutes {
  /// `GET /healthz` and `GET /readyz`.
  func registerHealthRoutes(on router: inout Router) {
    // NB: `/healthz` reads nothing, so its one answer is built once and sent from MHD's thread
    // (`answersAtOnce`), the HTTP layer's own ceiling; `/readyz` asks the database, on a worker,
    // and a "ready" is kept for a second (docs/security.md, "A flood of /readyz").
    let healthy = HTTPResponse.json(.ok, ["status": "ok"]).tagged()
    router.addExemptFromLimits(endpoints.health, answersAtOnce: true) { _ in healthy }
    let readiness = KeptReadiness(now: now)
    router.addExemptFromLimits(endpoints.readiness, kept: { _ in readiness.current() }) {
      [store] _ in
      do {
        try store.checkReadiness()
        return readiness.keep(.json(.ok, ["status": "ready"]))
      } catch SQLiteError.cannotSync {
        readiness.forget()
        return .error(
          .serviceUnavailable, code: "not_ready",
          message: "The database could not be synced to disk; restart the server.")
      } catch {
        readiness.forget()
        return .error(
          .serviceUnavailable, code: "not_ready", message: "The database does not answer.")
      }
    }
  }
}

/// The last "ready" answer of `/readyz`, sent again without asking the database for
/// ``freshFor`` after it was given; a "not ready" is never kept.
final class KeptReadiness: Sendable {
  /// How long a "ready" is sent again.
  static let freshFor: TimeInterval = 1
  private let now: @Sendable () -> Date
  private let kept = Mutex<(answer: HTTPResponse, at: Date)?>(nil)

  init(now: @escaping @Sendable () -> Date) { self.now = now }

  /// The kept "ready", when it was given less than ``freshFor`` ago by the clock (a clock set
  /// back makes it stale).
  func current() -> HTTPResponse? {
    let time = now()
    return kept.withLock { kept in
      guard let kept, time >= kept.at, time.timeIntervalSince(kept.at) < Self.freshFor else {
        return nil
      }
      return kept.answer
    }
  }

  /// Keeps `answer`, a "ready" given now, and returns it.
  func keep(_ answer: HTTPResponse) -> HTTPResponse {
    let time = now()
    kept.withLock { $0 = (answer, time) }
    return answer
  }

  /// Forgets the kept "ready": the database did not answer.
  func forget() { kept.withLock { $0 = nil } }
}
