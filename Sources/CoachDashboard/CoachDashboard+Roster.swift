import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-dashboard.md, "The roster page": the accounts store's roster (as
// `GET /v1/coach/trainees` reads it), sorted by "needs attention" (more reasons first, then the
// name), each reason written out, and each period's compliance (sets done over prescribed) as a
// bar drawn by the server in SVG: no script, no image request.

extension CoachDashboard {
  /// The roster of the session's studio.
  func rosterPage(_ session: PageSession, _ language: DashboardLanguage) throws -> HTTPResponse {
    let roster = try accounts().roster(of: session.studio, rules: RosterRules())
      .sorted(by: Self.needsAttentionFirst)
    let rows = roster.map { trainee -> HTML in
      let reasons: HTML =
        trainee.attention.isEmpty
        ? "<span class=\"calm\">\(language.text(.allWell))</span>"
        : HTML.joined(
          trainee.attention.map {
            "<span class=\"reason\">\(language.text(Self.text(of: $0)))</span> "
          })
      let last = trainee.lastWorkoutAt.map { Self.day($0, zone: trainee.timeZone) }
      return """
        <tr><th scope="row"><a href="/coach/trainees/\(trainee.trainee.description)">\
        \(trainee.name)</a></th>
        <td>\(reasons)</td>
        <td>\(Self.complianceBar(trainee.last7Days, language))</td>
        <td>\(Self.complianceBar(trainee.last30Days, language))</td>
        <td>\(last ?? language.text(.never))</td>
        <td>\(trainee.workoutsAwaitingReview)</td></tr>
        """
    }
    let table: HTML =
      roster.isEmpty
      ? "<p>\(language.text(.noTrainees))</p>"
      : """
      <table class="roster">
      <thead><tr><th scope="col">\(language.text(.trainee))</th>\
      <th scope="col">\(language.text(.needsAttention))</th>\
      <th scope="col">\(language.text(.last7Days))</th>\
      <th scope="col">\(language.text(.last30Days))</th>\
      <th scope="col">\(language.text(.lastWorkout))</th>\
      <th scope="col">\(language.text(.toReview))</th></tr></thead>
      <tbody>
      \(rows)
      </tbody>
      </table>
      """
    return DashboardAnswer.page(
      title: language.text(.roster), language: language, signedIn: session,
      main: "<h1>\(language.text(.roster))</h1>\n\(table)")
  }

  /// The roster's order on the page: more reasons for attention first, then by name, then id.
  static func needsAttentionFirst(_ lhs: RosterTrainee, _ rhs: RosterTrainee) -> Bool {
    if lhs.attention.count != rhs.attention.count {
      return lhs.attention.count > rhs.attention.count
    }
    return (lhs.name, lhs.trainee.rawValue) < (rhs.name, rhs.trainee.rawValue)
  }

  /// The text of a reason for attention.
  static func text(of reason: AttentionReason) -> DashboardText {
    switch reason {
    case .complianceDropped: .complianceDropped
    case .noRecentWorkout: .noRecentWorkout
    case .videoWaiting: .videoWaiting
    }
  }

  /// A period's compliance as a bar 100 units wide, with its figures as its accessible name and
  /// beside it; "nothing prescribed" without a bar.
  static func complianceBar(_ period: RosterPeriod, _ language: DashboardLanguage) -> HTML {
    guard period.setsPrescribed > 0 else {
      return "<span class=\"muted\">\(language.text(.nothingPrescribed))</span>"
    }
    let percent = min(100, period.setsDone * 100 / period.setsPrescribed)
    let words = language.text(
      .setsOf,
      ["done": String(period.setsDone), "prescribed": String(period.setsPrescribed)])
    let level = percent >= 80 ? "good" : percent >= 50 ? "fair" : "poor"
    return """
      <svg class="bar" viewBox="0 0 100 8" width="100" height="8" role="img" \
      aria-label="\(words)"><rect class="track" width="100" height="8"></rect>\
      <rect class="fill \(level)" width="\(percent)" height="8"></rect></svg> \
      <span class="figure">\(percent) %</span>
      """
  }

  /// The calendar date of `instant` in the zone named `zone` (UTC when unknown), as
  /// `YYYY-MM-DD`.
  static func day(_ instant: Date, zone: String) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }
}
