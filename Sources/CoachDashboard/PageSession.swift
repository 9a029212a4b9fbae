import Accounts
import Foundation
import HTTPServer
import SHA256Digest
import TraineeData

// NB: docs/security.md, "The dashboard's session and forms": the cookie holds the secret of a
// session of the accounts store (kept there only as its SHA-256, listed among the account's
// devices, ended by signing out or by any of the API's session ends). Each form's CSRF token is
// the SHA-256 of a label and that secret: tied to the session, unknown to any other, and
// readable by no script (the cookie is HttpOnly and the pages carry none inline).

/// A coach signed in to the pages, acting in the session's studio.
struct PageSession: Sendable {
  var account: Account
  var session: DeviceSession
  var studio: StudioID
  /// The token every form of this session carries.
  var csrfToken: String
}

extension CoachDashboard {
  /// The session cookie's name.
  static let sessionCookie = "perform_coach_session"
  /// The cookie of the sign-in form, before any session.
  static let signInCookie = "perform_coach_sign_in"

  /// The token the forms of the session whose secret is `secret` carry.
  static func csrfToken(forSecret secret: String, purpose: String = "session") -> String {
    lowercaseHex(SHA256.hash(Array("perform dashboard csrf \(purpose)\u{0}\(secret)".utf8)))
  }

  /// Whether `given` is `expected`, compared in time that does not depend on where they differ.
  static func tokensMatch(_ given: String?, _ expected: String) -> Bool {
    guard let given else { return false }
    let left = Array(given.utf8)
    let right = Array(expected.utf8)
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for index in left.indices { difference |= left[index] ^ right[index] }
    return difference == 0
  }

  /// The value of cookie `name` in the request's `Cookie` fields.
  static func cookie(_ name: String, in request: HTTPRequest) -> String? {
    for field in request.headers.values(for: "Cookie") {
      for pair in field.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else {
          continue
        }
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  /// The coach's live session the request's cookie names, in a studio the coach still coaches;
  /// `nil` when there is none (no cookie, an ended or expired session, a suspended account, a
  /// role other than coach, no live coach link to the session's studio).
  func pageSession(_ request: HTTPRequest) throws -> PageSession? {
    guard let secret = Self.cookie(Self.sessionCookie, in: request), !secret.isEmpty,
      secret.utf8.count <= 200
    else { return nil }
    let accounts = try accounts()
    guard let (account, session) = try accounts.session(forAccessToken: secret),
      account.role == .coach, let studio = session.studio,
      try accounts.memberships(of: account.id).contains(where: {
        $0.studio == studio && $0.role == .coach && $0.endedAt == nil
      })
    else { return nil }
    return PageSession(
      account: account, session: session, studio: studio,
      csrfToken: Self.csrfToken(forSecret: secret))
  }

  /// The page `render` builds for the request's session; without one, a redirect to the
  /// sign-in page.
  func signedInPage(
    _ request: HTTPRequest, _ language: DashboardLanguage,
    _ render: (PageSession) throws -> HTTPResponse
  ) throws -> HTTPResponse {
    guard let session = try pageSession(request) else {
      return DashboardAnswer.redirect(to: "/coach/sign-in")
    }
    return try render(session)
  }

  /// The form post's session, its CSRF token checked: 401 without a session, 403
  /// `csrf_token_invalid` when the form's `csrf` is not this session's. Nothing is read from the
  /// form before this passes.
  func postingSession(_ request: HTTPRequest, form: [String: String]) throws -> PageSession {
    guard let session = try pageSession(request) else { throw PageRefusal.signedOut }
    guard Self.tokensMatch(form["csrf"], session.csrfToken) else {
      throw PageRefusal.csrfTokenInvalid
    }
    return session
  }

  /// Whether the cookies this answer sets should be `Secure`: the operator said so, or a trusted
  /// proxy says the browser used HTTPS.
  func cookiesAreSecure(_ request: HTTPRequest) -> Bool {
    settings.behindTLS
      || (request.viaTrustedProxy
        && request.headers["X-Forwarded-Proto"]?.lowercased() == "https")
  }

  /// A `Set-Cookie` value: HttpOnly, SameSite=Strict, scoped to the pages' path, `Secure` as
  /// `cookiesAreSecure` says; `maxAge` 0 deletes it.
  func setCookie(_ name: String, _ value: String, maxAge: Int?, _ request: HTTPRequest) -> String {
    var parts = ["\(name)=\(value)", "Path=\(Self.prefix)", "HttpOnly", "SameSite=Strict"]
    if let maxAge { parts.append("Max-Age=\(maxAge)") }
    if cookiesAreSecure(request) { parts.append("Secure") }
    return parts.joined(separator: "; ")
  }
}
