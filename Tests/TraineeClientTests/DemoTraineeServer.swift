import Foundation
import HTTPServer
import PerformTestSupport
import SQLStore
import Synchronization
import TraineeData
import TraineeServer

@testable import TraineeAPI
@testable import TraineeClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The trainee API server as `perform serve` starts it (`TraineeAPIServer.start`), on a loopback
/// port, over an in-memory SQLite store with the demo trainee (program, meal plan, history) and a
/// wall clock the test sets.
final class DemoTraineeServer: Sendable {
  /// 5 January 2026, 23:30 UTC: still the 5th in UTC and New York, the 6th in Berlin.
  static let lateMonday = Date(timeIntervalSince1970: 1_767_655_800)

  let store: DatabaseTraineeStore
  let trainee: TraineeID
  let token: String
  let port: UInt16
  private let clock: WallClock
  private let server: Mutex<TraineeAPIServer>

  init(now: Date = DemoTraineeServer.lateMonday) throws {
    let clock = WallClock(now)
    self.clock = clock
    let store = try DatabaseTraineeStore(database: SQLiteDatabase.inMemory()) { clock.now }
    self.store = store
    (trainee, token) = try DemoTrainee.ensure(in: store, now: now)
    let running = try Self.start(store: store, clock: clock, port: 0)
    port = running.port
    server = Mutex(running)
  }

  deinit {
    stop()
  }

  /// The wall clock of the server and its store.
  var now: Date {
    get { clock.now }
    set { clock.now = newValue }
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// A client for the demo trainee (or `token`) sending `X-Timezone: zone`.
  func client(
    token: String? = nil, zone: String = "Europe/Berlin"
  ) -> TraineeAPIClient {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 10
    return TraineeAPIClient(
      baseURL: baseURL, token: token ?? self.token,
      session: URLSession(configuration: configuration),
      timeZone: { TimeZone(identifier: zone)! })
  }

  /// Stops answering: connections to the port are refused.
  func stop() {
    server.withLock { $0.stop() }
  }

  /// Answers again on the same port, from the same store.
  func restart() throws {
    try server.withLock { running in
      running.stop()
      running = try Self.start(store: store, clock: clock, port: port)
    }
  }

  /// The server on `port` (0 picks one), answering from `store` on `clock`, ready.
  private static func start(
    store: DatabaseTraineeStore, clock: WallClock, port: UInt16
  ) throws -> TraineeAPIServer {
    let running = try TraineeAPIServer.start(
      ServerConfiguration(
        http: .init(host: "127.0.0.1", port: port, threadCount: 4), errorLog: .off),
      openStore: { store }, now: { clock.now })
    try running.waitUntilReady()
    return running
  }
}

/// Waits in short real sleeps (the network is real) until `condition` holds, for at most about
/// ten seconds; returns whether it held. Like `until(within:)`, on the main actor for the sync
/// engine's state.
@MainActor
func untilReal(_ condition: () async -> Bool) async -> Bool {
  for _ in 0..<2_000 {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return await condition()
}

/// A port nothing listens on: one the server had and gave up.
func closedPort() throws -> UInt16 {
  let server = MicroHTTPDServer(
    configuration: .init(host: "127.0.0.1", port: 0, threadCount: 1)
  ) { _ in HTTPResponse(status: .ok) }
  let port = try server.start()
  server.stop()
  return port
}
