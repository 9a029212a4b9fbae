import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Connections held open with unfinished headers (slowloris), against the real `perform serve`
/// (docs/security.md, "Connections held open"). The attacker connects from 127.0.0.2, another
/// loopback address than the legitimate client's 127.0.0.1; the limits are set low, so that a
/// few dozen connections do what 1,100 did against the defaults.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServeSlowlorisTests {
  static let unfinished = Array("GET /healthz HTTP/1.1\r\nHost: a\r\nX-Slow: ".utf8)

  private static func server(_ arguments: [String]) throws -> (ServeChild, URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-slowloris-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true,
      arguments: arguments)
    return (server, directory)
  }

  /// 64 connections from one address hold unfinished headers, a byte now and then, against a
  /// server of 32 connections. Before, they held all 32 and a new client waited in the backlog
  /// until it gave up. Now the address keeps 8; the other 56 are answered 503 `busy` at once
  /// and closed, and another client is served while the 8 stay open.
  @Test func oneAddressHoldsItsShareOfConnectionsAndAnotherClientIsServed() throws {
    let (server, directory) = try Self.server([
      "--max-connections", "32", "--max-connections-per-address", "8",
      // The per-address limit alone: no deadline ends the attack during the test.
      "--header-deadline-seconds", "3600",
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    let attack = try (0..<64).map { _ in
      try Self.connect(from: "127.0.0.2", port: server.port)
    }
    defer { attack.forEach { close($0) } }

    let refused = Self.waitForCloses(of: attack, count: 56)
    #expect(refused.count == 56, "closed by the server: \(refused.count) of 64")
    for answer in refused.values {
      #expect(answer.hasPrefix("HTTP/1.1 503 "), "\(answer)")
      #expect(answer.contains("\r\nRetry-After: 1\r\n"), "\(answer)")
      #expect(answer.contains(#""code":"busy""#), "\(answer)")
    }
    let held = attack.filter { refused[$0] == nil }
    for socket in held {
      RawHTTP.write(Self.unfinished, to: socket)
      RawHTTP.write(Array("x".utf8), to: socket)
    }

    let health = try RawHTTP.send(
      Array("GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8),
      port: server.port)
    #expect(health.status == 200, "\(health.head)")
    let session = try RawHTTP.send(
      RawHTTP.get("/v1/trainee/session", token: token), port: server.port)
    #expect(session.status == 200, "\(session.head)")
    // The attack still holds its eight: none was closed meanwhile.
    #expect(held.count == 8)
    for socket in held { #expect(Self.isOpen(socket)) }
  }

  /// Headers sent a byte at a time, each well within any idle timeout, are cut off by the
  /// header deadline (1 s here), counted from the connection's acceptance: before, every byte
  /// reset libmicrohttpd's 60 s timeout and the connection was held as long as bytes came. The
  /// deadline stops once the headers are in (a slow body is read to its end), and runs again
  /// while a kept-alive connection waits for its next request.
  @Test func theHeaderSectionHasADeadlineThatNoByteMoves() throws {
    let (server, directory) = try Self.server(["--header-deadline-seconds", "1"])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)

    // A request whose headers are in before the deadline, and whose body comes slowly.
    let upload = try Self.connect(from: "127.0.0.1", port: server.port)
    defer { close(upload) }
    let body = Array(#"{"date":"2026-11-30","data":{"eaten":{"2026-10-30__it_oats":true}}}"#.utf8)
    RawHTTP.write(
      Array(
        ("PUT /v1/trainee/nutrition/day HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer \(token)\r\n"
          + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
          + "Expect: 100-continue\r\n\r\n").utf8), to: upload)
    #expect(RawHTTP.readSome(upload).hasPrefix("HTTP/1.1 100 Continue"))

    // The slow one: a byte every 100 ms, for at most 300 bytes.
    let slow = try Self.connect(from: "127.0.0.2", port: server.port)
    defer { close(slow) }
    RawHTTP.write(Self.unfinished, to: slow)
    var sent = 0
    var closed = false
    var received = ""
    while sent < 300, !closed {
      RawHTTP.write(Array("x".utf8), to: slow)
      sent += 1
      (closed, received) = Self.closeOrNothing(slow, waitingMilliseconds: 100)
    }
    #expect(closed, "the server still read headers after \(sent) bytes")
    #expect(received.isEmpty, "\(received)")

    // The deadline has passed for the upload too: its body is read and answered all the same.
    RawHTTP.write(body, to: upload)
    #expect(RawHTTP.readSome(upload).hasPrefix("HTTP/1.1 200 "))
    // Kept alive with no next request, it is closed once the deadline passes again.
    #expect(Self.closeOrNothing(upload, waitingMilliseconds: 30_000).0)
  }

  /// A trusted proxy speaks for many clients: its connections are not limited per address, while
  /// another address's are.
  @Test func aTrustedProxyIsExemptFromThePerAddressLimit() throws {
    let (server, directory) = try Self.server([
      "--max-connections-per-address", "2", "--trusted-proxy", "127.0.0.2",
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let proxy = try (0..<5).map { _ in try Self.connect(from: "127.0.0.2", port: server.port) }
    let other = try (0..<3).map { _ in try Self.connect(from: "127.0.0.3", port: server.port) }
    defer { (proxy + other).forEach { close($0) } }
    let refused = Self.waitForCloses(of: other, count: 1)
    #expect(refused.count == 1)
    #expect(refused.values.allSatisfy { $0.hasPrefix("HTTP/1.1 503 ") })
    for socket in proxy + other where refused[socket] == nil {
      RawHTTP.write(
        Array("GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8), to: socket)
      #expect(RawHTTP.readSome(socket).hasPrefix("HTTP/1.1 200 "))
    }
  }

  @Test(arguments: [
    (["PERFORM_HEADER_DEADLINE_SECONDS": "0"], "--header-deadline-seconds (from"),
    (["PERFORM_MAX_CONNECTIONS_PER_ADDRESS": "x"], "--max-connections-per-address (from"),
    (["PERFORM_MAX_CONNECTIONS": "-1"], "--max-connections (from"),
  ])
  func connectionLimitsAreCheckedAndNamed(environment: [String: String], message: String) throws {
    let output = try PerformBinary.run(
      ["serve", "--check-config", "--database", "/tmp/perform-check-\(UUID().uuidString).sqlite"],
      environment: environment)
    #expect(output.status == 2)
    #expect(output.stderr.contains(message), "\(output.stderr)")
  }

  @Test func checkConfigPrintsTheConnectionLimits() throws {
    let output = try PerformBinary.run([
      "serve", "--check-config", "--database", "/tmp/perform-check-\(UUID().uuidString).sqlite",
      "--max-connections-per-address", "5",
    ])
    let printed = String(decoding: output.stdout, as: UTF8.self)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(printed.contains("max connections: 1000, 5 per address\n"), "\(printed)")
    #expect(printed.contains("header deadline: 30 s\n"), "\(printed)")
  }

  /// A socket connected to `port` on 127.0.0.1 from the loopback address `source`; reads time
  /// out after 30 seconds.
  static func connect(from source: String, port: Int) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ChildFailure("socket: \(errno)") }
    var wait = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    func address(_ text: String, _ port: Int) -> sockaddr_in {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(port).bigEndian)
      address.sin_addr.s_addr = inet_addr(text)
      return address
    }
    var local = address(source, 0)
    var remote = address("127.0.0.1", port)
    let connected = withUnsafePointer(to: &local) { local in
      withUnsafePointer(to: &remote) { remote in
        local.withMemoryRebound(to: sockaddr.self, capacity: 1) { local in
          remote.withMemoryRebound(to: sockaddr.self, capacity: 1) { remote in
            bind(socket, local, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
              && Glibc.connect(socket, remote, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
          }
        }
      }
    }
    guard connected else {
      close(socket)
      throw ChildFailure("connect from \(source): \(errno)")
    }
    return socket
  }

  /// Waits (at most 30 seconds) until the server has closed `count` of `sockets`; returns what
  /// each closed one received.
  static func waitForCloses(of sockets: [Int32], count: Int) -> [Int32: String] {
    var closed: [Int32: String] = [:]
    var received: [Int32: [UInt8]] = [:]
    let deadline = ContinuousClock.now + .seconds(30)
    while closed.count < count, ContinuousClock.now < deadline {
      var polled = sockets.filter { closed[$0] == nil }.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      guard poll(&polled, nfds_t(polled.count), 1000) > 0 else { continue }
      for entry in polled where entry.revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let read = buffer.withUnsafeMutableBytes {
          recv(entry.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
        }
        if read > 0 {
          received[entry.fd, default: []] += buffer[..<read]
        } else if read == 0 || errno == ECONNRESET {
          closed[entry.fd] = String(decoding: received[entry.fd] ?? [], as: UTF8.self)
        }
      }
    }
    return closed
  }

  /// Whether the server closed `socket` within `waitingMilliseconds`, and what it sent first.
  static func closeOrNothing(_ socket: Int32, waitingMilliseconds: Int32) -> (Bool, String) {
    var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, waitingMilliseconds) > 0 else { return (false, "") }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if read > 0 {
        received += buffer[..<read]
        continue
      }
      return (read == 0 || errno == ECONNRESET, String(decoding: received, as: UTF8.self))
    }
  }

  /// Whether `socket` is still open: nothing to read, and no end of stream.
  static func isOpen(_ socket: Int32) -> Bool {
    var byte: UInt8 = 0
    let read = recv(socket, &byte, 1, Int32(MSG_DONTWAIT))
    return read < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
  }
}
