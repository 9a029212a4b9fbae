import Foundation
import Synchronization
import Testing

@testable import HTTPServer

#if canImport(Glibc)
  import Glibc
#endif

/// Bodies before the token (docs/security.md, "Bodies before the token"): a route takes no body
/// unless it says so, the shared budget serves only admitted requests, and a body read before
/// its sender is known comes from a small budget per address and in total.
@Suite(.timeLimit(.minutes(2))) struct BodyAcceptanceTests {
  /// A router with a route of each kind: `/health` takes no body, `/write` reads one after its
  /// admission (a header standing for a token), `/sign-in` reads one before.
  static func router() -> Router {
    var router = Router()
    router.get("/health") { _ in .json(.ok, ["status": "ok"]) }
    router.add(
      .put, "/write",
      admission: { request in
        guard request.headers["X-Token"] == "good" else {
          throw HTTPError(.unauthorized, code: "unauthorized", message: "No token.")
        }
      }
    ) { request in .json(.ok, ["bytes": request.body.count]) }
    router.add(.post, "/sign-in", body: .beforeAdmission) { request in
      .json(.ok, ["bytes": request.body.count])
    }
    return router
  }

  @Test func eachRouteSaysWhatBodyItTakes() {
    let router = Self.router()
    func acceptance(_ method: HTTPMethod, _ path: String) -> BodyAcceptance {
      router.bodyAcceptance(of: HTTPRequest(method: method, path: path))
    }
    #expect(acceptance(.get, "/health") == .takesNone)
    #expect(acceptance(.head, "/health") == .takesNone)
    #expect(acceptance(.put, "/write") == .afterAdmission)
    #expect(acceptance(.post, "/sign-in") == .beforeAdmission)
    // No route, or not this method: answered from the headers, and no body either way.
    #expect(acceptance(.post, "/nowhere") == .takesNone)
    #expect(acceptance(.post, "/health") == .takesNone)
    #expect(acceptance(HTTPMethod(rawValue: "BREW"), "/write") == .takesNone)
  }

  /// The shared budget is for admitted requests: a route cannot read its body after an
  /// admission it does not have.
  // NB: checked on the rule `Router.add` asserts, not by an exit test: an exit test starts Swift
  // Testing's child-process monitor, which then spins on every other test's exited child until
  // Foundation reaps it (docs/benchmarks.md, "make test with the cores busy").
  @Test func aRouteWithoutAnAdmissionCannotReadItsBodyAfterOne() {
    #expect(!Router.readsItsBody(.afterAdmission, afterAnAdmission: false))
    #expect(Router.readsItsBody(.afterAdmission, afterAnAdmission: true))
    #expect(Router.readsItsBody(.beforeAdmission, afterAnAdmission: false))
    #expect(Router.readsItsBody(.takesNone, afterAnAdmission: false))
  }

  /// A body declared to a route that takes none is refused from the headers, whatever its
  /// length and however it is framed; the handler never runs. Before, `/healthz` reserved the
  /// declared 1 MiB from the shared budget and waited for it.
  @Test(arguments: [
    "Content-Length: 1048576\r\n", "Content-Length: 1\r\n", "Transfer-Encoding: chunked\r\n",
  ])
  func aRouteThatTakesNoBodyRefusesOneAtOnce(framing: String) throws {
    let handled = Atomic<Int>(0)
    var router = Router()
    router.get("/health") { _ in
      handled.add(1, ordering: .relaxed)
      return .json(.ok, ["status": "ok"])
    }
    let server = try LoopbackServer(router: router)
    let raw = try RawSocket.exchange(
      port: server.port, [Array("GET /health HTTP/1.1\r\nHost: localhost\r\n\(framing)\r\nx".utf8)])
    #expect(statusCode(of: raw) == 413, "\(raw)")
    #expect(raw.contains(#""code":"unexpected_body""#), "\(raw)")
    #expect(raw.contains("Connection: close"), "\(raw)")
    #expect(handled.load(ordering: .relaxed) == 0)
  }

  @Test func anEmptyBodyIsNoBody() throws {
    let server = try LoopbackServer(router: Self.router())
    let raw = try RawSocket.exchange(
      port: server.port,
      [
        Array(
          "GET /health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            .utf8)
      ])
    #expect(statusCode(of: raw) == 200, "\(raw)")
  }

  /// A server told nothing of its routes takes no body (the metrics port is one).
  @Test func aServerToldNothingTakesNoBody() throws {
    let server = MicroHTTPDServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 1)
    ) { _ in .json(.ok, ["ok": true]) }
    let port = try server.start()
    defer { server.stop() }
    let raw = try RawSocket.exchange(
      port: port,
      [Array("POST /metrics HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\n0".utf8)])
    #expect(statusCode(of: raw) == 413, "\(raw)")
    #expect(raw.contains(#""code":"unexpected_body""#), "\(raw)")
  }

  /// With no shared budget at all, a body read before admission is still read (it has a budget
  /// of its own), and an admitted one is refused for want of the shared budget.
  @Test func aBodyBeforeAdmissionNeverTouchesTheSharedBudget() async throws {
    let server = try Self.server(configuration: .init(port: 0, maxBodyBytesInFlight: 0))
    let port = try server.start()
    defer { server.stop() }
    let client = LoopbackClient(port: port)
    let signIn = try await client.answer("POST", "/sign-in", body: Data(count: 600))
    #expect(signIn.status == 200)
    #expect(try JSONDecoder().decode([String: Int].self, from: signIn.body) == ["bytes": 600])
    let write = try await client.answer(
      "PUT", "/write", headers: ["X-Token": "good"], body: Data(count: 600))
    #expect(write.status == 503)
    #expect(write.error?.error.code == "busy")
  }

  /// A body over the limit of bodies read before admission is refused from its headers (never
  /// read and thrown away, as an admitted one may be); a chunked one is cut off as soon as it
  /// passes it (MHD takes no answer while a body comes in, so the connection is closed).
  @Test func aBodyBeforeAdmissionOverItsLimitIsRefusedAtOnce() throws {
    var configuration = MicroHTTPDServer.Configuration(port: 0, threadCount: 1)
    configuration.unauthenticatedBodies = .init(maxBodyBytes: 100)
    let server = try Self.server(configuration: configuration)
    let port = try server.start()
    defer { server.stop() }
    let declared = try RawSocket.exchange(
      port: port,
      [Array("POST /sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Length: 101\r\n\r\n".utf8)])
    #expect(statusCode(of: declared) == 413, "\(declared)")
    #expect(declared.contains("body_too_large"))
    let chunk = Array("40\r\n".utf8) + [UInt8](repeating: 65, count: 64) + Array("\r\n".utf8)
    let chunked = try RawSocket.exchange(
      port: port,
      [
        Array(
          "POST /sign-in HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
      ]
        + [chunk, chunk, Array("0\r\n\r\n".utf8)])
    #expect(chunked.isEmpty, "\(chunked)")
    let fits = try RawSocket.exchange(
      port: port,
      [
        Array("POST /sign-in HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n".utf8)
          + Array("Connection: close\r\n\r\n".utf8) + chunk + Array("0\r\n\r\n".utf8)
      ])
    #expect(statusCode(of: fits) == 200, "\(fits)")
    #expect(fits.contains(#"{"bytes":64}"#), "\(fits)")
  }

  /// One address holds at most its share of bodies read before admission; beyond it, 503 with
  /// `Retry-After` from the headers; once its bodies end, the share is free again.
  @Test func anAddressHoldsAtMostItsShareOfBodiesBeforeAdmission() async throws {
    var configuration = MicroHTTPDServer.Configuration(port: 0, threadCount: 1)
    configuration.unauthenticatedBodies = .init(
      maxBodyBytes: 4096, perAddressBytes: 8192, totalBytes: 1 << 20)
    let server = try Self.server(configuration: configuration)
    let port = try server.start()
    defer { server.stop() }
    let head = "POST /sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4096\r\n\r\n{"
    var stalled: [Int32] = []
    defer { stalled.forEach { close($0) } }
    for _ in 0..<2 {
      let socket = try RawSocket.connect(port: port)
      stalled.append(socket)
      _ = Array(head.utf8).withUnsafeBytes {
        send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
    }
    // Both are held once the server has begun them.
    for _ in 0..<1000 where server.requestsInFlight < 2 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(server.requestsInFlight == 2)
    let refused = try RawSocket.exchange(port: port, [Array(head.utf8)])
    #expect(statusCode(of: refused) == 503, "\(refused)")
    #expect(refused.contains("Retry-After: 1"), "\(refused)")
    #expect(refused.contains(#""code":"busy""#), "\(refused)")
    stalled.forEach { close($0) }
    stalled = []
    for _ in 0..<1000 where server.requestsInFlight > 0 {
      try await Task.sleep(for: .milliseconds(10))
    }
    let client = LoopbackClient(port: port)
    let after = try await client.answer("POST", "/sign-in", body: Data(count: 4096))
    #expect(after.status == 200)
  }

  /// The routes of `router()` on a server with `configuration`, not started.
  static func server(configuration: MicroHTTPDServer.Configuration) throws -> MicroHTTPDServer {
    var configuration = configuration
    configuration.host = "127.0.0.1"
    return MicroHTTPDServer(configuration: configuration, router: router())
  }
}
