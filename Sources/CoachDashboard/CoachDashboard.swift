import Accounts
import Foundation
import HTTPServer
import TraineeData

// NB: docs/decisions/the-coachs-dashboard.md, "Pages beside the API": the pages are routes of the
// API's own router, under `/coach/`, served by the same process; they read through the same store
// functions as the coach API (never over HTTP) and are not endpoints of the API's table
// (`TraineeEndpoints`, openapi.yaml), which describe JSON for programs, not pages for people.

/// What the operator says about how the dashboard is reached.
public struct DashboardSettings: Equatable, Sendable {
  /// The server is reached only over TLS (a terminating proxy or load balancer in front), so
  /// the session cookie is `Secure` on every answer (`perform serve --behind-tls`).
  public var behindTLS: Bool

  /// Settings; by default the cookie is `Secure` only when a trusted proxy says
  /// `X-Forwarded-Proto: https`.
  public init(behindTLS: Bool = false) {
    self.behindTLS = behindTLS
  }
}

/// The coach's web dashboard: server-rendered pages on the trainee store and the accounts.
public struct CoachDashboard: Sendable {
  /// Where every page's path begins.
  public static let prefix = "/coach"
  /// The trainee store the pages read.
  let store: any TraineeStore
  /// The accounts: sign-in, sessions, the roster.
  let accounts: @Sendable () throws -> any AccountStore
  let settings: DashboardSettings
  /// The wall clock the store's sessions are dated by (a cookie's `Max-Age` is counted from it).
  let now: @Sendable () -> Date

  /// The dashboard on `store` and `accounts`, with `settings`; `now` is the store's clock.
  public init(
    store: any TraineeStore, accounts: @escaping @Sendable () throws -> any AccountStore,
    settings: DashboardSettings = DashboardSettings(), now: @escaping @Sendable () -> Date
  ) {
    self.store = store
    self.accounts = accounts
    self.settings = settings
    self.now = now
  }

  /// Every page route that takes a form (`POST`), with a path that reaches it: what the CSRF
  /// tests walk through.
  public static let formRoutes: [String] = [
    "/coach/sign-in", "/coach/sign-out", "/coach/trainees/:traineeId/workouts/:workoutId/review",
  ]

  /// Registers the pages, the style sheet and the forms on `router`.
  public func register(on router: inout Router) {
    let dashboard = self
    // The address `perform serve` prints ends in a slash; both spellings lead to the roster.
    for entry in [Self.prefix, Self.prefix + "/"] {
      router.add(.get, entry) { request in
        dashboard.timed(request) { _ in DashboardAnswer.redirect(to: "/coach/roster") }
      }
    }
    router.add(.get, "/coach/style.css") { _ in DashboardAnswer.styleSheet }
    registerSignIn(on: &router)
    router.add(.get, "/coach/roster") { request in
      dashboard.timed(request) { language in
        try dashboard.signedInPage(request, language) { session in
          try dashboard.rosterPage(session, language)
        }
      }
    }
    router.add(.get, "/coach/trainees/:traineeId") { request in
      dashboard.timed(request) { language in
        try dashboard.signedInPage(request, language) { session in
          try dashboard.traineePage(request, session, language)
        }
      }
    }
    router.add(.get, "/coach/trainees/:traineeId/workouts/:workoutId") { request in
      dashboard.timed(request) { language in
        try dashboard.signedInPage(request, language) { session in
          try dashboard.workoutPage(request, session, language)
        }
      }
    }
    registerReview(on: &router)
  }

  /// The answer of `render` in the request's language, with the pages' security headers and
  /// `Server-Timing` (the time to build it); a refusal it throws is answered as a page or JSON.
  func timed(
    _ request: HTTPRequest, _ render: (DashboardLanguage) throws -> HTTPResponse
  ) -> HTTPResponse {
    let clock = ContinuousClock()
    let start = clock.now
    let language = DashboardLanguage.chosen(byAcceptLanguage: request.headers["Accept-Language"])
    var response: HTTPResponse
    do {
      response = try render(language)
    } catch let refusal as PageRefusal {
      response = refusal.answer(to: request, language)
    } catch let error as any HTTPResponseError {
      response = error.response
    } catch {
      response = .internalError
    }
    DashboardAnswer.secure(&response)
    let elapsed = clock.now - start
    let milliseconds =
      Double(elapsed.components.attoseconds) / 1e15
      + Double(elapsed.components.seconds) * 1000
    response.headers["Server-Timing"] = "render;dur=" + String(format: "%.3f", milliseconds)
    return response
  }
}
