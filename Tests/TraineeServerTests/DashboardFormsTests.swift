import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import CoachDashboard
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The dashboard's forms and pages are safe by construction (docs/security.md, "The dashboard's
/// session and forms", "The dashboard's pages"): every form post needs its session's CSRF token,
/// every page carries the policy headers, and a review posts, redirects and shows.
@Suite struct DashboardFormsTests {
  typealias World = CoachVisibilityAttackTests.World

  /// The path of each form route, filled with the world's trainee and its log tagged with A.
  static func path(_ pattern: String, _ world: World) -> String {
    pattern.replacingOccurrences(of: ":traineeId", with: world.trainee)
      .replacingOccurrences(of: ":workoutId", with: world.logs["A"]!)
  }

  @Test(arguments: StoreBackend.available)
  func everyFormPostIsRefusedWithoutItsSessionsToken(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let router = world.fixture.router
    let coach = DashboardBrowser(router)
    coach.signIn("a@coach.io")
    let other = DashboardBrowser(router)
    other.signIn("a@coach.io")
    let othersToken = try #require(
      DashboardBrowser.csrfToken(other.send(.get, "/coach/roster")))
    let fields = [("verdict", "needsWork"), ("comment", "forged")]
    #expect(CoachDashboard.formRoutes.count == 3)
    for pattern in CoachDashboard.formRoutes {
      let path = Self.path(pattern, world)
      let fieldsHere =
        pattern == "/coach/sign-in"
        ? [("email", "a@coach.io"), ("password", AccountRoutesFixture.password)] : fields
      for token in [nil, othersToken, ""] {
        let form = (token.map { [("csrf", $0)] } ?? []) + fieldsHere
        let answer = coach.send(.post, path, form: form)
        #expect(answer.status == 403, "\(pattern) with \(token ?? "no token")")
        #expect(DashboardBrowser.text(answer).contains("This form has expired"))
      }
    }
    // Nothing changed: no review, both sessions still live.
    #expect(
      try world.fixture.base.trainees.workoutReview(
        of: WorkoutLogID(world.logs["A"]!)!, for: TraineeID(world.trainee)!) == nil)
    #expect(coach.send(.get, "/coach/roster").status == .ok)
    // Without a session, a form post is 401, as JSON to a client that does not ask for HTML.
    var request = HTTPRequest(method: .post, path: Self.path(CoachDashboard.formRoutes[2], world))
    request.headers["Content-Type"] = "application/x-www-form-urlencoded"
    let refused = router.admit(&request) ?? router.respond(to: request)
    #expect(refused.status == .unauthorized)
    #expect(String(decoding: refused.body, as: UTF8.self).contains("\"code\":\"unauthorized\""))
  }

  @Test(arguments: StoreBackend.available)
  func everyPageCarriesThePolicyHeadersAndNoInlineScriptOrStyle(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let browser = DashboardBrowser(world.fixture.router)
    let pages = [
      "/coach/sign-in", "/coach/roster", "/coach/trainees/\(world.trainee)",
      "/coach/trainees/\(world.trainee)/workouts/\(world.logs["A"]!)",
    ]
    let signInPage = browser.send(.get, pages[0])
    browser.signIn("a@coach.io")
    let signedInPages = pages.dropFirst().map { ($0, browser.send(.get, $0)) }
    for (path, page) in [(pages[0], signInPage)] + signedInPages {
      #expect(page.status == .ok, "\(path)")
      let policy = page.headers["Content-Security-Policy"] ?? ""
      #expect(policy.hasPrefix("default-src 'self'"), "\(path)")
      #expect(policy.contains("frame-ancestors 'none'"))
      #expect(policy.contains("script-src 'none'"))
      #expect(!policy.contains("unsafe-inline"))
      #expect(page.headers["X-Content-Type-Options"] == "nosniff")
      #expect(page.headers["Referrer-Policy"] == "same-origin")
      #expect(page.headers["Cache-Control"] == "no-store")
      #expect(page.headers["Server-Timing"]?.hasPrefix("render;dur=") == true)
      #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
      let html = DashboardBrowser.text(page)
      #expect(!html.contains("<script"), "\(path)")
      #expect(!html.contains("style="), "\(path)")
      #expect(!html.contains("<style"), "\(path)")
    }
    let css = browser.send(.get, "/coach/style.css")
    #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
  }

  @Test(arguments: StoreBackend.available)
  func aReviewPostsRedirectsBackAndReachesTheTrainee(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let browser = DashboardBrowser(world.fixture.router)
    browser.signIn("a@coach.io")
    let path = "/coach/trainees/\(world.trainee)/workouts/\(world.logs["A"]!)"
    let page = browser.send(.get, path)
    #expect(DashboardBrowser.text(page).contains("Not reviewed yet."))
    let token = try #require(DashboardBrowser.csrfToken(page))
    // A bad verdict or comment is 400 naming the field, and changes nothing.
    for (fields, field) in [
      ([("verdict", "great")], "verdict"),
      ([("verdict", "reviewed"), ("comment", "a\u{1B}[2J")], "comment"),
      ([("verdict", "reviewed"), ("comment", String(repeating: "a", count: 2001))], "comment"),
    ] {
      let answer = browser.send(.post, path + "/review", form: [("csrf", token)] + fields)
      #expect(answer.status == .badRequest)
      #expect(DashboardBrowser.text(answer).contains("Form: \(field)"))
    }
    #expect(
      try world.fixture.base.trainees.workoutReview(
        of: WorkoutLogID(world.logs["A"]!)!, for: TraineeID(world.trainee)!) == nil)
    let posted = browser.send(
      .post, path + "/review",
      form: [("csrf", token), ("verdict", "needsWork"), ("comment", "Slow the descent")])
    #expect(posted.status == 303)
    #expect(posted.headers["Location"] == path)
    let shown = DashboardBrowser.text(browser.send(.get, path))
    #expect(shown.contains("Needs work"))
    #expect(shown.contains("Slow the descent"))
    // The trainee reads it through the API.
    let words = try world.fixture.read(
      CoachWordsDto.self,
      try world.fixture.send(
        world.fixture.endpoints.getCoachWords, token: world.sessions["A"]!.tokens.accessToken))
    #expect(words.reviews.first?.review.comment == "Slow the descent")
  }

  @Test(arguments: StoreBackend.available)
  func anotherStudiosCoachSeesNoneOfItAndCannotReview(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let browser = DashboardBrowser(world.fixture.router)
    browser.signIn("c@coach.io")
    let roster = DashboardBrowser.text(browser.send(.get, "/coach/roster"))
    #expect(!roster.contains(world.trainee))
    let trainee = "/coach/trainees/\(world.trainee)"
    let workout = "\(trainee)/workouts/\(world.logs["A"]!)"
    for path in [trainee, workout, "/coach/trainees/x", "\(trainee)/workouts/x"] {
      #expect(browser.send(.get, path).status == .notFound, "\(path)")
    }
    let token = try #require(DashboardBrowser.csrfToken(browser.send(.get, "/coach/roster")))
    let posted = browser.send(
      .post, workout + "/review", form: [("csrf", token), ("verdict", "reviewed")])
    #expect(posted.status == .notFound)
    // Coach B sees the trainee, and B's log, but not A's.
    let coachB = DashboardBrowser(world.fixture.router)
    coachB.signIn("b@coach.io")
    #expect(
      coachB.send(.get, "/coach/trainees/\(world.trainee)/workouts/\(world.logs["B"]!)").status
        == .ok)
    #expect(coachB.send(.get, workout).status == .notFound)
    #expect(
      try world.fixture.base.trainees.workoutReview(
        of: WorkoutLogID(world.logs["A"]!)!, for: TraineeID(world.trainee)!) == nil)
  }
}
