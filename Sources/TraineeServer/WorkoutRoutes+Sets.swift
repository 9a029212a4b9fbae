import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/history-progress-and-moving-data.md "Paged logged sets": `GET
// /v1/trainee/workouts/sets` pages the trainee's done sets oldest first, of one exercise
// (`exerciseId`) or all, within `from`..`to` when given; `after` is the previous page's `next`. A
// bad parameter is 400 `invalid_query` naming it.

extension TraineeAPIRoutes {
  /// `GET /v1/trainee/workouts/sets`.
  func registerSetHistoryRoutes(on router: inout Router) {
    let store = store
    router.add(endpoints.getLoggedSets, store: store) { request, trainee in
      let query = try WorkoutRoutes.loggedSetQuery(request)
      let page = try store.loggedSets(query, for: trainee.id)
      return .json(.ok, LoggedSetPageDto(sets: page.sets, next: page.next?.description))
    }
  }
}

extension WorkoutRoutes {
  /// The query of `GET /v1/trainee/workouts/sets`; 400 `invalid_query` naming a bad parameter.
  static func loggedSetQuery(_ request: HTTPRequest) throws(HTTPError) -> LoggedSetQuery {
    func refuse(_ name: String, _ problem: String) -> HTTPError {
      HTTPError(.badRequest, code: "invalid_query", message: "Query: \(name) \(problem).")
    }
    var query = LoggedSetQuery()
    if let exerciseId = request.query["exerciseId"] {
      guard !exerciseId.isEmpty, exerciseId.count <= WorkoutInput.maxIDLength else {
        throw refuse("exerciseId", "must be 1 to \(WorkoutInput.maxIDLength) characters")
      }
      query.exerciseId = exerciseId
    }
    for name in ["from", "to"] {
      guard let text = request.query[name] else { continue }
      guard let instant = rfc3339Instant(text) else {
        throw refuse(name, "is not an RFC 3339 time such as 2026-01-05T08:00:00Z")
      }
      if name == "from" { query.from = instant } else { query.to = instant }
    }
    if let text = request.query["after"] {
      guard let cursor = LoggedSetCursor(text) else {
        throw refuse("after", "is not the next of an earlier page")
      }
      query.after = cursor
    }
    if let text = request.query["limit"] {
      guard let limit = Int(text), (1...LoggedSetQuery.maximumLimit).contains(limit) else {
        throw refuse("limit", "must be a whole number from 1 to \(LoggedSetQuery.maximumLimit)")
      }
      query.limit = limit
    }
    return query
  }
}
