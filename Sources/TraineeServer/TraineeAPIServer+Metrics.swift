import Foundation
import HTTPServer
import SHA256Digest
import SQLStore
import TraineeData

// NB: docs/security.md, "Metrics": `/metrics` listens on loopback unless the operator names another
// host, and then only with a bearer token; the token is compared by its SHA-256, so the time a
// refusal takes tells nothing about how much of a guess was right.

extension TraineeAPIServer {
  /// Starts `GET /metrics` on the configuration's metrics port, if it names one, and returns the
  /// port it listens on; nothing once the server is stopped.
  func startMetrics(
    store: DatabaseTraineeStore, answers: AnswerCache
  ) throws(ServerStartError) -> UInt16? {
    guard let metricsPort = configuration.metricsPort else { return nil }
    let metricsHost = configuration.metricsHost
    let expected = configuration.metricsToken.map { SHA256.hash(Array($0.utf8)) }
    let exposition = MicroHTTPDServer(
      configuration: .init(host: metricsHost, port: metricsPort, threadCount: 1),
      handler: { [self] request in
        if let expected, !scrapeIsAuthorized(request, expected: expected) {
          return .error(
            .unauthorized, code: "unauthorized",
            message: "/metrics needs Authorization: Bearer <the metrics token>.")
        }
        guard request.method == .get, request.path == "/metrics" else {
          return .error(.notFound, code: "not_found", message: "Only GET /metrics is here.")
        }
        return HTTPResponse(
          status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4"],
          body: Data(metricsText(store: store, answers: answers).utf8))
      })
    return try metricsServer.withLock {
      (running: inout MicroHTTPDServer?) throws(ServerStartError) -> UInt16? in
      // A stop that came first leaves nothing to start; one that comes after stops this.
      guard !isStopped else { return nil }
      do throws(MicroHTTPDServer.StartError) {
        let port = try exposition.start()
        running = exposition
        return port
      } catch {
        throw .metrics(host: metricsHost, port: metricsPort, error)
      }
    }
  }

  /// The Prometheus text of `/metrics`: the requests, the connections, the access log, the
  /// process, the PostgreSQL pool, the store, the kept answers and the trainees' quotas.
  private func metricsText(store: DatabaseTraineeStore, answers: AnswerCache) -> String {
    let resources = processResources()
    let pool = (store.database as? PostgreSQLDatabase)?.usage
    return metrics.render(
      gauges: [
        (
          "perform_http_requests_in_flight", "Requests begun and not ended.",
          Double(server.requestsInFlight)
        ),
        (
          "perform_http_connections_open", "Connections accepted and not closed.",
          Double(server.connectionsOpen)
        ),
        (
          "perform_http_workers_busy", "Requests a worker runs now.",
          Double(server.workersBusy)
        ),
        (
          "perform_http_requests_waiting_for_a_worker",
          "Requests waiting in their account's line (or the unauthenticated one) for a worker.",
          Double(server.requestsWaitingForAWorker)
        ),
        (
          "perform_access_log_dropped_lines",
          "Access log lines dropped (queue full or write failed).",
          Double(accessLog?.droppedLines ?? 0)
        ),
        ("process_resident_memory_bytes", "Resident memory.", resources.residentBytes),
        ("process_open_fds", "Open file descriptors.", resources.openFiles),
      ] + databasePoolGauges(pool), counters: databasePoolCounters(pool))
      + store.metrics.render() + answers.render() + store.renderQuotaMetrics()
  }
}

/// Whether `request` carries the metrics token: its bearer token's SHA-256 is `expected`.
private func scrapeIsAuthorized(_ request: HTTPRequest, expected: [UInt8]) -> Bool {
  guard let token = try? bearerToken(request) else { return false }
  return SHA256.hash(Array(token.utf8)) == expected
}

/// The PostgreSQL pool's connections in use and idle, for `/metrics`; none for SQLite.
private func databasePoolGauges(
  _ pool: PostgreSQLDatabase.PoolUsage?
) -> [(name: String, help: String, value: Double)] {
  guard let pool else { return [] }
  return [
    (
      "perform_database_connections_in_use", "PostgreSQL connections handed to a request.",
      Double(pool.inUse)
    ),
    (
      "perform_database_connections_idle", "PostgreSQL connections open and idle in the pool.",
      Double(pool.idle)
    ),
  ]
}

/// How many times a request waited for a PostgreSQL connection, for `/metrics`.
private func databasePoolCounters(
  _ pool: PostgreSQLDatabase.PoolUsage?
) -> [(name: String, help: String, value: Double)] {
  guard let pool else { return [] }
  return [
    (
      "perform_database_connection_waits_total",
      "Requests that found every PostgreSQL connection busy and waited.", Double(pool.waits)
    )
  ]
}
