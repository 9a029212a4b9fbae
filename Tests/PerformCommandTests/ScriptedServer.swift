import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback HTTP server in the test process answering each `GET` path from a table, for what
/// a real server no longer stores (a name with control characters, kept from before the rule).
///
/// Each connection gets one answer and is closed; a path not in the table answers 404.
final class ScriptedServer: @unchecked Sendable {
  // @unchecked: `answers` and `listener` are constants set in init; the accept thread only
  // reads them.
  let port: Int
  private let listener: Int32
  private let answers: [String: Data]

  /// Serves `answers`, keyed by path without the query.
  init(answers: [String: Data]) throws {
    self.answers = answers
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ChildFailure("socket: \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let listening = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
          && listen(socket, 16) == 0
      }
    }
    guard listening else {
      close(socket)
      throw ChildFailure("bind: \(errno)")
    }
    listener = socket
    port = Int(UInt16(bigEndian: address.sin_port))
    let thread = Thread { [self] in serve() }
    thread.start()
  }

  /// Stops accepting connections.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func serve() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      answer(connection)
      close(connection)
    }
  }

  private func answer(_ connection: Int32) {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16384)
    while String(decoding: received, as: UTF8.self).range(of: "\r\n\r\n") == nil {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return }
      received += buffer[..<count]
    }
    let requestLine = String(decoding: received, as: UTF8.self).prefix { $0 != "\r" }
    let target = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    let path = String(target.prefix { $0 != "?" })
    let body = answers[path]
    let head =
      "HTTP/1.1 \(body == nil ? "404 Not Found" : "200 OK")\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body?.count ?? 2)\r\nConnection: close\r\n\r\n"
    RawHTTP.write(Array(head.utf8) + Array(body ?? Data("{}".utf8)), to: connection)
  }
}
