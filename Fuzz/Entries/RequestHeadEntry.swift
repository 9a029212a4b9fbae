import Foundation
import HTTPServer
import Synchronization
import TraineeAPI
import TraineeServer

// NB: docs/fuzzing.md, "Targets": the head of a request as a client writes it, driven through what
// the server decides from the head alone (issue 31): the route and its admission (token,
// per-route body), the client's address behind a trusted proxy, and the labels a request leaves
// in the metrics, which must come from closed sets whatever the client sends.

/// One request head: its first line (`METHOD TARGET`) and header lines (`Name: value`), one a
/// line. The value `{token}` stands for the demo trainee's token, so that the fuzzer reaches the
/// routes behind it.
enum RequestHeadEntry {
  /// The most route labels: the endpoint table's patterns (the health routes among them), and
  /// `-` for none.
  static let maximumRoutes = TraineeEndpoints.table.all.count + 1

  /// The most metric series the trainee API can have: its route labels, by the methods HTTP
  /// defines (and `other`), by the statuses the server answers with.
  static let maximumSeries = maximumRoutes * 10 * 20

  /// The metrics every input of this process adds to, so that many inputs together would show a
  /// label set that grows.
  private static let metrics = ServerMetrics()

  /// The series this process's inputs left, as the entry counts them, beside `metrics`.
  private static let recorded = Mutex<(inputs: Int, series: Set<[String]>, routes: Set<String>)>(
    (0, [], []))

  /// Every how many inputs the whole exposition is rendered and compared with `recorded`.
  ///
  /// Rendering sorts every series (about 0.4 ms each time under the sanitizers, most of an
  /// input's cost when done for each): an input's own labels are checked as it runs, and the
  /// exposition, whose code takes no turn an input chooses, on the first input and every
  /// thousandth after (docs/fuzzing.md, "Targets").
  static let inputsPerRender = 1000

  static func run(_ input: Data) throws(FuzzFinding) {
    let server = FuzzedServer.next()
    let text = String(decoding: input.prefix(16 * 1024), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    guard !lines.isEmpty else { return }
    let first = lines.removeFirst()
    let parts = first.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    let method = HTTPMethod(rawValue: String(parts[0]))
    // MHD hands the target over as a C string: it ends at the first NUL.
    let target = RequestTarget(String((parts.count > 1 ? parts[1] : "/").prefix { $0 != "\0" }))
    var headers = HTTPHeaders()
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
      let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { continue }
      headers[name] = value.replacingOccurrences(of: "{token}", with: server.token)
    }
    var request = HTTPRequest(method: method, path: String(target.path), headers: headers)
    let response: HTTPResponse
    do {
      request.query = try target.queryArguments()
      response = server.router.serverAnswer(to: request)
    } catch {
      response = error.response
    }
    try ServerRequestEntry.check(response, to: request)

    // The client behind a trusted proxy: the last hop the proxy did not add, or the proxy.
    let client = InFlightBudget.clientAddress(
      peer: "127.0.0.1", forwardedFor: headers["X-Forwarded-For"], trustedProxies: ["127.0.0.1"])
    guard !client.isEmpty, !client.contains(",") else {
      throw FuzzFinding("X-Forwarded-For \(headers["X-Forwarded-For"] ?? "") gave \"\(client)\"")
    }

    // The labels: a method HTTP does not define is `other`; the route is a pattern or `-`.
    let defined = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]
    guard method.label == (defined.contains(method.rawValue) ? method.rawValue : "other") else {
      throw FuzzFinding("method \(method.rawValue) labelled \(method.label)")
    }
    let route = server.router.routePattern(of: request)
    let completed = CompletedRequest(
      id: "fuzz", head: request, status: response.status.code, bytesIn: 0,
      bytesOut: response.body.count, startedAt: FuzzedServer.now, duration: .zero)
    metrics.record(completed, route: route)
    let labels = [route ?? "-", method.label, String(response.status.code)]
    guard labels[0] == "-" || labels[0].hasPrefix("/") else {
      throw FuzzFinding("\(request.method) \(request.path) counted under route \(labels[0])")
    }
    let (inputs, series, routes) = recorded.withLock { recorded in
      recorded.inputs += 1
      recorded.series.insert(labels)
      recorded.routes.insert(labels[0])
      return (recorded.inputs, recorded.series.count, recorded.routes.count)
    }
    guard series <= maximumSeries, routes <= maximumRoutes else {
      throw FuzzFinding(
        "\(series) request series, \(routes) routes after \(request.method) \(request.path)")
    }
    guard inputs % inputsPerRender == 1 else { return }
    let rendered = metrics.render(gauges: [], counters: [])
      .split(separator: "\n").filter { $0.hasPrefix("perform_http_requests_total{") }
    guard rendered.count == series else {
      throw FuzzFinding("\(rendered.count) request series rendered, \(series) recorded")
    }
    if let line = rendered.first(where: {
      !$0.contains("route=\"-\"") && !$0.contains("route=\"/")
    }) {
      throw FuzzFinding("a series whose route is neither a pattern nor -: \(line)")
    }
  }
}
