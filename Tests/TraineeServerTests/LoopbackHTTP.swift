import Foundation
import TraineeAPI
import TraineeData
import TraineeServer

@testable import HTTPServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A server under test on a free loopback port, stopped when the test is done with it.
struct LoopbackServer: ~Copyable {
  let server: MicroHTTPDServer
  let port: UInt16

  /// A server answering with `handler`; `admit` stands for its authentication, after which
  /// every request may carry a body (`bodyAcceptance`).
  init(
    threadCount: Int = 4, port: UInt16 = 0,
    admit: @escaping @Sendable (HTTPRequest) -> HTTPResponse? = { _ in nil },
    bodyAcceptance: BodyAcceptance = .afterAdmission,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws {
    server = MicroHTTPDServer(
      configuration: .init(host: "127.0.0.1", port: port, threadCount: threadCount),
      admit: { admit($0) }, bodyAcceptance: { _ in bodyAcceptance }, handler: handler)
    self.port = try server.start()
  }

  /// A server answering with `router` over real HTTP, for routers that are not the trainee API
  /// (the trainee API starts through `TraineeAPIServer.loopback`).
  init(router: Router) throws {
    server = MicroHTTPDServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 4),
      admit: { router.admit(&$0) }, bodyAcceptance: { router.bodyAcceptance(of: $0) },
      handler: { router.respond(to: $0) })
    port = try server.start()
  }

  deinit {
    server.stop()
  }
}

extension TraineeAPIServer {
  /// The trainee API as `perform serve` starts it, on a free loopback port, answering from
  /// `store` on the clock `now`; ready.
  static func loopback(
    store: DatabaseTraineeStore, now: @escaping @Sendable () -> Date
  ) throws -> TraineeAPIServer {
    let server = try start(
      ServerConfiguration(
        http: .init(host: "127.0.0.1", port: 0, threadCount: 4), errorLog: .off),
      openStore: { store }, now: now)
    try server.waitUntilReady()
    return server
  }
}

/// What a test client saw of one answer.
struct Answer: Equatable, Sendable {
  var status: Int
  var contentType: String?
  var body: Data

  /// The body as an error body, or `nil` when it is not one.
  var error: APIErrorBody? {
    try? JSONDecoder().decode(APIErrorBody.self, from: body)
  }
}

struct NotHTTP: Error {}

/// URLSession against 127.0.0.1.
struct LoopbackClient: Sendable {
  let port: UInt16
  let session: URLSession

  init(port: UInt16) {
    self.port = port
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 30
    session = URLSession(configuration: configuration)
  }

  func url(_ pathAndQuery: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
  }

  /// Sends one request and returns the answer with its headers.
  func send(
    _ method: String, _ pathAndQuery: String, headers: [String: String] = [:], body: Data? = nil
  ) async throws -> (Answer, HTTPURLResponse) {
    var request = URLRequest(url: url(pathAndQuery))
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw NotHTTP() }
    let answer = Answer(
      status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"),
      body: data)
    return (answer, http)
  }

  /// Sends one request and returns what matters of the answer.
  func answer(
    _ method: String, _ pathAndQuery: String, headers: [String: String] = [:], body: Data? = nil
  ) async throws -> Answer {
    try await send(method, pathAndQuery, headers: headers, body: body).0
  }
}

/// Raw TCP to 127.0.0.1, for requests URLSession cannot express.
enum RawSocket {
  enum Failure: Error, Equatable {
    case socket(Int32)
    case connect(Int32)
    case send(Int32)
  }

  /// Connects, sends `pieces` in order and reads until the server closes or 10 s pass without
  /// data; returns what was read (possibly nothing).
  static func exchange(port: UInt16, _ pieces: [[UInt8]]) throws -> String {
    let socket = try connect(port: port)
    defer { close(socket) }
    for piece in pieces {
      var sent = 0
      while sent < piece.count {
        let result = piece[sent...].withUnsafeBytes {
          Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        // The server may answer and close before all was sent (a refused body): stop sending.
        guard result > 0 else { return readAll(socket) }
        sent += result
      }
    }
    return readAll(socket)
  }

  /// Connects to 127.0.0.1 at `port`.
  static func connect(port: UInt16) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure.socket(errno) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(
      socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let error = errno
      close(socket)
      throw Failure.connect(error)
    }
    return socket
  }

  private static func readAll(_ socket: Int32) -> String {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    // Bounded: at most 1000 reads of a small answer.
    for _ in 0..<1000 {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      received += buffer[..<count]
    }
    return String(decoding: received, as: UTF8.self)
  }
}

/// The status code of a raw HTTP answer, such as 400 from `HTTP/1.1 400 Bad Request`.
func statusCode(of raw: String) -> Int? {
  let parts = raw.split(separator: " ", maxSplits: 2)
  guard parts.count >= 2, parts[0].hasPrefix("HTTP/") else { return nil }
  return Int(parts[1])
}
