import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// What a client without a token can make the real `perform serve` hold (docs/security.md,
/// "Bodies before the token" and "What a request leaves behind").
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServeWithoutTokenTests {
  /// 64 connections to a route that takes no body, each declaring 1 MiB and sending a byte:
  /// each is refused 413 from its headers, and a trainee's write goes through meanwhile.
  /// Before, each reserved its 1 MiB from the 64 MiB every write shares and waited for it, and
  /// the trainee's `PUT` answered 503 `busy` for as long as the attack lasted.
  @Test(arguments: [
    "GET /healthz", "GET /readyz", "HEAD /healthz", "GET /v1/foods/search?q=x", "DELETE /nowhere",
  ])
  func bodiesToRoutesThatTakeNoneHoldNothing(request: String) async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let token = try #require(server.token)
    let head = "\(request) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1048576\r\n\r\nx"
    let attack = try await Attack(port: server.port, head: head, connections: 64)
    defer { attack.close() }
    let answers = attack.answers

    let put = try await server.request(
      "PUT", "/v1/trainee/nutrition/day", token: token,
      body: Data(#"{"date":"2026-01-05","data":{"eaten":{}}}"#.utf8))
    #expect(put.status == 200, "\(String(decoding: put.body, as: UTF8.self))")
    let refused = answers.filter { $0.hasPrefix("HTTP/1.1 4") }
    #expect(refused.count == 64, "\(answers.first { !$0.hasPrefix("HTTP/1.1 4") } ?? "")")
    if request.hasPrefix("GET /healthz") || request.hasPrefix("GET /readyz") {
      #expect(answers.allSatisfy { $0.contains(#""code":"unexpected_body""#) })
    }
  }

  /// A chunked body, which declares no length, is refused the same way.
  @Test func aChunkedBodyToARouteThatTakesNoneIsRefused() async throws {
    let (server, directory) = try Self.demoServer()
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let head =
      "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx"
    let attack = try await Attack(port: server.port, head: head, connections: 8)
    defer { attack.close() }
    let answers = attack.answers
    #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 413 ") }, "\(answers)")
  }

  /// The metrics port takes no body either: a scrape is answered while 64 connections each
  /// declare 1 MiB to it. Before, they held its budget and its per-address share, and the scrape
  /// answered 503.
  @Test func theMetricsPortTakesNoBody() async throws {
    let (server, directory) = try Self.demoServer(arguments: ["--metrics-port", "0"])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let metrics = try #require(server.metricsURL)
    let port = try #require(metrics.port)
    let head = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1048576\r\n\r\nx"
    let attack = try await Attack(port: port, head: head, connections: 64)
    defer { attack.close() }
    let answers = attack.answers
    #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 413 ") }, "\(answers.first ?? "")")
    let (_, response) = try await URLSession.shared.data(from: metrics)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
  }

  /// 500 requests without a token, each with a 16 KB method and a path of its own: `/metrics`
  /// holds a handful of series and the server's RSS grows by less than 4 MiB. Before, each
  /// request added a series holding its method (about 16 KB each, 8 MB here): 1,500 of them took
  /// the server from 45 to 68 MB for good, and `/metrics` to 24 MB and 53 s a scrape.
  @Test func newMethodsAndPathsLeaveNothingBehind() async throws {
    let (server, directory) = try Self.demoServer(arguments: ["--metrics-port", "0"])
    defer { try? FileManager.default.removeItem(at: directory) }
    defer { server.interrupt() }
    let metrics = try #require(server.metricsURL)
    let pid = server.process.processIdentifier
    // Warmed up (threads, the first scrape) before the baseline.
    _ = try await URLSession.shared.data(from: metrics)
    _ = try RawHTTP.send(Self.request("GET /nowhere"), port: server.port)
    let before = try #require(RawHTTP.residentKiB(of: pid))
    var statuses: [Int: Int] = [:]
    for index in 0..<500 {
      let method = "M\(index)" + String(repeating: "X", count: 16_000)
      let reply = try RawHTTP.send(Self.request("\(method) /v1/x/\(index)"), port: server.port)
      statuses[reply.status ?? 0, default: 0] += 1
    }
    #expect(statuses == [404: 500])
    let after = try #require(RawHTTP.residentKiB(of: pid))
    #expect(after - before < 4 * 1024, "RSS grew from \(before) KiB to \(after) KiB")
    // A request is counted once it is over: read until the last one is.
    var data = Data()
    var series: [Substring] = []
    func notFound() -> Int {
      series.filter { $0.contains(#"status="404""#) }.compactMap { $0.split(separator: " ").last }
        .compactMap { Int($0) }.reduce(0, +)
    }
    for _ in 0..<500 where notFound() < 501 {
      (data, _) = try await URLSession.shared.data(from: metrics)
      series = String(decoding: data, as: UTF8.self).split(separator: "\n").filter {
        $0.hasPrefix("perform_http_requests_total{")
      }
      if notFound() < 501 { try await Task.sleep(for: .milliseconds(10)) }
    }
    let text = String(decoding: data, as: UTF8.self)
    let line = #"perform_http_requests_total{route="-",method="GET",status="404"} 1"#
    #expect(series.count <= 4, "\(series)")
    let counted = (
      warmUp: text.contains(line + "\n"),
      attack: text.contains(#"{route="-",method="other",status="404"} 500"# + "\n")
    )
    #expect(counted == (true, true))
    #expect(data.count < 64 * 1024)
  }

  /// `line` (a method and a target) as a request that closes its connection.
  static func request(_ line: String) -> [UInt8] {
    Array("\(line) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
  }

  /// Connections that each sent `head`, held open (the attack lasts) until `close()`.
  final class Attack {
    let sockets: [Int32]
    /// Each connection's answer so far ("" for none).
    private(set) var answers: [String]

    /// Opens `connections` connections to `port`, writes `head` on each and waits until each is
    /// answered (at most about 20 s: connections the server does not refuse stay unanswered).
    init(port: Int, head: String, connections: Int) async throws {
      var sockets: [Int32] = []
      do {
        for _ in 0..<connections {
          let socket = try RawHTTP.connectSocket(port: port)
          sockets.append(socket)
          RawHTTP.write(Array(head.utf8), to: socket)
        }
      } catch {
        sockets.forEach { Glibc.close($0) }
        throw error
      }
      self.sockets = sockets
      answers = [String](repeating: "", count: connections)
      for _ in 0..<2000 where answers.contains("") {
        for (index, socket) in sockets.enumerated() where answers[index].isEmpty {
          answers[index] = RawHTTP.readWaiting(socket)
        }
        if answers.contains("") { try await Task.sleep(for: .milliseconds(10)) }
      }
    }

    /// Ends the attack: closes every connection.
    func close() {
      sockets.forEach { Glibc.close($0) }
    }
  }

  /// `perform serve --demo` on a database of its own, and the directory to remove after.
  static func demoServer(arguments: [String] = []) throws -> (ServeChild, URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-no-token-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true,
      arguments: arguments)
    return (server, directory)
  }
}
