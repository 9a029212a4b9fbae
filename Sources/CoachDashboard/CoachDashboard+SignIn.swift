import Accounts
import Foundation
import HTTPServer
import TraineeData

// NB: docs/decisions/the-coachs-dashboard.md, "Signing in": the form posts to the accounts store's
// `signInToPages`, so the API's limits on guessing (`AttemptLimit`), its refusals (a suspended
// account, an account that is not a coach) and its audit apply; the sign-in form has a CSRF
// token of its own, tied to a cookie set with the form, so another site cannot sign a browser in
// to an account of its choosing.

extension CoachDashboard {
  /// The device name of every page session, as the account's devices list shows it.
  static let deviceName = "Web dashboard"

  /// Registers the sign-in page and form, and signing out.
  func registerSignIn(on router: inout Router) {
    let dashboard = self
    router.add(.get, "/coach/sign-in") { request in
      dashboard.timed(request) { language in
        if try dashboard.pageSession(request) != nil {
          return DashboardAnswer.redirect(to: "/coach/roster")
        }
        return dashboard.signInPage(request, language, refusal: nil)
      }
    }
    router.add(.post, "/coach/sign-in", body: .beforeAdmission) { request in
      dashboard.timed(request) { language in try dashboard.signIn(request, language) }
    }
    router.add(
      .post, "/coach/sign-out", admission: { request in try dashboard.admitForm(&request) },
      body: .afterAdmission
    ) { request in
      dashboard.timed(request) { _ in
        let form = try FormBody.fields(of: request)
        let session = try dashboard.postingSession(request, form: form)
        _ = try dashboard.accounts().endSession(
          session.session.id, of: session.account.id, address: request.clientAddress)
        return DashboardAnswer.redirect(
          to: "/coach/sign-in",
          cookies: [dashboard.setCookie(Self.sessionCookie, "", maxAge: 0, request)])
      }
    }
  }

  /// The admission of a form of a signed-in coach: the request names a live session by its
  /// cookie, or it is refused 401 before its body is read. The handler checks again, with the
  /// form's CSRF token.
  func admitForm(_ request: inout HTTPRequest) throws {
    guard let session = try pageSession(request) else {
      var answer = PageRefusal.signedOut.answer(
        to: request,
        DashboardLanguage.chosen(byAcceptLanguage: request.headers["Accept-Language"]))
      DashboardAnswer.secure(&answer)
      throw AnsweredRefusal(response: answer)
    }
    request.account = "account " + session.account.id.description
  }

  /// The sign-in page, with `refusal` shown above the form; sets the form's cookie when the
  /// browser has none.
  func signInPage(
    _ request: HTTPRequest, _ language: DashboardLanguage, refusal: PageRefusal?,
    email: String = ""
  ) -> HTTPResponse {
    let kept = Self.cookie(Self.signInCookie, in: request).flatMap { $0.isEmpty ? nil : $0 }
    let formSecret = kept ?? lowercaseHexRandom()
    let token = Self.csrfToken(forSecret: formSecret, purpose: "sign-in")
    let shown: HTML =
      if let refusal {
        "<p class=\"refusal\" role=\"alert\">\(language.text(refusal.text, refusal.values))</p>"
      } else { .empty }
    var response = DashboardAnswer.page(
      refusal?.status ?? .ok, title: language.text(.signInTitle), language: language,
      main: """
        <h1>\(language.text(.signInTitle))</h1>
        \(shown)
        <form method="post" action="/coach/sign-in" class="sign-in">
        <input type="hidden" name="csrf" value="\(token)">
        <label for="email">\(language.text(.email))</label>
        <input id="email" name="email" type="email" autocomplete="username" required \
        value="\(email)">
        <label for="password">\(language.text(.password))</label>
        <input id="password" name="password" type="password" autocomplete="current-password" \
        required>
        <button type="submit">\(language.text(.signInButton))</button>
        </form>
        """)
    if kept == nil {
      response.headers.add(
        name: "Set-Cookie", value: setCookie(Self.signInCookie, formSecret, maxAge: nil, request))
    }
    if let seconds = refusal?.retryAfterSeconds {
      response.headers["Retry-After"] = String(seconds)
    }
    return response
  }

  /// The sign-in form's post: a session cookie and a redirect to the roster, or the page again
  /// with why not.
  func signIn(_ request: HTTPRequest, _ language: DashboardLanguage) throws -> HTTPResponse {
    let form = try FormBody.fields(of: request)
    guard let secret = Self.cookie(Self.signInCookie, in: request),
      Self.tokensMatch(form["csrf"], Self.csrfToken(forSecret: secret, purpose: "sign-in"))
    else { throw PageRefusal.csrfTokenInvalid }
    let email = form["email"] ?? ""
    for (field, key) in [("email", DashboardText.email), ("password", .password)]
    where (form[field] ?? "").isEmpty {
      let refusal = PageRefusal(
        status: .badRequest, code: "invalid_body", text: .missingField,
        values: ["field": language.text(key)])
      return try refuse(refusal, request, language, email: email)
    }
    do {
      let signedIn = try accounts().signInToPages(
        email: email, password: form["password"] ?? "", device: Self.deviceName,
        address: request.clientAddress)
      return DashboardAnswer.redirect(
        to: "/coach/roster",
        cookies: [
          setCookie(
            Self.sessionCookie, signedIn.tokens.accessToken,
            maxAge: Int(signedIn.tokens.accessExpiresAt.timeIntervalSince(now()).rounded()),
            request)
        ])
    } catch let refusal as AccountRefusal {
      return try refuse(PageRefusal(refusal), request, language, email: email)
    }
  }

  /// The sign-in page with `refusal` to a browser; the API's JSON error to anything else.
  private func refuse(
    _ refusal: PageRefusal, _ request: HTTPRequest, _ language: DashboardLanguage, email: String
  ) throws -> HTTPResponse {
    guard request.headers["Accept"]?.contains("text/html") ?? false else { throw refusal }
    return signInPage(request, language, refusal: refusal, email: email)
  }
}

extension PageRefusal {
  /// The page's words and status for a refusal of the accounts store's sign-in.
  init(_ refusal: AccountRefusal) {
    switch refusal {
    case .tooManyAttempts(let seconds):
      self.init(
        status: 429, code: "too_many_attempts", text: .tooManyAttempts,
        values: ["seconds": String(seconds)], retryAfterSeconds: seconds)
    case .accountSuspended:
      // The API's answer to a suspended account: 401 `unauthorized`.
      self.init(status: .unauthorized, code: "unauthorized", text: .accountSuspended)
    case .notAllowed:
      self.init(status: 403, code: "forbidden", text: .coachesOnly)
    default:
      self.init(status: .unauthorized, code: "invalid_credentials", text: .invalidCredentials)
    }
  }
}

/// 32 random bytes as lowercase hex: the sign-in form's cookie.
private func lowercaseHexRandom() -> String {
  SecretToken.randomHex(bytes: 32)
}
