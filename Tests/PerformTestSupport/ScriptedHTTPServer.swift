import Foundation

// NB: the client's transport initializer is internal (a test hands it a fake, as
// swift-openapi-generator's clients take one); this target is only built with the tests.
@testable import TraineeAPI
@testable import TraineeClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server behind a `TraineeAPIClient`, in memory: it answers a standing answer, or a script of
/// answers played in order, and records every request. No answer (`nil` in the script, or
/// `reachable` off) is "no network": the client's transport throws `cannotConnectToHost`. The
/// one scripted HTTP server of the tests.
public final class ScriptedHTTPServer: @unchecked Sendable {
  // @unchecked: every stored property is only touched under `lock`.

  /// One answer: a status, headers and a body.
  public struct Answer: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: String

    public init(status: Int = 200, headers: [String: String] = [:], body: String = "") {
      self.status = status
      self.headers = headers
      self.body = body
    }
  }

  private let lock = NSLock()
  private let standing: Answer?
  private var script: [Answer?]?
  private var recorded: [URLRequest] = []
  private var isReachable = true

  /// A server answering every request with `status`, `body` and `headers` (JSON by default).
  public init(
    status: Int = 200, body: String = "{}",
    headers: [String: String] = ["Content-Type": "application/json"]
  ) {
    standing = Answer(status: status, headers: headers, body: body)
    script = nil
  }

  /// A server playing `answers` in order, a `nil` one as no network; once they run out, every
  /// request finds no network.
  public init(playing answers: [Answer?]) {
    standing = nil
    script = answers
  }

  /// Every request so far, oldest first.
  public var requests: [URLRequest] { lock.withLock { recorded } }

  /// Whether the server can be reached; off, every request finds no network.
  public var reachable: Bool {
    get { lock.withLock { isReachable } }
    set { lock.withLock { isReachable = newValue } }
  }

  /// A client of this server at `http://perform.test/` with token `t0k3n`, in time zone `zone`.
  public func client(zone: String = "UTC") -> TraineeAPIClient {
    TraineeAPIClient(
      baseURL: URL(string: "http://perform.test/")!, token: "t0k3n",
      timeZone: { TimeZone(identifier: zone)! }
    ) { request in
      guard let answer = self.answer(to: request) else { throw URLError(.cannotConnectToHost) }
      let response = HTTPURLResponse(
        url: request.url!, statusCode: answer.status, httpVersion: "HTTP/1.1",
        headerFields: answer.headers)!
      return (Data(answer.body.utf8), response)
    }
  }

  /// Records `request` and picks its answer; `nil` for no network.
  private func answer(to request: URLRequest) -> Answer? {
    lock.withLock {
      recorded.append(request)
      guard isReachable else { return nil }
      guard var played = script else { return standing }
      defer { script = played }
      return played.isEmpty ? nil : played.removeFirst()
    }
  }
}
