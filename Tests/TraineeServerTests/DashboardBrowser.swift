import Foundation
import Testing

@testable import HTTPServer
@testable import TraineeServer

/// A browser's view of the dashboard through a router, as the server sends its requests (the
/// admission from the headers, then the handler): it keeps the cookies the answers set and sends
/// them back, reads each page's CSRF token, and accepts HTML.
final class DashboardBrowser {
  let router: Router
  let address: String
  /// The cookies kept, by name.
  var cookies: [String: String] = [:]
  /// The languages it asks for.
  var acceptLanguage: String?

  init(_ router: Router, address: String = "192.0.2.20") {
    self.router = router
    self.address = address
  }

  /// The answer to a request sent with the kept cookies; the cookies it sets are kept (a
  /// `Max-Age=0` one dropped).
  @discardableResult
  func send(
    _ method: HTTPMethod, _ target: String, form: [(String, String)]? = nil,
    headers: [String: String] = [:], viaTrustedProxy: Bool = false
  ) -> HTTPResponse {
    let parts = target.split(separator: "?", maxSplits: 1)
    var request = HTTPRequest(method: method, path: String(parts[0]))
    if parts.count > 1 {
      request.query = (try? RequestTarget(target).queryArguments()) ?? [:]
    }
    request.headers["Accept"] = "text/html"
    if let acceptLanguage { request.headers["Accept-Language"] = acceptLanguage }
    if !cookies.isEmpty {
      request.headers["Cookie"] = cookies.sorted { $0.key < $1.key }
        .map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    }
    if let form {
      request.headers["Content-Type"] = "application/x-www-form-urlencoded"
      request.body = Data(Self.encoded(form).utf8)
    }
    for (name, value) in headers { request.headers[name] = value }
    request.clientAddress = address
    request.viaTrustedProxy = viaTrustedProxy
    let response: HTTPResponse
    if let refusal = router.admit(&request) {
      response = refusal
    } else {
      response = router.respond(to: request)
    }
    for field in response.headers.values(for: "Set-Cookie") {
      let pair = field.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
      let name = String(pair[0])
      let value = pair.count > 1 ? String(pair[1]) : ""
      if field.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
    }
    return response
  }

  /// `fields` as an `application/x-www-form-urlencoded` body.
  static func encoded(_ fields: [(String, String)]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return fields.map { name, value in
      "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }.joined(separator: "&")
  }

  /// The body as text.
  static func text(_ response: HTTPResponse) -> String {
    String(decoding: response.body, as: UTF8.self)
  }

  /// The first CSRF token of a page's forms.
  static func csrfToken(_ response: HTTPResponse) -> String? {
    let text = text(response)
    guard let start = text.range(of: "name=\"csrf\" value=\"") else { return nil }
    return String(text[start.upperBound...].prefix { $0 != "\"" })
  }

  /// Signs in through the sign-in page and its form; the answer to the form.
  @discardableResult
  func signIn(_ email: String, password: String = AccountRoutesFixture.password) -> HTTPResponse {
    let page = send(.get, "/coach/sign-in")
    return send(
      .post, "/coach/sign-in",
      form: [
        ("csrf", Self.csrfToken(page) ?? ""), ("email", email), ("password", password),
      ])
  }
}
