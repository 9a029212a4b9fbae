import DurableFiles
import Foundation
import HTTPServer
import SQLStore
import TraineeData
import TraineeServer

#if canImport(Glibc)
  import Glibc
#endif

/// `perform serve`: the trainee API on libmicrohttpd and SQLite or PostgreSQL, until SIGINT or
/// SIGTERM.
enum ServeCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let settings: ServeSettings
    do {
      settings = try ServeSettings(
        arguments: arguments, environment: ProcessInfo.processInfo.environment)
    } catch {
      fail("\(error)\n\n\(usage(of: "serve"))")
      return 2
    }
    if settings.checkOnly {
      let problems = settings.problems()
      guard problems.isEmpty else {
        problems.forEach { fail($0) }
        return 2
      }
      settings.summary.forEach(say)
      say("configuration ok")
      return 0
    }
    let options = settings.given
    let configuration = settings.configuration
    let (host, port) = (configuration.host, configuration.port)
    let accessLog: JSONLineLog?
    switch settings.accessLog {
    case .off:
      accessLog = nil
    case .standardOutput:
      accessLog = JSONLineLog(descriptor: STDOUT_FILENO)
    case .file(let file):
      do {
        accessLog = try JSONLineLog(appendingTo: file)
      } catch {
        fail("--access-log \(error)")
        return 1
      }
    }
    // NB: the server listens before the database is opened and migrated, so an orchestrator
    // sees the process alive (`/healthz` 200) and not ready (`/readyz` 503) while a long
    // migration runs; every other request meanwhile is 503 with Retry-After.
    let termination = TerminationSignal()
    // Errors and warnings go to standard error as JSON lines with the request's id.
    let errorLog = JSONLineLog(descriptor: STDERR_FILENO)
    let metrics = ServerMetrics()
    let serving = ServingRouters()
    let completed: @Sendable (CompletedRequest) -> Void = { request in
      // NB: the serving router, not `patterns`: it finds the route its `admit` kept in the head.
      let route = serving.current?.router.routePattern(of: request.head)
      metrics.record(request, route: route)
      accessLog?.write(JSONLineLog.accessLine(request, route: route))
    }
    let server = MicroHTTPDServer(
      configuration: configuration,
      admit: { request in
        guard let router = serving.current?.router else { return startingAnswer(request) }
        return router.admit(&request)
      },
      exempt: { request in
        serving.current?.router.isExemptFromLimits(request) ?? true
      },
      completed: completed,
      answerAtOnce: { request in
        guard let current = serving.current else { return nil }
        return current.router.respondFromKept(to: request, storeIsLocal: current.answersAtOnce)
      },
      handler: { request in
        guard let router = serving.current?.router else { return startingAnswer(request) }
        return router.respondConditionally(to: request)
      })
    let bound: UInt16
    do {
      bound = try server.start()
    } catch {
      fail("cannot listen on \(host):\(port): \(error)")
      return 1
    }
    let store: DatabaseTraineeStore
    let path: String
    do {
      // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput:
      // kept answers, group commit and paged history", "checkpoints off the writer".
      (store, path) = try openStore(options, serving: true)
    } catch {
      server.stop()
      fail("\(error)")
      return 1
    }
    if settings.demo {
      do {
        let demo = try DemoTokenFile(databasePath: demoTokenBase(options, database: path))
          .ensureDemo(in: store)
        say("demo trainee: \(demo.id)")
        say("token: \(demo.token)")
      } catch {
        server.stop()
        fail("cannot set up the demo trainee: \(error)")
        return 1
      }
    }
    let answers = AnswerCache()
    let routes = TraineeAPIRoutes(store: store, now: { Date() }, cache: answers)
    let patterns = routes.router()
    let router = routes.router { error, request in
      errorLog.write(
        JSONLineLog.errorLine(
          "\(error)", request: request, route: patterns.routePattern(of: request), at: Date()))
    }
    // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput:
    // kept answers, group commit and paged history": on SQLite the version check of a kept answer
    // is a local read; on PostgreSQL it is a round trip that would hold every connection of MHD's
    // thread, so it stays on the workers.
    serving.publish(
      router: router, patterns: patterns, answersAtOnce: store.database is SQLiteDatabase)
    say("database: \(path)")
    say("listening: http://\(host.contains(":") ? "[\(host)]" : host):\(bound)")
    var metricsServer: MicroHTTPDServer?
    if let metricsPort = settings.metricsPort {
      let exposition = MicroHTTPDServer(
        configuration: .init(host: settings.metricsHost, port: metricsPort, threadCount: 1),
        handler: { request in
          guard request.method == .get, request.path == "/metrics" else {
            return .error(.notFound, code: "not_found", message: "Only GET /metrics is here.")
          }
          let resources = processResources()
          let pool = (store.database as? PostgreSQLDatabase)?.usage
          let text =
            metrics.render(
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
                  "perform_access_log_dropped_lines",
                  "Access log lines dropped (queue full or write failed).",
                  Double(accessLog?.droppedLines ?? 0)
                ),
                ("process_resident_memory_bytes", "Resident memory.", resources.residentBytes),
                ("process_open_fds", "Open file descriptors.", resources.openFiles),
              ] + databasePoolGauges(pool), counters: databasePoolCounters(pool))
            + store.metrics.render() + answers.render()
          return HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4"],
            body: Data(text.utf8))
        })
      do {
        let port = try exposition.start()
        metricsServer = exposition
        let metricsHost = settings.metricsHost
        say(
          "metrics: http://\(metricsHost.contains(":") ? "[\(metricsHost)]" : metricsHost):\(port)/metrics"
        )
      } catch {
        fail("cannot listen for metrics on \(settings.metricsHost):\(metricsPort): \(error)")
        server.stop()
        return 1
      }
    }
    // SIGHUP (a log rotation moved the file away): the access log opens its file again.
    let hangUp = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
    hangUp.setEventHandler {
      do {
        try accessLog?.reopen()
      } catch {
        errorLog.write(
          JSONLineLog.errorLine(
            "cannot reopen the access log: \(error)", request: nil, route: nil, at: Date()))
      }
    }
    listen(hangUp, for: SIGHUP)
    termination.wait()
    // SIGTERM or SIGINT: no new connection; the requests begun end (bounded); then stop.
    if !server.drain(timeout: .seconds(settings.drainSeconds)) {
      errorLog.write(
        JSONLineLog.errorLine(
          "requests still running after \(settings.drainSeconds) s were cut off", request: nil,
          route: nil, at: Date()))
    }
    hangUp.cancel()
    metricsServer?.stop()
    accessLog?.close()
    errorLog.close()
    return 0
  }

}

