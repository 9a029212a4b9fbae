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
        arguments,
        known: [
          "host", "port", "database", "data-dir", "max-requests-per-address",
          "max-body-mib-in-flight", "trusted-proxy", "access-log",
        ], knownFlags: ["demo"])
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
    var configuration = MicroHTTPDServer.Configuration(host: host, port: port)
    if let text = options.values["max-requests-per-address"] {
      guard let limit = Int(text), (1...100_000).contains(limit) else {
        fail("--max-requests-per-address \"\(text)\" is not a number from 1 to 100000")
        return 2
      }
      configuration.maxRequestsPerAddress = limit
    }
    if let text = options.values["max-body-mib-in-flight"] {
      guard let mebibytes = Int(text), (1...65_536).contains(mebibytes) else {
        fail("--max-body-mib-in-flight \"\(text)\" is not a number from 1 to 65536")
        return 2
      }
      configuration.maxBodyBytesInFlight = mebibytes << 20
    }
    if let text = options.values["trusted-proxy"] {
      let proxies = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard !proxies.isEmpty, proxies.allSatisfy(isNumericAddress) else {
        fail("--trusted-proxy \"\(text)\" is not a comma-separated list of IP addresses")
        return 2
      }
      configuration.trustedProxies = Set(proxies)
    }
    let accessLog: JSONLineLog?
    switch options.values["access-log"] ?? "-" {
    case "off":
      accessLog = nil
    case "-":
      accessLog = JSONLineLog(descriptor: STDOUT_FILENO)
    case let file:
      let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o640)
      guard descriptor >= 0 else {
        fail("--access-log \(file): \(String(cString: strerror(errno)))")
        return 1
      }
      accessLog = JSONLineLog(descriptor: descriptor)
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
        let demo = try DemoTokenFile(databasePath: path).ensureDemo(in: store)
        say("demo trainee: \(demo.id)")
        say("token: \(demo.token)")
      } catch {
        fail("cannot set up the demo trainee: \(error)")
        return 1
      }
    }
    let termination = TerminationSignal()
    // Errors and warnings go to standard error as JSON lines with the request's id.
    let errorLog = JSONLineLog(descriptor: STDERR_FILENO)
    let routes = TraineeAPIRoutes(store: store, now: { Date() })
    let patterns = routes.router()
    let router = routes.router { error, request in
      errorLog.write(
        JSONLineLog.errorLine(
          "\(error)", request: request, route: patterns.routePattern(of: request), at: Date()))
    }
    var completed: (@Sendable (CompletedRequest) -> Void)?
    if let accessLog {
      completed = { request in
        accessLog.write(
          JSONLineLog.accessLine(request, route: patterns.routePattern(of: request.head)))
      }
    }
    let server = MicroHTTPDServer(
      configuration: configuration, router: router, completed: completed)
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

/// Whether `text` is an IPv4 or IPv6 address written as numbers (`192.0.2.1`, `::1`).
private func isNumericAddress(_ text: String) -> Bool {
  var v4 = in_addr()
  var v6 = in6_addr()
  return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
}
