import Foundation
import SHA256Digest

// NB: docs/architecture.md, "Offline first": the app sends its copy's validator back as
// `If-None-Match`; the server answers 304 when the answer has not changed. The tag is a digest of
// the answer itself, so every server process sharing a database gives the same answer the same
// tag. A cached route (CachedRoutes.swift) computes it once when it builds the answer
// and keeps it with the answer; any other GET has it computed after the handler ran.

extension Router {
  /// The answer to `request` as the server sends it: `respond(to:)` with conditional GET
  /// applied (`HTTPResponse.answering(conditional:)`).
  public func respondConditionally(to request: HTTPRequest) -> HTTPResponse {
    respond(to: request).answering(conditional: request)
  }
}

extension HTTPResponse {
  /// `self`, the answer to `request`, with an `ETag` (a GET answered 200), or 304 Not Modified
  /// when the request's `If-None-Match` names that tag (or `*`).
  func answering(conditional request: HTTPRequest) -> HTTPResponse {
    // An answer sent from a file is not tagged: its digest would cost a read of the whole file.
    guard request.method == .get, status == .ok, bodyFile == nil else { return self }
    let response = headers["ETag"] == nil ? tagged() : self
    let tag = response.headers["ETag"] ?? ""
    if let header = request.headers["If-None-Match"], Self.header(header, matches: tag) {
      return HTTPResponse(status: .notModified, headers: ["ETag": tag])
    }
    return response
  }

  /// `self` with an `ETag`: a digest of the body.
  package func tagged() -> HTTPResponse {
    var response = self
    response.headers["ETag"] =
      "\"" + lowercaseHex(Array(SHA256.hash(body).prefix(16))) + "\""
    return response
  }

  /// Whether the `If-None-Match` field `header` names `tag` (weakly compared, as RFC 9110
  /// asks for this field) or is `*`.
  static func header(_ header: String, matches tag: String) -> Bool {
    header.split(separator: ",").contains { item in
      var candidate = item.trimmingCharacters(in: .whitespaces)
      if candidate == "*" { return true }
      if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
      return candidate == tag
    }
  }
}

extension HTTPStatus {
  /// 304 Not Modified.
  public static let notModified: HTTPStatus = 304
}