/// SIGINT and SIGTERM, caught from the moment this exists: a signal that arrives before
/// `wait()` (between printing `listening:` and waiting, say) is not lost.
final class TerminationSignal {
  private let received = DispatchSemaphore(value: 0)
  private var sources: [any DispatchSourceSignal] = []

  init() {
    #if os(Linux)
      // NB: libdispatch reads a signal from a signalfd, which sees only a signal that no thread
      // takes; a thread that does not block it takes it into a handler that blocks it there and
      // sends it on to libdispatch's own thread. A server under load was seen to miss a SIGTERM
      // (it stopped at a second one; not reproduced since), and that hand-over is the likeliest
      // place. Blocked here, in the main thread before the server starts any other, SIGINT,
      // SIGTERM and SIGHUP are blocked in every thread (threads inherit the mask), so each
      // waits for the signalfd and none is handed between threads. SIGHUP's source is made
      // later; one that arrives before it waits for it.
      var blocked = sigset_t()
      sigemptyset(&blocked)
      for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signalNumber) }
      pthread_sigmask(SIG_BLOCK, &blocked, nil)
    #endif
    for signalNumber in [SIGINT, SIGTERM] {
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { [received] in received.signal() }
      listen(source, for: signalNumber)
      sources.append(source)
    }
  }

  /// Blocks until SIGINT or SIGTERM has arrived.
  func wait() {
    received.wait()
    sources.forEach { $0.cancel() }
  }
}

/// Resumes `source` and returns once libdispatch listens for `signalNumber`.
///
/// On Linux libdispatch registers the source from its own thread after `resume()` returns, and
/// registering installs its handler with `sigaction` (the handler hands the signal to the
/// source's signalfd). Setting `SIG_IGN` after `resume()`, as on Darwin, raced with that: when it
/// came second it replaced the handler, and every later SIGTERM was discarded (a server that did
/// not stop). So the registration is waited for, and only Darwin's kqueue, which sees ignored
/// signals, gets `SIG_IGN`, once the source listens, so that no signal falls between the two.
func listen(_ source: any DispatchSourceSignal, for signalNumber: Int32) {
  let registered = DispatchSemaphore(value: 0)
  source.setRegistrationHandler { registered.signal() }
  source.resume()
  registered.wait()
  #if !os(Linux)
    signal(signalNumber, SIG_IGN)
  #endif
}

/// The store at `--database PATH_OR_URL` (a `postgresql://` or `postgres://` URL is PostgreSQL,
/// anything else a SQLite file), else `DIR/perform.sqlite` of the data directory; returns it with
/// where it is (a URL without its password). `serving`: a SQLite file is opened as the server
/// wants it, its WAL checkpointed on a thread of its own every 100 ms
/// (`SQLiteCheckpointer`) and its commits synced off the writer (`SQLiteWALSync`).
func openStore(
  _ options: Options, serving: Bool = false
) throws -> (DatabaseTraineeStore, String) {
  let path: String
  if let explicit = options.values["database"] {
    if PostgreSQLDatabase.isURL(explicit) {
      let database = try PostgreSQLDatabase(url: explicit)
      return (try DatabaseTraineeStore(database: database), database.location)
    }
    path = explicit
    keepDatabaseOwnerOnly(path)
  } else {
    let layout = dataLayout(options)
    try prepareDataDirectory(layout)
    path = layout.database.path
  }
  return (
    try DatabaseTraineeStore(
      path: path,
      options: serving
        ? SQLiteDatabase.Options(checkpointInterval: serverCheckpointInterval, syncOffWriter: true)
        : SQLiteDatabase.Options()),
    path
  )
}

/// How often `perform serve` checkpoints a SQLite file's WAL.
private let serverCheckpointInterval = Duration.milliseconds(100)

/// Where the demo token is kept: beside a SQLite file, in the data directory for PostgreSQL.
func demoTokenBase(_ options: Options, database: String) -> String {
  guard PostgreSQLDatabase.isURL(options.values["database"] ?? "") else { return database }
  let layout = dataLayout(options)
  try? FileManager.default.createDirectory(at: layout.root, withIntermediateDirectories: true)
  return layout.postgreSQLTokenBase.path
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

/// Writes a line to standard output at once (the line is read by scripts and tests).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((shownLine(line) + "\n").utf8))
}

/// The answer while the database is being opened and migrated: the process is alive
/// (`/healthz`), not ready (`/readyz` 503), and every other request is asked to come back.
private func startingAnswer(_ request: HTTPRequest) -> HTTPResponse {
  if request.path == "/healthz" { return .json(.ok, ["status": "ok"]) }
  var response = HTTPResponse.error(
    .serviceUnavailable, code: request.path == "/readyz" ? "not_ready" : "busy",
    message: "The server is starting: its database is being opened and migrated.")
  response.headers["Retry-After"] = "1"
  return response
}
