import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import CoachDashboard
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// Every text a person typed is escaped by the template layer, not by each page
/// (docs/security.md, "The dashboard's pages").
@Suite struct DashboardEscapingTests {
  static let hostile = [
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'><svg onload=alert(1)>",
  ]

  @Test func interpolatedTextIsEscapedAndOnlyLiteralsAreMarkup() {
    let text = "<script>alert(\"x\")</script> & 'y'"
    let html: HTML = "<p title=\"\(text)\">\(text)</p>"
    #expect(
      html.rendered
        == "<p title=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;\">"
        + "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>")
    let inner: HTML = "<b>\("<i>")</b>"
    let outer: HTML = "<p>\(inner)</p>"
    #expect(outer.rendered == "<p><b>&lt;i&gt;</b></p>")
  }

  @Test func controlCharactersAreShownAsReplacementCharacters() {
    let html: HTML = "\("a\u{1B}[2Jb\u{0}c\u{7F}d\u{85}e\nf\tg")"
    #expect(html.rendered == "a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}d\u{FFFD}e\nf\tg")
  }

  @Test(arguments: StoreBackend.available)
  func hostileNamesAndNotesTypedThroughTheAPIAreEscapedOnEveryPage(
    _ backend: StoreBackend
  ) throws {
    let fixture = try AccountRoutesFixture(backend)
    let admin = try fixture.signedInOperator()
    let made = try fixture.studioWithCoach("S", coachEmail: "s@coach.io", operator: admin)
    let name = Self.hostile.joined(separator: " ")
    let joined = try fixture.read(
      SignedInDto.self,
      try fixture.send(
        fixture.endpoints.acceptInvite, token: nil,
        json: AcceptInviteRequestDto(
          code: try fixture.invite(by: made.coach).code, name: name, email: "h@x.io",
          password: AccountRoutesFixture.password, device: "phone")))
    var payload = StoreFixture.benchDay
    payload.note = Self.hostile[1]
    payload.label = Self.hostile[0]
    payload.entries[0].name = Self.hostile[2]
    if case .strength(var set) = payload.entries[0].sets[0] {
      set.note = Self.hostile[0]
      payload.entries[0].sets[0] = .strength(set)
    }
    let log = try fixture.logWorkout(token: joined.tokens.accessToken, key: "h", payload)
    // A control character the API refuses in a note is refused, naming the field.
    var control = payload
    control.note = "a\u{1B}[2J"
    #expect(throws: UnexpectedAnswer.self) {
      try fixture.logWorkout(token: joined.tokens.accessToken, key: "c", control)
    }
    let coach = DashboardBrowser(fixture.router)
    coach.signIn("s@coach.io")
    let trainee = joined.account.traineeId!
    let workout = "/coach/trainees/\(trainee)/workouts/\(log)"
    let posted = coach.send(
      .post, workout + "/review",
      form: [
        ("csrf", DashboardBrowser.csrfToken(coach.send(.get, workout)) ?? ""),
        ("verdict", "reviewed"), ("comment", Self.hostile[1]),
      ])
    #expect(posted.status == 303)
    for path in ["/coach/roster", "/coach/trainees/\(trainee)", workout] {
      let page = coach.send(.get, path)
      #expect(page.status == .ok, "\(path)")
      let html = DashboardBrowser.text(page)
      for text in Self.hostile {
        #expect(!html.contains(text), "\(path) shows \(text) unescaped")
      }
      #expect(!html.contains("<script"), "\(path)")
      #expect(!html.contains("<img"), "\(path)")
      #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path)")
    }
  }

  @Test(arguments: StoreBackend.available)
  func controlCharactersStoredWithoutTheAPIAreShownReplaced(_ backend: StoreBackend) throws {
    let fixture = try AccountRoutesFixture(backend)
    let admin = try fixture.signedInOperator()
    let made = try fixture.studioWithCoach("S", coachEmail: "s@coach.io", operator: admin)
    let joined = try fixture.read(
      SignedInDto.self, try fixture.accept(try fixture.invite(by: made.coach).code, email: "q@x.io")
    )
    var payload = StoreFixture.benchDay
    payload.note = "before\u{1B}[2J\u{7}after"
    let log = try fixture.logWorkout(token: joined.tokens.accessToken, key: "q")
    // Written into the store directly, as a store of an older server might hold it.
    let trainee = TraineeID(joined.account.traineeId!)!
    let stored = try fixture.base.trainees.logWorkout(
      payload, idempotencyKey: nil, loggedAt: nil, studio: StudioID(made.studio.id)!,
      for: trainee)
    #expect(stored.id.description != log)
    let coach = DashboardBrowser(fixture.router)
    coach.signIn("s@coach.io")
    let list = DashboardBrowser.text(coach.send(.get, "/coach/trainees/\(trainee)"))
    #expect(list.contains("/workouts/\(stored.id)\""))
    let html = DashboardBrowser.text(
      coach.send(.get, "/coach/trainees/\(trainee)/workouts/\(stored.id)"))
    #expect(html.contains("before\u{FFFD}[2J\u{FFFD}after"))
    #expect(!html.contains("\u{1B}"))
    // Every column of the sets' tables is named: no empty header (a screen reader reads it).
    #expect(!html.contains("<th scope=\"col\"></th>"))
    #expect(html.contains("<th scope=\"col\">Against the target</th>"))
  }
}
