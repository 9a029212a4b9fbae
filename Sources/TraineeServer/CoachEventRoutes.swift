import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-events.md, "Cheap to poll": the tag of an answer is made of the
// studio's head and the query, so a poll whose `If-None-Match` names the tag of the head now is
// answered 304 from the head alone (on SQLite kept in memory until any process commits), on
// every process alike. The head is read before the page: a write committed between them makes
// the tag older than the page, so the next poll reads again; a tag never outlives its page.

extension TraineeAPIRoutes {
  /// Registers the coach's events feed.
  func registerCoachEventRoutes(on router: inout Router) {
    let store = store
    router.add(endpoints.getCoachEvents, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let query = try EventsPageRequest(request)
      let head = try store.studioEventHead(of: studio)
      let tag = query.tag(of: studio, head: head)
      if let header = request.headers["If-None-Match"],
        header.split(separator: ",").contains(where: {
          $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "W/", with: "") == tag
        })
      {
        return HTTPResponse(status: .notModified, headers: ["ETag": tag])
      }
      guard
        let page = try store.studioEvents(
          of: studio, after: query.after, limit: query.limit, trainee: query.trainee)
      else { throw WorkoutRoutes.notFound("trainee", request.query["traineeId"]) }
      var answer = HTTPResponse.json(.ok, Self.eventsDto(page))
      answer.headers["ETag"] = tag
      return answer
    }
  }

  /// A page as the wire has it.
  static func eventsDto(_ page: StudioEventPage) -> StudioEventsDto {
    StudioEventsDto(
      events: page.events.compactMap { event in
        guard let kind = event.kind else { return nil }
        let subject = event.subject.map(String.init)
        return StudioEventDto(
          kind: kind.rawValue,
          at: ISO8601Instant.textWithMilliseconds(Date(milliseconds: event.at)),
          traineeId: event.trainee.description,
          workoutId: kind.subjectMember == "workoutId" ? subject : nil,
          videoId: kind.subjectMember == "videoId" ? subject : nil)
      },
      nextCursor: page.next.description, more: page.more)
  }
}

/// The `after`, `limit` and `traineeId` of a poll of the events feed: `after` a `nextCursor`
/// as given (absent: from the feed's start), `limit` 1 to 100 (default 50), `traineeId` one
/// trainee's events alone.
struct EventsPageRequest: Equatable {
  var after: StudioEventCursor
  var limit: Int
  var trainee: TraineeID?

  /// Reads the query; 400 `invalid_query` naming `after` or `limit`, 404 for a `traineeId`
  /// that is no trainee's id.
  init(_ request: HTTPRequest) throws(HTTPError) {
    var paging = request
    paging.query["cursor"] = nil
    limit = try HistoryPageRequest(paging).limit
    if let text = request.query["after"] {
      guard let after = StudioEventCursor(text) else {
        throw HTTPError(
          .badRequest, code: "invalid_query",
          message: "after must be a nextCursor of an earlier page, as given.")
      }
      self.after = after
    } else {
      after = .start
    }
    if let text = request.query["traineeId"] {
      // A malformed id is the 404 of a trainee the studio cannot see, as in a coach read's path.
      guard let trainee = TraineeID(text) else { throw WorkoutRoutes.notFound("trainee", text) }
      self.trainee = trainee
    }
  }

  /// The `ETag` of the answer at `head`: the same on every process for the same feed and query.
  func tag(of studio: StudioID, head: Int64) -> String {
    "\"events-\(studio)-\(head)-\(after)-\(limit)-\(trainee.map(String.init(describing:)) ?? "all")\""
  }
}
