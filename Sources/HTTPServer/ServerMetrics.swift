import Foundation
import LockedValue

// NB: Prometheus's text format (version 0.0.4), the one its scrapers and most others read:
// counters of requests by route pattern, method and status, a latency histogram per route, and
// gauges the server reads when scraped. Every label comes from a closed set (docs/security.md,
// "What a request leaves behind"): routes are patterns, never paths, and a request no route
// matched counts under `-`; methods are the known ones (`HTTPMethod.label`), any other `other`;
// statuses are those the server answers with, 100 to 599 (`queueAnswer` sends any other as 500),
// or `none`. So the series are at most (routes + 1) x 10 x 501, whatever clients send.

/// What the server counts for `/metrics`.
public final class ServerMetrics: Sendable {
  /// The histogram's upper bounds, in seconds.
  public static let buckets: [Double] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5]

  private struct Series: Hashable, Comparable {
    var route: String
    var method: String
    var status: String

    // By route, then method, then status: the order a scrape lists them in, compared field by
    // field (describing each series to compare its text cost a reflection walk per comparison).
    static func < (left: Series, right: Series) -> Bool {
      (left.route, left.method, left.status) < (right.route, right.method, right.status)
    }
  }

  private struct Latency {
    var counts = [Int](repeating: 0, count: ServerMetrics.buckets.count)
    var sum = 0.0
    var count = 0
  }

  private struct State {
    var requests: [Series: Int] = [:]
    var latency: [String: Latency] = [:]
    var bytesIn = 0
    var bytesOut = 0
    var bodiesRefused = 0
  }

  private let state = Locked(State())

  public init() {}

  /// Counts a request that is over, under its route's pattern (`nil`: no route matched).
  public func record(_ request: CompletedRequest, route: String?) {
    let route = route ?? "-"
    let seconds = request.duration.seconds
    let series = Series(
      route: route, method: request.head.method.label,
      status: request.status.map(String.init) ?? "none")
    state.withLock { state in
      state.requests[series, default: 0] += 1
      var latency = state.latency[route] ?? Latency()
      for (index, bound) in Self.buckets.enumerated() where seconds <= bound {
        latency.counts[index] += 1
      }
      latency.sum += seconds
      latency.count += 1
      state.latency[route] = latency
      state.bytesIn += request.bytesIn
      state.bytesOut += request.bytesOut
      // A body refused: too large (413), or sent and refused as the route's body (400).
      if request.status == 413 || (request.status == 400 && request.bytesIn > 0) {
        state.bodiesRefused += 1
      }
    }
  }

  /// The exposition, with `gauges` and `counters` (name, help, value) read at the scrape.
  public func render(
    gauges: [(name: String, help: String, value: Double)],
    counters: [(name: String, help: String, value: Double)] = []
  ) -> String {
    let state = state.withLock { $0 }
    var lines: [String] = []
    lines.append(
      "# HELP perform_http_requests_total Requests answered, by route pattern, method and status.")
    lines.append("# TYPE perform_http_requests_total counter")
    for (series, count) in state.requests.sorted(by: { $0.key < $1.key }) {
      lines.append(
        "perform_http_requests_total{route=\"\(escape(series.route))\",method=\"\(escape(series.method))\",status=\"\(series.status)\"} \(count)"
      )
    }
    lines.append(
      "# HELP perform_http_request_duration_seconds Time from a request's headers to its end.")
    lines.append("# TYPE perform_http_request_duration_seconds histogram")
    for (route, latency) in state.latency.sorted(by: { $0.key < $1.key }) {
      let label = "route=\"\(escape(route))\""
      for (index, bound) in Self.buckets.enumerated() {
        lines.append(
          "perform_http_request_duration_seconds_bucket{\(label),le=\"\(bound)\"} \(latency.counts[index])"
        )
      }
      lines.append(
        "perform_http_request_duration_seconds_bucket{\(label),le=\"+Inf\"} \(latency.count)")
      lines.append("perform_http_request_duration_seconds_sum{\(label)} \(latency.sum)")
      lines.append("perform_http_request_duration_seconds_count{\(label)} \(latency.count)")
    }
    lines.append("# HELP perform_http_request_body_bytes_total Bytes of request bodies read.")
    lines.append("# TYPE perform_http_request_body_bytes_total counter")
    lines.append("perform_http_request_body_bytes_total \(state.bytesIn)")
    lines.append("# HELP perform_http_response_body_bytes_total Bytes of answer bodies sent.")
    lines.append("# TYPE perform_http_response_body_bytes_total counter")
    lines.append("perform_http_response_body_bytes_total \(state.bytesOut)")
    lines.append(
      "# HELP perform_http_bodies_refused_total Request bodies refused: too large (413), or sent"
        + " and refused as the route's body (400).")
    lines.append("# TYPE perform_http_bodies_refused_total counter")
    lines.append("perform_http_bodies_refused_total \(state.bodiesRefused)")
    for gauge in gauges {
      lines.append("# HELP \(gauge.name) \(gauge.help)")
      lines.append("# TYPE \(gauge.name) gauge")
      lines.append("\(gauge.name) \(gauge.value)")
    }
    for counter in counters {
      lines.append("# HELP \(counter.name) \(counter.help)")
      lines.append("# TYPE \(counter.name) counter")
      lines.append("\(counter.name) \(counter.value)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func escape(_ value: String) -> String {
    value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
  }
}

/// This process's resident memory in bytes and its open file descriptors, from /proc.
public func processResources() -> (residentBytes: Double, openFiles: Double) {
  var resident = 0.0
  if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
    let kib = Double(
      line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
  {
    resident = kib * 1024
  }
  let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count ?? 0
  return (resident, Double(files))
}
