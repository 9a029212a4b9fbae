import Foundation
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

/// What the studio tag and the coach's view tests share, on the account routes' fixture
/// (docs/decisions/accounts.md, "What a coach sees").
extension AccountRoutesFixture {
  /// The `studio_id` of every row of `table` of the trainee, in the order of `orderBy`; `nil`
  /// for an untagged row.
  func studioTags(
    _ table: String, of trainee: String, orderBy: String = "studio_id"
  ) throws -> [String?] {
    try base.trainees.read { db in
      try db.rows(
        "SELECT studio_id FROM \(table) WHERE trainee_id = ? ORDER BY \(orderBy)",
        [.integer(Int64(trainee)!)]
      ) { row in try row.optionalInt64(0).map(String.init) }
    }
  }

  /// Posts a finished workout with `token` by the route and answers its id.
  func logWorkout(
    token: String, key: String, _ payload: LogWorkoutPayload = StoreFixture.benchDay
  ) throws -> String {
    var request = HTTPRequest(
      method: .post, path: endpoints.logWorkout.path.description,
      body: try JSONEncoder().encode(payload))
    request.headers["Authorization"] = "Bearer \(token)"
    request.headers["Idempotency-Key"] = key
    request.clientAddress = "192.0.2.10"
    if let refusal = router.admit(&request) { throw UnexpectedAnswer(response: refusal) }
    return try read(LoggedWorkoutDto.self, router.respond(to: request), status: .created).id
  }

  /// The status of the coach's route for `trainee`, and every log id it shows, following
  /// `nextCursor` a page of `limit` at a time (none when the first page is refused).
  func coachSees(
    _ trainee: String, token: String, limit: Int = 1
  ) throws -> (status: HTTPStatus, logs: Set<String>) {
    var seen: Set<String> = []
    var cursor: String?
    repeat {
      let query = "limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
      let answer = try send(
        endpoints.getTraineeWorkoutsForCoach, ["traineeId": trainee], query: query, token: token)
      guard answer.status == .ok else {
        if seen.isEmpty && cursor == nil { return (answer.status, []) }
        throw UnexpectedAnswer(response: answer)
      }
      let page = try JSONDecoder().decode(WorkoutHistoryDto.self, from: answer.body)
      seen.formUnion(page.workouts.map(\.id))
      cursor = page.nextCursor
    } while cursor != nil
    return (.ok, seen)
  }

  /// Turns the trainee's switch for `studio` by the route and answers the response.
  func share(_ shares: Bool, with studio: String, token: String) throws -> HTTPResponse {
    try send(
      endpoints.setStudioSharing, ["studioId": studio], token: token,
      json: StudioSharingRequestDto(shareEarlierRecords: shares))
  }
}
