import DurableFiles
import Foundation
import HTTPServer
import OperatorCommands
import TraineeAPI
import TraineeClient
import TraineeData
import TraineeServer

/// The server a command reads and writes: `--server URL` with its token (`RemoteServer`), the
/// signed-in session's (`perform login`), or the embedded one on
/// the data directory's database (`--data-dir DIR`), with the demo trainee created on first use
/// as the app does.
final class TraineeConnection {
  let client: TraineeAPIClient
  private var embedded: MicroHTTPDServer?

  private init(client: TraineeAPIClient, embedded: MicroHTTPDServer?) {
    self.client = client
    self.embedded = embedded
  }

  deinit { embedded?.stop() }

  /// Stops the embedded server, if one was started.
  func close() {
    embedded?.stop()
    embedded = nil
  }

  /// The options every command that talks to the trainee's server takes.
  static let optionNames: Set<String> = RemoteServer.optionNames.union(["data-dir"])

  /// The connection `options` ask for; a usage problem throws `UsageError` (exit 2), a server
  /// that cannot be started throws `ConnectionError` (exit 1).
  static func open(_ options: Options) throws -> TraineeConnection {
    switch try ServerChoice.of(options, session: keptSession(options)) {
    case .legacy(let remote):
      return TraineeConnection(
        client: TraineeAPIClient(baseURL: remote.url, token: remote.token), embedded: nil)
    case .session(let session):
      let file = SessionFile(dataDirectory: dataDirectory(options))
      return TraineeConnection(
        client: TraineeAPIClient.signedIn(session, keepingIn: file, report: fail), embedded: nil)
    case .signInNeeded:
      throw UsageError(
        "--server needs the trainee's token: --token-file FILE, or \(RemoteServer.tokenVariable)"
          + " in the environment, or perform login --server URL first")
    case .embedded:
      break
    }
    let embedded = try EmbeddedServer.start(options)
    return TraineeConnection(
      client: TraineeAPIClient(baseURL: embedded.baseURL, token: embedded.token),
      embedded: embedded.server)
  }
}

/// The demo trainee's server inside this process, on a loopback port of its own, over the data
/// directory's database: what the app and every command use when no `--server` is named.
struct EmbeddedServer {
  let server: MicroHTTPDServer
  let baseURL: URL
  let token: String

  /// The data directory's database with the demo trainee and the demo coach made, not yet
  /// served.
  struct Prepared {
    let store: DatabaseTraineeStore
    let demoToken: String
    /// The demo coach's sign-in (docs/decisions/accounts.md, "The demo coach").
    let coach: DemoCoachFile.SignIn
    /// Where the demo coach's password is kept.
    let coachFile: URL
  }

  /// Opens the database of `options` and makes the demo trainee and the demo coach on first
  /// use; throws `ConnectionError` when any of that fails.
  static func prepare(_ options: Options) throws -> Prepared {
    do {
      let (store, path) = try openStore(options)
      let demo = try DemoTokenFile(databasePath: path).ensureDemo(in: store)
      let coachFile = DemoCoachFile(databasePath: path)
      let coach = try coachFile.ensureDemoCoach(of: demo.id, in: store)
      return Prepared(
        store: store, demoToken: demo.token, coach: coach, coachFile: coachFile.url)
    } catch {
      throw ConnectionError(message: "cannot start the embedded server: \(error)")
    }
  }

  /// Serves `prepared` (`prepare(options)` when `nil`); throws `ConnectionError` when that
  /// fails.
  static func start(_ options: Options, prepared: Prepared? = nil) throws -> EmbeddedServer {
    let prepared = try prepared ?? prepare(options)
    do {
      let router = TraineeAPIRoutes(store: prepared.store, now: { Date() }).router { _, _ in }
      let started = MicroHTTPDServer(
        configuration: .init(host: "127.0.0.1", port: 0), router: router)
      let port = try started.start()
      return EmbeddedServer(
        server: started, baseURL: URL(string: "http://127.0.0.1:\(port)")!,
        token: prepared.demoToken)
    } catch {
      throw ConnectionError(message: "cannot start the embedded server: \(error)")
    }
  }
}

/// The server could not be reached or started.
struct ConnectionError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// An output file checked before any work is done: its directory exists and is writable and the
/// path is not a directory, so a command refuses a path it cannot write at the start, exit 2,
/// having written nothing.
struct OutputFile {
  let url: URL

  init(_ path: String) throws(UsageError) {
    url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      guard !isDirectory.boolValue else { throw UsageError("\(path) is a directory") }
      guard FileManager.default.isWritableFile(atPath: url.path) else {
        throw UsageError("cannot write \(path): permission denied")
      }
    }
    let directory = url.deletingLastPathComponent()
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw UsageError("cannot write \(path): \(directory.path) is not a directory") }
    guard FileManager.default.isWritableFile(atPath: directory.path) else {
      throw UsageError("cannot write \(path): \(directory.path) is not writable")
    }
  }

  /// Replaces the file with `data`, whole or not at all.
  func write(_ data: Data) throws {
    try DurableFile.atomicWrite(data, to: url)
  }
}
