import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "What a coach sees", "The coach's reads": each read asks the
// store's one rule in the transaction of its page; an unseen trainee is the same 404 as on the
// coach's workout page, and a record the rule hides is 404 as a record the trainee does not have.

extension TraineeAPIRoutes {
  /// Registers the coach's reads of one workout, the nutrition days and the technique videos.
  func registerCoachRecordRoutes(on router: inout Router) {
    let store = store
    router.add(endpoints.getTraineeWorkoutForCoach, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let trainee = try Self.coachedTrainee(request)
      let named = request.pathParameters["workoutId"]
      guard let id = named.flatMap(WorkoutLogID.init) else {
        // The link is asked first, so a malformed workout id of an unseen trainee is the
        // trainee's 404 too.
        guard try store.studioVisibility(of: trainee, to: studio) != nil else {
          throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
        }
        throw WorkoutRoutes.notFound("workout log", named)
      }
      guard let seen = try store.workoutLog(id, of: trainee, visibleTo: studio) else {
        throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
      }
      guard let seen else { throw WorkoutRoutes.notFound("workout log", named) }
      var answer = WorkoutRoutes.dto(seen.log, entries: true)
      answer.review = try store.workoutReview(of: id, for: trainee).map(WorkoutReviewDto.init)
      // NB: docs/decisions/what-the-coach-sees.md, "Prescribed beside performed".
      answer.prescribedBesidePerformed = PrescribedBesidePerformed.compare(
        seen.log.payload, seen.prescription)
      return .jsonBytes(.ok, answer.answerJSON)
    }
    router.add(endpoints.getTraineeNutritionDaysForCoach, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let range = try CoachDayRange.read(request)
      let trainee = try Self.coachedTrainee(request)
      guard let days = try store.nutritionDays(in: range, of: trainee, visibleTo: studio) else {
        throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
      }
      return Self.daysDocument(days)
    }
    router.add(endpoints.getTraineeTechniqueVideosForCoach, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let page = try VideoPageRequest(request)
      let trainee = try Self.coachedTrainee(request)
      guard
        let videos = try store.techniqueVideos(
          of: trainee, visibleTo: studio, before: page.before, limit: page.limit + 1)
      else { throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"]) }
      let shown = videos.prefix(page.limit)
      return .json(
        .ok,
        TechniqueVideosDto(
          videos: shown.map {
            TechniqueVideoDto(
              id: $0.id.description, url: $0.url, exerciseId: $0.exerciseId,
              submittedAt: ISO8601Instant.textWithMilliseconds($0.submittedAt))
          },
          nextCursor: videos.count > page.limit ? shown.last?.id.description : nil))
    }
  }

  /// The trainee in the path; a malformed id is the 404 of a trainee the studio cannot see.
  static func coachedTrainee(_ request: HTTPRequest) throws(HTTPError) -> TraineeID {
    let named = request.pathParameters["traineeId"] ?? ""
    guard let trainee = TraineeID(named) else { throw WorkoutRoutes.notFound("trainee", named) }
    return trainee
  }
}

/// The `from` and `to` of the coach's nutrition days: both required, `to` not before `from`,
/// at most ``maximumDays`` days, so an answer never grows with the history.
enum CoachDayRange {
  /// The most days a range holds.
  static let maximumDays = 31

  /// Reads the query: 400 `invalid_date` naming `from` or `to` when missing or not a date,
  /// 400 `invalid_query` for a range backwards or longer than ``maximumDays``.
  static func read(_ request: HTTPRequest) throws(HTTPError) -> NutritionDayRange {
    let from = try calendarDate(request.query["from"], field: "from")
    let to = try calendarDate(request.query["to"], field: "to")
    guard from <= to else {
      throw HTTPError(
        .badRequest, code: "invalid_query", message: "to (\(to)) is before from (\(from)).")
    }
    guard days(from: from, to: to) < maximumDays else {
      throw HTTPError(
        .badRequest, code: "invalid_query",
        message: "from \(from) to \(to) is more than \(maximumDays) days; ask for less.")
    }
    return NutritionDayRange(from: from, to: to)
  }

  /// Whole days from `from` to `to`.
  private static func days(from: CalendarDate, to: CalendarDate) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    func start(_ date: CalendarDate) -> Date {
      calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day))
        ?? Date(timeIntervalSince1970: 0)
    }
    return calendar.dateComponents([.day], from: start(from), to: start(to)).day ?? .max
  }
}

/// The `limit` and `cursor` of the coach's technique videos: `limit` 1 to 100 (default 50),
/// `cursor` the `nextCursor` of the page before (the last video's id).
struct VideoPageRequest: Equatable {
  var limit: Int
  /// The page holds the videos sent before this one; `nil`: from the latest.
  var before: TechniqueVideoID?

  /// Reads the query; 400 `invalid_query` naming `limit` or `cursor`.
  init(_ request: HTTPRequest) throws(HTTPError) {
    var paging = request
    paging.query["cursor"] = nil
    limit = try HistoryPageRequest(paging).limit
    if let text = request.query["cursor"] {
      guard let before = TechniqueVideoID(text) else {
        throw HTTPError(
          .badRequest, code: "invalid_query",
          message: "cursor must be a nextCursor of an earlier page, as given.")
      }
      self.before = before
    } else {
      before = nil
    }
  }
}
