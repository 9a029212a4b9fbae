import Foundation
import HTTPServer
import SQLStore
import Testing

@testable import TraineeServer

/// `TraineeAPIServer.start`: the one call that starts the whole server, as `perform serve` and
/// the client tests use it.
struct TraineeAPIServerTests {
  private static func configuration(
    metricsPort: UInt16? = nil, accessLog: ServerConfiguration.LogDestination = .off
  ) -> ServerConfiguration {
    ServerConfiguration(
      http: .init(host: "127.0.0.1", port: 0, threadCount: 2), accessLog: accessLog,
      errorLog: .off, drainSeconds: 1, metricsPort: metricsPort)
  }

  @Test func whileTheStoreOpensItIsAliveNotReadyAndAsksToComeBack() async throws {
    let opening = DispatchSemaphore(value: 0)
    let store = try StoreFixture.makeStore(.sqlite)
    let server = try TraineeAPIServer.start(Self.configuration()) {
      opening.wait()
      return store
    }
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    #expect(try await client.answer("GET", "/healthz").status == 200)
    let notReady = try await client.answer("GET", "/readyz")
    #expect(notReady.status == 503)
    #expect(notReady.error?.error.code == "not_ready")
    let (busy, response) = try await client.send("GET", "/v1/trainee/session")
    #expect(busy.status == 503)
    #expect(busy.error?.error.code == "busy")
    #expect(response.value(forHTTPHeaderField: "Retry-After") == "1")

    opening.signal()
    let ready = try server.waitUntilReady()
    #expect(ready.store === store)
    #expect(ready.metricsPort == nil)
    #expect(try await client.answer("GET", "/readyz").status == 200)
    #expect(try await client.answer("GET", "/v1/trainee/session").status == 401)
  }

  @Test func aStoreThatCannotBeOpenedStopsTheServer() async throws {
    struct Unopenable: Error, CustomStringConvertible {
      var description: String { "no database here" }
    }
    let server = try TraineeAPIServer.start(Self.configuration()) { throw Unopenable() }
    #expect(throws: ServerStartError.self) { try server.waitUntilReady() }
    do {
      try server.waitUntilReady()
    } catch {
      #expect("\(error)" == "no database here")
    }
    #expect(throws: RawSocket.Failure.self) { try RawSocket.connect(port: server.port) }
  }

  @Test func aTakenPortIsALaterStartsListenError() throws {
    let store = try StoreFixture.makeStore(.sqlite)
    let first = try TraineeAPIServer.start(Self.configuration()) { store }
    defer { first.stop() }
    var taken = Self.configuration()
    taken.http.port = first.port
    do {
      _ = try TraineeAPIServer.start(taken) { store }
      Issue.record("a second server listened on a taken port")
    } catch {
      guard case .listen(let host, let port, _) = error else {
        Issue.record("not a listen error: \(error)")
        return
      }
      #expect(host == "127.0.0.1")
      #expect(port == first.port)
    }
  }

  @Test func metricsCountTheAPIsRequestsOnAPortOfTheirOwn() async throws {
    let store = try StoreFixture.makeStore(.sqlite)
    let server = try TraineeAPIServer.start(Self.configuration(metricsPort: 0)) { store }
    defer { server.stop() }
    let metricsPort = try #require(try server.waitUntilReady().metricsPort)
    #expect(metricsPort != server.port)
    #expect(try await LoopbackClient(port: server.port).answer("GET", "/healthz").status == 200)
    let metrics = LoopbackClient(port: metricsPort)
    let text = try await metrics.answer("GET", "/metrics")
    #expect(text.status == 200)
    #expect(text.contentType == "text/plain; version=0.0.4")
    let body = String(decoding: text.body, as: UTF8.self)
    #expect(body.contains("perform_http_requests_in_flight "))
    #expect(body.contains(#"route="/healthz""#))
    #expect(!body.contains("perform_database_connections_in_use"))
    #expect(try await metrics.answer("GET", "/other").status == 404)
  }

  @Test func theAccessLogHasALinePerRequestAndReopensItsFile() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("access-log-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("access.log")
    let store = try StoreFixture.makeStore(.sqlite)
    let server = try TraineeAPIServer.start(Self.configuration(accessLog: .file(log.path))) {
      store
    }
    try server.waitUntilReady()
    let client = LoopbackClient(port: server.port)
    _ = try await client.answer("GET", "/healthz")
    // The line is written when the request is over, which may be after its answer has arrived:
    // rotating before it would send it to the new file. Wait for it, not for a time.
    while (try? String(contentsOf: log, encoding: .utf8))?.hasSuffix("\n") != true {
      await Task.yield()
    }
    let rotated = directory.appendingPathComponent("access.log.1")
    try FileManager.default.moveItem(at: log, to: rotated)
    try server.reopenAccessLog()
    _ = try await client.answer("GET", "/readyz")
    #expect(server.drain())
    let before = try String(contentsOf: rotated, encoding: .utf8)
    let after = try String(contentsOf: log, encoding: .utf8)
    #expect(before.split(separator: "\n").count == 1)
    #expect(before.contains(#""route":"/healthz""#))
    #expect(after.split(separator: "\n").count == 1)
    #expect(after.contains(#""route":"/readyz""#))
  }

  @Test func anAccessLogThatCannotBeOpenedIsRefusedBeforeListening() throws {
    do {
      _ = try TraineeAPIServer.start(Self.configuration(accessLog: .file("/no/such/dir/a.log"))) {
        try StoreFixture.makeStore(.sqlite)
      }
      Issue.record("started with an access log it cannot write")
    } catch {
      guard case .accessLog = error else {
        Issue.record("not an access log error: \(error)")
        return
      }
    }
  }

  @Test func aDrainedServerRefusesConnections() throws {
    let store = try StoreFixture.makeStore(.sqlite)
    let server = try TraineeAPIServer.start(Self.configuration(metricsPort: 0)) { store }
    let metricsPort = try #require(try server.waitUntilReady().metricsPort)
    #expect(server.drain())
    #expect(throws: RawSocket.Failure.self) { try RawSocket.connect(port: server.port) }
    #expect(throws: RawSocket.Failure.self) { try RawSocket.connect(port: metricsPort) }
  }
}
