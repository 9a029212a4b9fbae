import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-dashboard.md, "A trainee's page": the trainee's last workouts as
// the coach API's `GET /v1/coach/trainees/{traineeId}/workouts` reads them (the store's
// `workoutSummaries(of:visibleTo:)`, so the same visibility rule), paged by real links whose
// `cursor` is the API's; a trainee the studio cannot see is the same 404 as an unknown one.

extension CoachDashboard {
  /// Workouts on one page of a trainee's.
  static let workoutsPerPage = 20

  /// The trainee in the path, when the session's studio may see them: their id and name.
  func seenTrainee(_ request: HTTPRequest, _ session: PageSession) throws -> (TraineeID, String) {
    guard let trainee = request.pathParameters["traineeId"].flatMap(TraineeID.init),
      try store.studioVisibility(of: trainee, to: session.studio) != nil
    else { throw PageRefusal.notFound }
    let name = try accounts().account(ofTrainee: trainee)?.name ?? trainee.description
    return (trainee, name)
  }

  /// A trainee's last workouts, a page at a time.
  func traineePage(
    _ request: HTTPRequest, _ session: PageSession, _ language: DashboardLanguage
  ) throws -> HTTPResponse {
    let (trainee, name) = try seenTrainee(request, session)
    var after: WorkoutHistoryCursor?
    if let text = request.query["cursor"] {
      guard let cursor = WorkoutHistoryCursor(text) else { throw PageRefusal.notFound }
      after = cursor
    }
    guard
      let logs = try store.workoutSummaries(
        of: trainee, visibleTo: session.studio, after: after, limit: Self.workoutsPerPage + 1)
    else { throw PageRefusal.notFound }
    let shown = logs.prefix(Self.workoutsPerPage)
    let base = "/coach/trainees/\(trainee.description)"
    let rows = shown.map { log -> HTML in
      """
      <tr><td><a href="\(base)/workouts/\(log.id.description)">\
      \(Self.day(log.loggedAt, zone: "UTC"))</a></td>
      <td>\(log.label ?? language.text(.workout)) #\(log.workoutNumber)</td>
      <td>\(log.doneSetCount)</td><td>\(Self.number(log.volume))</td>
      <td>\(language.text(log.completed ? .completed : .unfinished))</td></tr>
      """
    }
    var links: [HTML] = []
    if after != nil { links.append("<a href=\"\(base)\">\(language.text(.newest))</a>") }
    if logs.count > Self.workoutsPerPage, let last = shown.last {
      links.append(
        "<a href=\"\(base)?cursor=\(last.cursor.description)\" rel=\"next\">\(language.text(.older))</a>"
      )
    }
    let table: HTML =
      shown.isEmpty
      ? "<p>\(language.text(.noWorkouts))</p>"
      : """
      <table class="workouts">
      <thead><tr><th scope="col">\(language.text(.date))</th>\
      <th scope="col">\(language.text(.workout))</th>\
      <th scope="col">\(language.text(.setsDone))</th>\
      <th scope="col">\(language.text(.volume))</th><th scope="col"></th></tr></thead>
      <tbody>
      \(rows)
      </tbody>
      </table>
      """
    return DashboardAnswer.page(
      title: name, language: language, signedIn: session,
      main: """
        <p class="crumbs"><a href="/coach/roster">\(language.text(.backToRoster))</a></p>
        <h1>\(name)</h1>
        <h2>\(language.text(.lastWorkouts))</h2>
        \(table)
        <nav class="pages">\(links)</nav>
        """)
  }

  /// A number as a page shows it: at most one decimal, none when whole.
  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
  }
}
