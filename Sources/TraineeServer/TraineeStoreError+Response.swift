import HTTPServer
import TraineeData

extension TraineeStoreError: HTTPResponseError {
  /// The store's failures are the server's own (or its database's): reported, and answered
  /// without naming anything inside the server.
  public var isServerFault: Bool { true }

  /// 503 `database_unavailable` with `Retry-After: 1` when the database cannot be reached; 500
  /// `internal_error` otherwise.
  public var response: HTTPResponse {
    // NB: docs/architecture.md, "The server at scale": a database away is 503 with Retry-After,
    // never 500; the request may be sent again as it was.
    guard case .unavailable = self else { return .internalError }
    var response = HTTPResponse.error(
      .serviceUnavailable, code: "database_unavailable",
      message: "The database cannot be reached; try again in a second.")
    response.headers["Retry-After"] = "1"
    return response
  }
}
