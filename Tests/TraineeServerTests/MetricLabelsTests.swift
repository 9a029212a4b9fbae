import Foundation
import Testing

@testable import HTTPServer
@testable import TraineeServer

/// What a request leaves behind is bounded (docs/security.md, "What a request leaves behind"):
/// metric labels and log fields come from closed sets, whatever method or path a client sends.
struct MetricLabelsTests {
  @Test(arguments: [
    ("GET", "GET"), ("HEAD", "HEAD"), ("POST", "POST"), ("PUT", "PUT"), ("PATCH", "PATCH"),
    ("DELETE", "DELETE"), ("OPTIONS", "OPTIONS"), ("TRACE", "TRACE"), ("CONNECT", "CONNECT"),
    ("get", "other"), ("BREW", "other"), ("", "other"),
    (String(repeating: "M", count: 16_000), "other"),
  ])
  func aMethodIsLabelledAsKnownOrOther(method: String, label: String) {
    #expect(HTTPMethod(rawValue: method).label == label)
  }

  static func completed(method: String, path: String, status: Int?) -> CompletedRequest {
    CompletedRequest(
      id: "0", head: HTTPRequest(method: HTTPMethod(rawValue: method), path: path),
      status: status, bytesIn: 0, bytesOut: 0, startedAt: Date(timeIntervalSince1970: 0),
      duration: .milliseconds(1))
  }

  /// A thousand requests, each with a method and a path of its own and no route: one series.
  /// Before, each added a series holding its method, and the exposition grew without end.
  @Test func requestsWithNewMethodsAndPathsAddNoSeries() {
    let metrics = ServerMetrics()
    for index in 0..<1000 {
      metrics.record(
        Self.completed(
          method: "M\(index)" + String(repeating: "X", count: 1000), path: "/x\(index)",
          status: 404),
        route: nil)
    }
    metrics.record(Self.completed(method: "GET", path: "/healthz", status: 200), route: "/healthz")
    let text = metrics.render(gauges: [])
    let series = text.split(separator: "\n").filter { $0.hasPrefix("perform_http_requests_total{") }
    #expect(
      series.sorted() == [
        #"perform_http_requests_total{route="-",method="other",status="404"} 1000"#,
        #"perform_http_requests_total{route="/healthz",method="GET",status="200"} 1"#,
      ])
    #expect(text.utf8.count < 8 * 1024)
  }

  /// A scrape lists the request series by route, then method, then status, whatever order the
  /// requests came in, so two scrapes diff line by line.
  @Test func aScrapeListsSeriesByRouteMethodAndStatus() {
    let metrics = ServerMetrics()
    let recorded: [(String, String, Int?, String?)] = [
      ("PUT", "/b", 500, "/b"), ("GET", "/b", 200, "/b"), ("GET", "/a/b", 404, "/a/b"),
      ("GET", "/a", 304, "/a"), ("GET", "/a", 200, "/a"), ("DELETE", "/a", nil, "/a"),
      ("GET", "/zz", 404, nil),
    ]
    for (method, path, status, route) in recorded {
      metrics.record(Self.completed(method: method, path: path, status: status), route: route)
    }
    let series = metrics.render(gauges: []).split(separator: "\n")
      .filter { $0.hasPrefix("perform_http_requests_total{") }
      .map { $0.dropFirst("perform_http_requests_total".count).prefix { $0 != " " } }
    #expect(
      series == [
        #"{route="-",method="GET",status="404"}"#,
        #"{route="/a",method="DELETE",status="none"}"#,
        #"{route="/a",method="GET",status="200"}"#,
        #"{route="/a",method="GET",status="304"}"#,
        #"{route="/a/b",method="GET",status="404"}"#,
        #"{route="/b",method="GET",status="200"}"#,
        #"{route="/b",method="PUT",status="500"}"#,
      ])
  }

  @Test func theAccessAndErrorLogsNameAnUnknownMethodOther() {
    let method = String(repeating: "M", count: 16_000)
    let access = JSONLineLog.accessLine(
      Self.completed(method: method, path: "/x", status: 404), route: nil)
    #expect(access.contains(#""method":"other""#), "\(access)")
    #expect(access.utf8.count < 300)
    let error = JSONLineLog.errorLine(
      "boom", request: HTTPRequest(method: HTTPMethod(rawValue: method), path: "/x"), route: nil,
      at: Date(timeIntervalSince1970: 0))
    #expect(error.contains(#""method":"other""#), "\(error)")
    #expect(error.utf8.count < 300)
  }
}
