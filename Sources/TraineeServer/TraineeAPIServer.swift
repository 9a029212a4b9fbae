import Dispatch
import Foundation
import HTTPServer
import LockedValue
import SQLStore
import TraineeData

#if canImport(Glibc)
  import Glibc
#endif

// NB: docs/architecture.md, "Starting the server": one call listens, opens the store, publishes
// the routes and starts `/metrics`; `perform serve` and the tests start the server through it.

/// The trainee API server, running: started by `start(_:openStore:now:)`, ended by `drain()` or
/// `stop()`.
public final class TraineeAPIServer: Sendable {
  /// The port the API listens on (the one picked when the configuration asked for 0).
  public let port: UInt16
  /// What the server was started with.
  public let configuration: ServerConfiguration
  let server: MicroHTTPDServer
  let accessLog: JSONLineLog?
  let errorLog: JSONLineLog?
  let metrics: ServerMetrics
  let serving: ServingRouters
  let metricsServer = Locked<MicroHTTPDServer?>(nil)
  private let opened = DispatchGroup()
  private let state = Locked(StartState())

  /// What the start has reached; written by the opener's thread, read by every caller.
  private struct StartState {
    var outcome: Result<Ready, ServerStartError>?
    var stopped = false
  }

  /// The server once its store is open and its routes published.
  public struct Ready: Sendable {
    /// The store the routes answer from.
    public let store: DatabaseTraineeStore
    /// The port of `/metrics`, when the configuration asked for it.
    public let metricsPort: UInt16?
  }

