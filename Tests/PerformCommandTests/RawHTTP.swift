import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One request written byte for byte to a loopback port, for what URLSession will not send (a
/// NUL in a header, hundreds of query arguments, an encoded slash kept as sent).
enum RawHTTP {
  /// What came back: the status line's code and the body, or `nil` when the server closed the
  /// connection without an answer.
  struct Reply {
    var status: Int?
    /// The status line and header fields, as sent.
    var head: String
    var body: String
    /// Whether the server closed the connection before `timeout` (rather than the read timing
    /// out with the connection still open).
    var closed: Bool
  }

  /// Sends `request` (with `Connection: close` and the headers already in it) and reads until
  /// the server closes the connection or `timeout` seconds pass without a byte.
  static func send(_ request: [UInt8], port: Int, timeout: Int = 30) throws -> Reply {
    let socket = try connectSocket(port: port, timeout: timeout)
    defer { close(socket) }
    write(request, to: socket)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    var closed = false
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received += buffer[..<count]
      } else {
        // 0: the server closed the connection; -1 with ECONNRESET: it reset it. A timeout
        // (EAGAIN) leaves `closed` false.
        closed = count == 0 || errno == ECONNRESET
        break
      }
    }
    let text = String(decoding: received, as: UTF8.self)
    let statusLine = text.split(separator: "\r\n", maxSplits: 1).first ?? ""
    let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    let split = text.range(of: "\r\n\r\n")
    let head = split.map { String(text[..<$0.upperBound]) } ?? text
    let body = split.map { String(text[$0.upperBound...]) } ?? ""
    return Reply(status: status, head: head, body: body, closed: closed)
  }

  /// A connected socket to `port` on loopback, with reads timing out after `timeout` seconds.
  static func connectSocket(port: Int, timeout: Int = 30) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ChildFailure("socket: \(errno)") }
    var wait = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw ChildFailure("connect: \(errno)")
    }
    return socket
  }

  /// A loopback port nothing listens on now (bound, read and released).
  static func freePort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ChildFailure("socket: \(errno)") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else { throw ChildFailure("bind: \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Writes all of `bytes` to `socket`.
  static func write(_ bytes: [UInt8], to socket: Int32) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, 0)
      }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// The first bytes the server sends on `socket` (up to 64 KiB), as text.
  static func readSome(_ socket: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
  }

  /// What the server has sent on `socket` so far, without waiting for more.
  static func readWaiting(_ socket: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes {
      recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
    }
    return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
  }

  /// The resident memory of process `pid` in KiB, from /proc.
  static func residentKiB(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
  }

  /// A GET of `target` with `token`, closing the connection after the answer.
  static func get(_ target: String, token: String, extraHeader: [UInt8] = []) -> [UInt8] {
    Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n".utf8)
      + extraHeader + Array("Connection: close\r\n\r\n".utf8)
  }
}
