import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import CoachDashboard
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// Signing in to the coach's dashboard (docs/decisions/the-coachs-dashboard.md, "Signing in",
/// "The page session"): the API's limits and refusals, a cookie of a session of the accounts
/// store, ended by signing out and by the API's session ends.
@Suite struct DashboardSignInTests {
  typealias World = CoachVisibilityAttackTests.World

  @Test(arguments: StoreBackend.available)
  func aCoachSignsInToASessionListedAmongTheDevicesAndSignsOut(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let browser = DashboardBrowser(world.fixture.router)
    #expect(browser.send(.get, "/coach/roster").headers["Location"] == "/coach/sign-in")
    let signedIn = browser.signIn("a@coach.io")
    #expect(signedIn.status == 303)
    #expect(signedIn.headers["Location"] == "/coach/roster")
    let cookie = try #require(
      signedIn.headers.values(for: "Set-Cookie").first { $0.hasPrefix("perform_coach_session=") })
    let attributes = Set(
      cookie.split(separator: ";").dropFirst().map {
        $0.trimmingCharacters(in: .whitespaces)
      })
    #expect(attributes == ["Path=/coach", "HttpOnly", "SameSite=Strict", "Max-Age=43200"])
    // The secret is a session of the accounts store, listed among the coach's devices.
    let coach = try #require(
      try world.fixture.accounts.account(id: AccountID(world.coaches["A"]!.account.id)!))
    let devices = try world.fixture.accounts.sessions(of: coach.id)
    #expect(devices.map(\.name).contains(CoachDashboard.deviceName))
    let roster = browser.send(.get, "/coach/roster")
    #expect(roster.status == .ok)
    #expect(DashboardBrowser.text(roster).contains(">Ada</a>"))
    // Signing out is a form post; the session ends and the cookie is dropped.
    let out = browser.send(
      .post, "/coach/sign-out", form: [("csrf", DashboardBrowser.csrfToken(roster) ?? "")])
    #expect(out.status == 303)
    #expect(browser.cookies["perform_coach_session"] == nil)
    #expect(
      try world.fixture.accounts.sessions(of: coach.id).map(\.name).contains(
        CoachDashboard.deviceName) == false)
  }

  @Test(arguments: StoreBackend.available)
  func theAPIsSessionEndsEndThePageSession(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let browser = DashboardBrowser(world.fixture.router)
    browser.signIn("a@coach.io")
    #expect(browser.send(.get, "/coach/roster").status == .ok)
    let token = world.coaches["A"]!.tokens.accessToken
    let ended = try world.fixture.send(world.fixture.endpoints.endAllSessions, token: token)
    #expect(ended.status == .noContent)
    let after = browser.send(.get, "/coach/roster")
    #expect(after.status == 303)
    #expect(after.headers["Location"] == "/coach/sign-in")
  }

  @Test(arguments: StoreBackend.available)
  func signInRefusesAsTheAPIDoes(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let fixture = world.fixture
    let browser = DashboardBrowser(fixture.router)
    // A wrong password: 401, the page again, no session.
    let wrong = browser.signIn("a@coach.io", password: "not the password")
    #expect(wrong.status == .unauthorized)
    #expect(DashboardBrowser.text(wrong).contains("The email or the password is wrong."))
    #expect(browser.cookies["perform_coach_session"] == nil)
    // A trainee's right password: 403, not a session.
    let trainee = browser.signIn("ada@x.io")
    #expect(trainee.status == 403)
    #expect(DashboardBrowser.text(trainee).contains("for coaches"))
    #expect(browser.cookies["perform_coach_session"] == nil)
    // A suspended coach: 401, as the API answers.
    let coachB = try #require(AccountID(world.coaches["B"]!.account.id))
    #expect(try fixture.accounts.suspend(coachB))
    #expect(browser.signIn("b@coach.io").status == .unauthorized)
    // The API's limits on guessing: the API's failures and the page's count together.
    for _ in 0...AccountPolicy.cheapHashing.signIn.perAccount.freeFailures {
      _ = try fixture.send(
        fixture.endpoints.signIn, token: nil,
        json: SignInRequestDto(email: "c@coach.io", password: "wrong", device: "phone"))
    }
    let held = browser.signIn("c@coach.io")
    #expect(held.status == 429)
    #expect(held.headers["Retry-After"] != nil)
    #expect(browser.cookies["perform_coach_session"] == nil)
  }

  @Test(arguments: StoreBackend.available)
  func theCookieIsSecureBehindTLSOrATrustedProxysHTTPS(_ backend: StoreBackend) throws {
    let world = try World(backend)
    func cookie(_ router: Router, trusted: Bool, proto: String?) -> String? {
      let browser = DashboardBrowser(router)
      let page = browser.send(.get, "/coach/sign-in")
      var headers: [String: String] = [:]
      if let proto { headers["X-Forwarded-Proto"] = proto }
      let answer = browser.send(
        .post, "/coach/sign-in",
        form: [
          ("csrf", DashboardBrowser.csrfToken(page) ?? ""), ("email", "a@coach.io"),
          ("password", AccountRoutesFixture.password),
        ], headers: headers, viaTrustedProxy: trusted)
      return answer.headers.values(for: "Set-Cookie").first {
        $0.hasPrefix("perform_coach_session=")
      }
    }
    let plain = world.fixture.router
    #expect(cookie(plain, trusted: false, proto: nil)?.contains("Secure") == false)
    #expect(cookie(plain, trusted: false, proto: "https")?.contains("Secure") == false)
    #expect(cookie(plain, trusted: true, proto: "http")?.contains("Secure") == false)
    #expect(cookie(plain, trusted: true, proto: "https")?.contains("Secure") == true)
    let clock = world.fixture.clock
    var routes = TraineeAPIRoutes(
      store: world.fixture.base.trainees, now: { clock.now }, accounts: world.fixture.accounts)
    routes.dashboard = DashboardSettings(behindTLS: true)
    #expect(cookie(routes.router(), trusted: false, proto: nil)?.contains("Secure") == true)
  }

  @Test func theLanguageIsTheBrowsersFirstOfTheFive() {
    #expect(DashboardLanguage.chosen(byAcceptLanguage: nil) == .en)
    #expect(DashboardLanguage.chosen(byAcceptLanguage: "de-CH, en;q=0.8") == .de)
    #expect(DashboardLanguage.chosen(byAcceptLanguage: "nl, ja;q=0.5, fr;q=0.7") == .fr)
    #expect(DashboardLanguage.chosen(byAcceptLanguage: "nl, pt") == .en)
    #expect(DashboardLanguage.chosen(byAcceptLanguage: "de;q=0, it") == .it)
    // German is complete; the others fall back to English text by text.
    for text in DashboardText.allCases {
      #expect(!text.text(in: .de).isEmpty)
      #expect(text.text(in: .ja) == text.english)
    }
  }

  @Test(arguments: StoreBackend.available)
  func aGermanBrowserReadsGerman(_ backend: StoreBackend) throws {
    let world = try World(backend)
    let browser = DashboardBrowser(world.fixture.router)
    browser.acceptLanguage = "de-DE,de;q=0.9"
    browser.signIn("a@coach.io")
    let roster = DashboardBrowser.text(browser.send(.get, "/coach/roster"))
    #expect(roster.contains("<html lang=\"de\">"))
    #expect(roster.contains("Kundenliste"))
  }
}