  /// Starts the trainee API: opens the access log, listens, then opens the store with `openStore`
  /// on a thread of its own and returns without waiting for it.
  ///
  /// Until the store is open `/healthz` answers 200, `/readyz` 503 and every other request 503
  /// with `Retry-After`, so an orchestrator sees the process alive and not ready while a long
  /// migration runs. `waitUntilReady()` waits for the store and `/metrics`. `now` is the routes'
  /// wall clock.
  public static func start(
    _ configuration: ServerConfiguration,
    openStore: @escaping @Sendable () throws -> DatabaseTraineeStore,
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws(ServerStartError) -> TraineeAPIServer {
    let accessLog: JSONLineLog?
    do {
      accessLog = try configuration.accessLog.openLog()
    } catch {
      throw .accessLog(error)
    }
    let errorLog: JSONLineLog?
    do {
      errorLog = try configuration.errorLog.openLog()
    } catch {
      accessLog?.close()
      throw .errorLog(error)
    }
    let server = try TraineeAPIServer(configuration, accessLog: accessLog, errorLog: errorLog)
    let thread = Thread { server.open(openStore, now: now) }
    thread.name = "store opener"
    thread.start()
    return server
  }

  private init(
    _ configuration: ServerConfiguration, accessLog: JSONLineLog?, errorLog: JSONLineLog?
  ) throws(ServerStartError) {
    self.configuration = configuration
    self.accessLog = accessLog
    self.errorLog = errorLog
    let serving = ServingRouters()
    let metrics = ServerMetrics()
    self.serving = serving
    self.metrics = metrics
    server = MicroHTTPDServer(
      configuration: configuration.http,
      admit: { request in
        guard let router = serving.current?.router else { return startingAnswer(request) }
        return router.admit(&request)
      },
      exempt: { request in
        serving.current?.router.isExemptFromLimits(request) ?? true
      },
      bodyAcceptance: { request in
        serving.current?.router.bodyAcceptance(of: request) ?? .takesNone
      },
      completed: { request in
        // NB: the serving router, not `patterns`: it finds the route its `admit` kept in the head.
        let route = serving.current?.router.routePattern(of: request.head)
        metrics.record(request, route: route)
        accessLog?.write(JSONLineLog.accessLine(request, route: route))
      },
      answerAtOnce: { request in
        guard let current = serving.current else { return nil }
        return current.router.respondFromKept(to: request, storeIsLocal: current.answersAtOnce)
      },
      handler: { request in
        guard let router = serving.current?.router else { return startingAnswer(request) }
        return router.respondConditionally(to: request)
      })
    do {
      port = try server.start()
    } catch {
      accessLog?.close()
      errorLog?.close()
      throw .listen(host: configuration.http.host, port: configuration.http.port, error)
    }
    opened.enter()
  }

  /// Opens the store, publishes the routes on it and starts `/metrics`; on the opener's thread.
  private func open(
    _ openStore: @Sendable () throws -> DatabaseTraineeStore, now: @escaping @Sendable () -> Date
  ) {
    defer { opened.leave() }
    let outcome: Result<Ready, ServerStartError>
    do {
      let store: DatabaseTraineeStore
      do {
        store = try openStore()
      } catch {
        throw ServerStartError.store(error)
      }
      let answers = AnswerCache(capacityBytes: configuration.answerCacheBytes)
      var routes = TraineeAPIRoutes(
        store: store, now: now, cache: answers, accountPolicy: configuration.accountPolicy)
      routes.dashboard = configuration.dashboard
      let patterns = routes.router()
      let errorLog = errorLog
      let router = routes.router { error, request in
        errorLog?.write(
          JSONLineLog.errorLine(
            "\(error)", request: request, route: patterns.routePattern(of: request), at: Date()))
      }
      // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput:
      // kept answers, group commit and paged history": on SQLite the version check of a kept
      // answer is a local read; on PostgreSQL it is a round trip that would hold every connection
      // of MHD's thread, so it stays on the workers.
      serving.publish(
        router: router, patterns: patterns, answersAtOnce: store.database is SQLiteDatabase)
      let metricsPort = try startMetrics(store: store, answers: answers)
      outcome = .success(Ready(store: store, metricsPort: metricsPort))
    } catch let error as ServerStartError {
      outcome = .failure(error)
    } catch {
      outcome = .failure(.store(error))
    }
    state.withLock { $0.outcome = outcome }
    if case .failure = outcome { stop() }
  }

  deinit {
    stop()
  }

  /// Waits until the store is open, the routes answer and `/metrics` listens; throws why not
  /// (the server is stopped then).
  @discardableResult
  public func waitUntilReady() throws(ServerStartError) -> Ready {
    opened.wait()
    // The group was left after the outcome was stored.
    switch state.withLock({ $0.outcome })! {
    case .success(let ready): return ready
    case .failure(let error): throw error
    }
  }

  /// Opens the access log's file again (after a log rotation moved it away); a failure is
  /// written to the error log and thrown.
  public func reopenAccessLog() throws {
    do {
      try accessLog?.reopen()
    } catch {
      errorLog?.write(
        JSONLineLog.errorLine(
          "cannot reopen the access log: \(error)", request: nil, route: nil, at: Date()))
      throw error
    }
  }

  /// A graceful stop: no new connection; the requests begun end, for at most the configuration's
  /// `drainSeconds` (those still running then are cut off, and the error log says so); then
  /// `/metrics` stops and the logs are flushed and closed. Returns whether every request ended.
  @discardableResult
  public func drain() -> Bool {
    let seconds = configuration.drainSeconds
    let ended = server.drain(timeout: .seconds(seconds))
    if !ended {
      errorLog?.write(
        JSONLineLog.errorLine(
          "requests still running after \(seconds) s were cut off", request: nil,
          route: nil, at: Date()))
    }
    stop()
    return ended
  }

  /// Whether `stop()` or `drain()` has been called.
  var isStopped: Bool { state.withLock { $0.stopped } }

  /// Stops at once: connections to the ports are refused; the logs are flushed and closed.
  public func stop() {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    server.stop()
    metricsServer.withLock { running in
      running?.stop()
      running = nil
    }
    guard first else { return }
    accessLog?.close()
    errorLog?.close()
  }
}

extension ServerConfiguration.LogDestination {
  /// The log this names, opened; `nil` when off.
  func openLog() throws -> JSONLineLog? {
    switch self {
    case .off: nil
    case .standardOutput: JSONLineLog(descriptor: STDOUT_FILENO)
    case .standardError: JSONLineLog(descriptor: STDERR_FILENO)
    case .file(let path): try JSONLineLog(appendingTo: path)
    }
  }
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
