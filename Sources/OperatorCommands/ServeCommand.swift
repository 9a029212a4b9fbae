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
package enum ServeCommand {
  package static func run(_ arguments: [String]) -> Int32 {
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
    let configuration = settings.server
    // NB: docs/architecture.md, "Starting the server": the server listens before the database is
    // opened and migrated (`/healthz` 200, `/readyz` 503 meanwhile); this command only says what
    // it started and turns signals into calls of the running server.
    let termination = TerminationSignal()
    let demo = settings.demo
    let quotas = settings.quotas
    let server: TraineeAPIServer
    let ready: TraineeAPIServer.Ready
    do {
      server = try TraineeAPIServer.start(configuration) {
        // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md
        // "Throughput: kept answers, group commit and paged history", "checkpoints off the writer".
        let (store, path) = try openStore(options, serving: true, quotas: quotas)
        if demo {
          do {
            let base = demoTokenBase(options, database: path)
            let demo = try DemoTokenFile(databasePath: base).ensureDemo(in: store)
            say("demo trainee: \(demo.id)")
            say("token: \(demo.token)")
            let coach = try DemoCoachFile(databasePath: base).ensureDemoCoach(
              of: demo.id, in: store)
            say("demo coach: \(coach.email)")
            say(
              "demo coach password: \(coach.password ?? "(not kept: \(base).demo-coach is gone)")")
          } catch {
            throw StartFailure(message: "cannot set up the demo trainee: \(error)")
          }
        }
        return store
      }
      ready = try server.waitUntilReady()
    } catch {
      fail(message(error))
      return 1
    }
    let pruning: AuditLogPruning?
    do {
      pruning = try AuditLogPruning(
        store: ready.store, retentionDays: settings.auditRetentionDays)
    } catch {
      fail("audit log: cannot prune: \(error)")
      pruning = nil
    }
    let http = configuration.http
    say("database: \(ready.store.database.location)")
    say("listening: http://\(bracketed(http.host)):\(server.port)")
    // NB: docs/decisions/the-coachs-dashboard.md, "Found without reading docs".
    say("coach dashboard: http://\(bracketed(http.host)):\(server.port)/coach/")
    if let port = ready.metricsPort {
      say("metrics: http://\(bracketed(configuration.metricsHost)):\(port)/metrics")
    }
    // SIGHUP (a log rotation moved the file away): the access log opens its file again.
    let hangUp = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
    hangUp.setEventHandler { try? server.reopenAccessLog() }
    listen(hangUp, for: SIGHUP)
    termination.wait()
    // SIGTERM or SIGINT: no new connection; the requests begun end (bounded); then stop.
    server.drain()
    pruning?.stop()
    hangUp.cancel()
    return 0
  }

  /// What `perform serve` prints when the server did not start.
  private static func message(_ error: ServerStartError) -> String {
    guard case .accessLog(let error) = error else { return "\(error)" }
    return "--access-log \(error)"
  }
}

/// `host` as it is written in a URL: an IPv6 address in brackets.
private func bracketed(_ host: String) -> String {
  host.contains(":") ? "[\(host)]" : host
}

/// The demo trainee could not be set up; `message` is what `perform serve` prints.
private struct StartFailure: Error, CustomStringConvertible {
  package var message: String
  package var description: String { message }
}

/// SIGINT and SIGTERM, caught from the moment this exists: a signal that arrives before
/// `wait()` (between printing `listening:` and waiting, say) is not lost.
package final class TerminationSignal {
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
  package func wait() {
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
package func listen(_ source: any DispatchSourceSignal, for signalNumber: Int32) {
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
/// (`SQLiteCheckpointer`) and its commits synced off the writer (`SQLiteWALSync`). `quotas`:
/// what each trainee may keep and how fast they may write.
package func openStore(
  _ options: Options, serving: Bool = false, quotas: TraineeQuotas = .defaults
) throws -> (DatabaseTraineeStore, String) {
  let path: String
  if let explicit = options.values["database"] {
    if PostgreSQLDatabase.isURL(explicit) {
      let database = try PostgreSQLDatabase(url: explicit)
      return (try DatabaseTraineeStore(database: database, quotas: quotas), database.location)
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
        : SQLiteDatabase.Options(), quotas: quotas),
    path
  )
}

/// How often `perform serve` checkpoints a SQLite file's WAL.
private let serverCheckpointInterval = Duration.milliseconds(100)

/// Where the demo token is kept: beside a SQLite file, in the data directory for PostgreSQL.
package func demoTokenBase(_ options: Options, database: String) -> String {
  guard PostgreSQLDatabase.isURL(options.values["database"] ?? "") else { return database }
  let layout = dataLayout(options)
  try? FileManager.default.createDirectory(at: layout.root, withIntermediateDirectories: true)
  return layout.postgreSQLTokenBase.path
}

/// Writes a line to standard output at once (the line is read by scripts and tests).
package func say(_ line: String) {
  FileHandle.standardOutput.write(Data((shownLine(line) + "\n").utf8))
}
