import Foundation

/// An HTTP status code.
public struct HTTPStatus: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
  /// The numeric code, such as `404`.
  public var code: Int

  /// A status from its numeric code.
  public init(_ code: Int) {
    self.code = code
  }

  /// A status from an integer literal.
  public init(integerLiteral code: Int) {
    self.code = code
  }

  /// 200 OK.
  public static let ok: HTTPStatus = 200
  /// 201 Created.
  public static let created: HTTPStatus = 201
  /// 204 No Content.
  public static let noContent: HTTPStatus = 204
  /// 400 Bad Request.
  public static let badRequest: HTTPStatus = 400
  /// 401 Unauthorized.
  public static let unauthorized: HTTPStatus = 401
  /// 404 Not Found.
  public static let notFound: HTTPStatus = 404
  /// 405 Method Not Allowed.
  public static let methodNotAllowed: HTTPStatus = 405
  /// 409 Conflict.
  public static let conflict: HTTPStatus = 409
  /// 413 Content Too Large.
  public static let contentTooLarge: HTTPStatus = 413
  /// 414 URI Too Long.
  public static let uriTooLong: HTTPStatus = 414
  /// 422 Unprocessable Content.
  public static let unprocessableContent: HTTPStatus = 422
  /// 500 Internal Server Error.
  public static let internalServerError: HTTPStatus = 500
  /// 503 Service Unavailable.
  public static let serviceUnavailable: HTTPStatus = 503

  public var description: String { String(code) }
}

/// A complete HTTP response; the server adds `Content-Length` itself.
public struct HTTPResponse: Equatable, Sendable {
  /// The status.
  public var status: HTTPStatus
  /// Header fields to send.
  public var headers: HTTPHeaders
  /// The body bytes.
  public var body: Data
  /// A body sent from a file instead of `body` (which is then empty): an answer too large to
  /// hold in memory.
  public var bodyFile: ResponseBodyFile?

  /// A response.
  public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response whose body is sent from `file`.
  public init(status: HTTPStatus, headers: HTTPHeaders = [:], file: ResponseBodyFile) {
    self.init(status: status, headers: headers)
    bodyFile = file
  }

  /// `value` encoded as JSON (keys sorted) with `Content-Type: application/json`; a value that
  /// cannot be encoded gives a 500 error answer instead.
  public static func json<Value: Encodable>(_ status: HTTPStatus, _ value: Value) -> HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let body = try? encoder.encode(value) else {
      return .error(
        .internalServerError, code: "internal_error",
        message: "The server could not encode its answer.")
    }
    return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
  }

  /// An answer whose body is JSON already written (`SortedJSONWriter`).
  package static func jsonBytes(_ status: HTTPStatus, _ body: [UInt8]) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body))
  }

  /// The error answer `{ "error": { "code": code, "message": message } }`; a 401 also carries
  /// `WWW-Authenticate: Bearer realm="perform"`, as RFC 9110 and RFC 6750 require of it.
  public static func error(_ status: HTTPStatus, code: String, message: String) -> HTTPResponse {
    var response = json(status, ErrorBody(error: .init(code: code, message: message)))
    if status == .unauthorized { response.headers["WWW-Authenticate"] = #"Bearer realm="perform""# }
    return response
  }

  /// 500 `internal_error`, naming nothing inside the server: the answer to an error that renders
  /// no answer of its own.
  public static var internalError: HTTPResponse {
    .error(
      .internalServerError, code: "internal_error",
      message: "The server could not complete the request.")
  }
}

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server's layers as modules": the
// error body's shape is the wire's `APIErrorBody` (TraineeAPI), which the HTTP layer does not
// import; HTTPResponseErrorTests checks that both encode to the same bytes.

/// `{ "error": { "code": ..., "message": ... } }`.
private struct ErrorBody: Encodable {
  struct Detail: Encodable {
    var code: String
    var message: String
  }

  var error: Detail
}
