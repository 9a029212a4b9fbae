/// An error that renders its own answer: the `Router` answers a handler or an admission that
/// throws it with `response`. The HTTP layer knows no service's errors; each service makes its
/// own errors conform (docs/decisions/the-server-http-routes-and-storage.md, "The server's layers
/// as modules").
public protocol HTTPResponseError: Error {
  /// The answer to a request that failed with this error.
  var response: HTTPResponse { get }
  /// Whether this is the server's own fault (or the fault of what it depends on), which the
  /// router reports (`Router.init(reportError:)`) as it does any error that renders no answer of
  /// its own; `false` by default: the client's fault, answered and not reported.
  var isServerFault: Bool { get }
}

extension HTTPResponseError {
  public var isServerFault: Bool { false }
}

/// An error a route handler throws to answer with its own status and error body; any other
/// error a handler throws answers 500 without naming it.
public struct HTTPError: HTTPResponseError, Equatable, Sendable {
  /// The status to answer with.
  public var status: HTTPStatus
  /// The machine-readable code, such as `invalid_body`.
  public var code: String
  /// What is wrong and where, for people.
  public var message: String

  /// An error answer.
  public init(_ status: HTTPStatus, code: String, message: String) {
    self.status = status
    self.code = code
    self.message = message
  }

  /// The answer rendered as `{ "error": { "code", "message" } }`.
  public var response: HTTPResponse {
    .error(status, code: code, message: message)
  }
}
