import Foundation
import HTTPServer

// NB: docs/security.md, "The dashboard's pages": every answer under `/coach/` carries a policy
// that lets a page load nothing but the server's own style sheet (no script at all, nothing
// inline, no frame around it), and is kept by no cache.

/// The answers of the dashboard's pages.
enum DashboardAnswer {
  /// The `Content-Security-Policy` of every page.
  static let contentSecurityPolicy =
    "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self'; "
    + "form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'"

  /// Sets the pages' security headers on `response`.
  static func secure(_ response: inout HTTPResponse) {
    response.headers["Content-Security-Policy"] = contentSecurityPolicy
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["X-Frame-Options"] = "DENY"
    if response.headers["Cache-Control"] == nil { response.headers["Cache-Control"] = "no-store" }
  }

  /// `303 See Other` to `path`: a form's answer (post, redirect, get) and the way to sign-in.
  static func redirect(to path: String, cookies: [String] = []) -> HTTPResponse {
    var response = HTTPResponse(status: 303, headers: ["Location": path])
    for cookie in cookies { response.headers.add(name: "Set-Cookie", value: cookie) }
    return response
  }

  /// A whole page: `title`, the header (with the sign-out form when signed in) and `main`.
  static func page(
    _ status: HTTPStatus = .ok, title: String, language: DashboardLanguage,
    signedIn session: PageSession? = nil, main: HTML
  ) -> HTTPResponse {
    let signOut: HTML =
      if let session {
        """
        <form method="post" action="/coach/sign-out" class="sign-out">\
        <input type="hidden" name="csrf" value="\(session.csrfToken)">\
        <span class="who">\(session.account.name)</span> \
        <button type="submit">\(language.text(.signOut))</button></form>
        """
      } else { .empty }
    let document: HTML = """
      <!doctype html>
      <html lang="\(language.rawValue)">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(title) · \(language.text(.productName))</title>
      <link rel="stylesheet" href="/coach/style.css">
      </head>
      <body>
      <header><a class="brand" href="/coach/roster">\(language.text(.productName))</a>\(signOut)\
      </header>
      <main>
      \(main)
      </main>
      </body>
      </html>

      """
    return HTTPResponse(
      status: status, headers: ["Content-Type": "text/html; charset=utf-8"],
      body: Data(document.rendered.utf8))
  }

  /// The one style sheet, kept by browsers for an hour.
  static let styleSheet = HTTPResponse(
    status: .ok,
    headers: [
      "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    ], body: Data(DashboardStyle.css.utf8))
}

/// A refusal of a page or a form, answered as a page to a browser (`Accept: text/html`) and as
/// the API's JSON error to anything else.
struct PageRefusal: Error, Equatable {
  var status: HTTPStatus
  var code: String
  var text: DashboardText
  var values: [String: String] = [:]
  var retryAfterSeconds: Int?

  /// No live session: sign in again.
  static let signedOut = PageRefusal(
    status: .unauthorized, code: "unauthorized", text: .sessionEnded)
  /// The form's CSRF token is missing or another session's.
  static let csrfTokenInvalid = PageRefusal(
    status: 403, code: "csrf_token_invalid", text: .formExpired)
  /// Nothing the coach's studio can see has this address.
  static let notFound = PageRefusal(status: .notFound, code: "not_found", text: .notFoundBody)

  /// The answer to `request`, in `language`.
  func answer(to request: HTTPRequest, _ language: DashboardLanguage) -> HTTPResponse {
    let message = language.text(text, values)
    var response: HTTPResponse
    if request.headers["Accept"]?.contains("text/html") ?? false {
      let link: HTML =
        status == .unauthorized
        ? "<p><a href=\"/coach/sign-in\">\(language.text(.signInTitle))</a></p>"
        : "<p><a href=\"/coach/roster\">\(language.text(.backToRoster))</a></p>"
      response = DashboardAnswer.page(
        status, title: message, language: language,
        main: "<p class=\"refusal\" role=\"alert\">\(message)</p>\(link)")
    } else {
      response = .error(status, code: code, message: message)
    }
    if let retryAfterSeconds { response.headers["Retry-After"] = String(retryAfterSeconds) }
    return response
  }
}

/// A refusal already answered (an admission's, before the body is read).
struct AnsweredRefusal: HTTPResponseError {
  var response: HTTPResponse
}

/// A form's fields, read from an `application/x-www-form-urlencoded` body.
enum FormBody {
  /// The fields; 415 `unsupported_media_type` for another content type, 400 `invalid_body` for
  /// a body that is not a form.
  static func fields(of request: HTTPRequest) throws -> [String: String] {
    let type = request.headers["Content-Type"]?.lowercased() ?? ""
    guard type.hasPrefix("application/x-www-form-urlencoded") else {
      throw HTTPError(
        415, code: "unsupported_media_type",
        message: "Content-Type must be application/x-www-form-urlencoded.")
    }
    guard let text = String(data: request.body, encoding: .utf8) else {
      throw HTTPError(.badRequest, code: "invalid_body", message: "The form is not UTF-8.")
    }
    do {
      return try RequestTarget("/?" + text).queryArguments()
    } catch {
      throw HTTPError(
        .badRequest, code: "invalid_body", message: "The form's fields cannot be decoded.")
    }
  }
}
