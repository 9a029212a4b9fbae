import HTTPServer
import SQLStore
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
    // (`answersAtOnce`), the HTTP layer's own ceiling; `/readyz` asks the database, on a worker.
    let healthy = HTTPResponse.json(.ok, ["status": "ok"]).tagged()
    router.addExemptFromLimits(endpoints.health, answersAtOnce: true) { _ in healthy }
    router.addExemptFromLimits(endpoints.readiness) { [store] _ in
      do {
        try store.checkReadiness()
        return .json(.ok, ["status": "ready"])
      } catch SQLiteError.cannotSync {
        return .error(
          .serviceUnavailable, code: "not_ready",
          message: "The database could not be synced to disk; restart the server.")
      } catch {
        return .error(
          .serviceUnavailable, code: "not_ready", message: "The database does not answer.")
      }
    }
  }
}
