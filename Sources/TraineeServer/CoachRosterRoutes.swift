import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-roster.md, "The answer": `GET /v1/coach/trainees` answers the
// roster of the coach's session's studio (a coach only, while the link lasts), sorted by `sort`
// and paged by `limit` and `offset` over that order. The whole roster is computed per request
// (its cost follows the studio's size, never a history), so a page is a slice of it and `total`
// is exact; a trainee who joins or leaves between two pages moves the others by one.

/// How the roster is ordered; every order ends with the name, then the trainee's id.
enum RosterSort: String, CaseIterable {
  /// Who needs attention first (more reasons first).
  case attention
  case name
  /// The longest without a workout first, those with none before them.
  case lastWorkout
  /// The lowest 7-day compliance (sets done over prescribed) first; nothing prescribed last.
  case compliance
}

extension TraineeAPIRoutes {
  /// Registers the coach's roster.
  func registerRosterRoutes(on router: inout Router) {
    router.add(endpoints.coachRoster, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let query = try RosterQuery(request)
      let roster = try accounts.roster(
        of: studio, rules: RosterRules(quietDays: query.quietDays))
      return .json(.ok, query.page(of: roster))
    }
  }
}

/// The roster's query, checked: 400 `invalid_query` naming the parameter otherwise.
struct RosterQuery {
  var sort = RosterSort.attention
  var limit = 50
  var offset = 0
  var quietDays = 7

  /// The most trainees one page holds.
  static let largestLimit = 200

  init(_ request: HTTPRequest) throws(HTTPError) {
    if let text = request.query["sort"] {
      guard let sort = RosterSort(rawValue: text) else {
        throw Self.invalid(
          "sort", "must be one of \(RosterSort.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      self.sort = sort
    }
    limit = try Self.number("limit", request, in: 1...Self.largestLimit) ?? limit
    offset = try Self.number("offset", request, in: 0...1_000_000) ?? offset
    quietDays = try Self.number("quietDays", request, in: 1...365) ?? quietDays
  }

  private static func number(
    _ name: String, _ request: HTTPRequest, in range: ClosedRange<Int>
  ) throws(HTTPError) -> Int? {
    guard let text = request.query[name] else { return nil }
    guard text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text),
      range.contains(value)
    else {
      throw invalid(name, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  private static func invalid(_ name: String, _ problem: String) -> HTTPError {
    HTTPError(.badRequest, code: "invalid_query", message: "Query \(name) \(problem).")
  }

  /// The page of `roster` the query asks for, in its order.
  func page(of roster: [RosterTrainee]) -> CoachRosterDto {
    let sorted = roster.sorted(by: sort.ordersBefore)
    let start = min(offset, sorted.count)
    let end = min(start + limit, sorted.count)
    return CoachRosterDto(
      trainees: sorted[start..<end].map(RosterTraineeDto.init), total: sorted.count,
      nextOffset: end < sorted.count ? end : nil)
  }
}

extension RosterSort {
  /// Whether `lhs` comes before `rhs` in this order.
  func ordersBefore(_ lhs: RosterTrainee, _ rhs: RosterTrainee) -> Bool {
    switch self {
    case .attention where lhs.attention.count != rhs.attention.count:
      return lhs.attention.count > rhs.attention.count
    case .lastWorkout where lhs.lastWorkoutAt != rhs.lastWorkoutAt:
      guard let left = lhs.lastWorkoutAt else { return true }
      guard let right = rhs.lastWorkoutAt else { return false }
      return left < right
    case .compliance where lhs.last7Days.compliance != rhs.last7Days.compliance:
      guard let left = lhs.last7Days.compliance else { return false }
      guard let right = rhs.last7Days.compliance else { return true }
      return left < right
    default:
      return (lhs.name, lhs.trainee.rawValue) < (rhs.name, rhs.trainee.rawValue)
    }
  }
}

extension RosterPeriod {
  /// Sets done over sets prescribed; `nil` when nothing was prescribed.
  var compliance: Double? {
    setsPrescribed > 0 ? Double(setsDone) / Double(setsPrescribed) : nil
  }
}

extension RosterTraineeDto {
  /// A roster line as the wire writes it.
  init(_ trainee: RosterTrainee) {
    self.init(
      accountId: trainee.account.description, traineeId: trainee.trainee.description,
      name: trainee.name, timeZone: trainee.timeZone, today: trainee.today.description,
      lastWorkoutAt: trainee.lastWorkoutAt.map(ISO8601Instant.textWithMilliseconds),
      last7Days: RosterPeriodDto(trainee.last7Days),
      last30Days: RosterPeriodDto(trainee.last30Days),
      openItems: RosterOpenItemsDto(
        videosAwaitingFeedback: trainee.videosAwaitingFeedback,
        workoutsAwaitingReview: trainee.workoutsAwaitingReview),
      attentionReasons: trainee.attention.map(\.rawValue))
  }
}

extension RosterPeriodDto {
  /// A period as the wire writes it.
  init(_ period: RosterPeriod) {
    self.init(
      workoutsDone: period.workoutsDone, workoutsPrescribed: period.workoutsPrescribed,
      setsDone: period.setsDone, setsPrescribed: period.setsPrescribed,
      nutritionDaysLogged: period.nutritionDaysLogged,
      nutritionDaysWithinTolerance: period.nutritionDaysWithinTolerance)
  }
}
