/// An error a route handler throws to answer with its own status and error body; any other
/// error a handler throws answers 500 without naming it.
public struct HTTPError: Error, Equatable, Sendable {
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
