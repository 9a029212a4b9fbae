import Foundation
import TraineeServer

#if canImport(Glibc)
  import Glibc
#endif

/// `perform serve`: the trainee API on libmicrohttpd and SQLite, until SIGINT or SIGTERM.
enum ServeCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    do {
      options = try Options(
        arguments, known: ["host", "port", "database", "data-dir"], knownFlags: ["demo"])
    } catch {
      fail("\(error)\n\n\(usage(of: "serve"))")
      return 2
    }
    guard options.positional.isEmpty else {
      fail("serve takes no arguments besides its options\n\n\(usage(of: "serve"))")
      return 2
    }
    let host = options.values["host"] ?? "127.0.0.1"
    guard let port = UInt16(options.values["port"] ?? "8080") else {
      fail("--port \"\(options.values["port"] ?? "")\" is not a port number (0 to 65535)")
      return 2
    }
    let store: SQLiteTraineeStore
    let path: String
    do {
      (store, path) = try openStore(options)
    } catch {
      fail("\(error)")
      return 1
    }
    if options.flags.contains("demo") {
      do {
        let demo = try DemoTrainee.ensure(in: store)
        say("demo trainee: \(demo.id)")
        say("token: \(demo.token)")
      } catch {
        fail("cannot set up the demo trainee: \(error)")
        return 1
      }
    }
    let termination = TerminationSignal()
    let router = TraineeAPIRoutes(store: store, now: { Date() }).router { error, request in
      fail("\(request.method) \(request.path): \(error)")
    }
    let server = MicroHTTPDServer(configuration: .init(host: host, port: port), router: router)
    let bound: UInt16
    do {
      bound = try server.start()
    } catch {
      fail("cannot listen on \(host):\(port): \(error)")
      return 1
    }
    say("database: \(path)")
    say("listening: http://\(host.contains(":") ? "[\(host)]" : host):\(bound)")
    termination.wait()
    server.stop()
    return 0
  }

}

/// SIGINT and SIGTERM, caught from the moment this exists: a signal that arrives before
/// `wait()` (between printing `listening:` and waiting, say) is not lost.
final class TerminationSignal {
  private let received = DispatchSemaphore(value: 0)
  private var sources: [any DispatchSourceSignal] = []

  init() {
    for signalNumber in [SIGINT, SIGTERM] {
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { [received] in received.signal() }
      source.resume()
      // Ignored only once the source listens, so no signal falls between the two.
      signal(signalNumber, SIG_IGN)
      sources.append(source)
    }
  }

  /// Blocks until SIGINT or SIGTERM has arrived.
  func wait() {
    received.wait()
    sources.forEach { $0.cancel() }
  }
}

/// The store at `--database PATH`, else `DIR/perform.sqlite` of the data directory.
func openStore(_ options: Options) throws -> (SQLiteTraineeStore, String) {
  let path: String
  if let explicit = options.values["database"] {
    path = explicit
  } else {
    let directory = dataDirectory(options)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = directory.appendingPathComponent("perform.sqlite").path
  }
  return (try SQLiteTraineeStore(path: path), path)
}

/// Writes a line to standard output at once (the line is read by scripts and tests).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
