import Foundation
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// Two trainees, A with the fixture's programs and B with the same programs, on one store and
/// one router, for the workout route tests.
struct WorkoutAPIFixture {
  let store: DatabaseTraineeStore
  let router: Router
  let alice: NewTrainee
  let bob: NewTrainee

  init(_ backend: StoreBackend, store: DatabaseTraineeStore? = nil) throws {
    let store = try store ?? StoreFixture.makeStore(backend)
    self.store = store
    router = TraineeAPIRoutes(store: store, now: { StoreFixture.monday }).router()
    alice = try store.createTrainee(name: "Alice")
    bob = try store.createTrainee(name: "Bob")
    try store.importPrograms(StoreFixture.programs, for: alice.trainee.id)
    try store.importPrograms(StoreFixture.programs, for: bob.trainee.id)
  }

  /// The router's answer to one request; `token` nil sends no `Authorization`.
  func send(
    _ method: HTTPMethod, _ path: String, token: String?, body: Data = Data(),
    headers: HTTPHeaders = [:]
  ) -> HTTPResponse {
    var headers = headers
    if let token { headers["Authorization"] = "Bearer \(token)" }
    return router.respond(
      to: HTTPRequest(method: method, path: path, headers: headers, body: body))
  }

  /// The router's answer to a JSON body.
  func send(
    _ method: HTTPMethod, _ path: String, token: String?, json: some Encodable,
    headers: HTTPHeaders = [:]
  ) throws -> HTTPResponse {
    send(method, path, token: token, body: try JSONEncoder().encode(json), headers: headers)
  }

  /// Logs `payload` for `trainee` through the route and returns its answer.
  func log(
    _ payload: LogWorkoutPayload, as trainee: NewTrainee, key: String? = nil
  ) throws -> LoggedWorkoutDto {
    let headers: HTTPHeaders = key.map { ["Idempotency-Key": $0] } ?? [:]
    let response = try send(
      .post, "/v1/trainee/workouts/log", token: trainee.token, json: payload, headers: headers)
    guard response.status == .created else { throw UnexpectedAnswer(response: response) }
    return try JSONDecoder().decode(LoggedWorkoutDto.self, from: response.body)
  }

  /// `GET /v1/trainee/workouts` as `trainee` sees it.
  func programs(as trainee: NewTrainee) throws -> TrainingProgramsDto {
    let response = send(.get, "/v1/trainee/workouts", token: trainee.token)
    guard response.status == .ok else { throw UnexpectedAnswer(response: response) }
    return try JSONDecoder().decode(TrainingProgramsDto.self, from: response.body)
  }

  /// The fixture's only strength row as `trainee` sees it.
  func benchRow(as trainee: NewTrainee) throws -> StrengthDto {
    try programs(as: trainee).plans[0].days[0].strength[0]
  }
}

/// A route answered something a helper did not expect.
struct UnexpectedAnswer: Error, CustomStringConvertible {
  var response: HTTPResponse
  var description: String {
    "\(response.status): \(String(decoding: response.body, as: UTF8.self))"
  }
}

extension HTTPResponse {
  /// The error body, or `nil` when the body is not one.
  var errorBody: APIErrorBody.Detail? {
    try? JSONDecoder().decode(APIErrorBody.self, from: body).error
  }
}
