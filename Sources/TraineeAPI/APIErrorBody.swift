/// The body of every error answer of the trainee API:
/// `{ "error": { "code": "not_found", "message": "No route for GET /v1/x." } }`.
public struct APIErrorBody: Codable, Equatable, Sendable {
  /// What went wrong.
  public struct Detail: Codable, Equatable, Sendable {
    /// A stable, machine-readable code in snake case, such as `method_not_allowed`.
    public var code: String
    /// A sentence for people naming what is wrong and where.
    public var message: String

    /// An error detail.
    public init(code: String, message: String) {
      self.code = code
      self.message = message
    }
  }

  /// The error.
  public var error: Detail

  /// An error body with `code` and `message`.
  public init(code: String, message: String) {
    self.error = Detail(code: code, message: message)
  }
}
