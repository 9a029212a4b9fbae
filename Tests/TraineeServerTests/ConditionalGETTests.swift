import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

private typealias F = StoreFixture

/// GET answers carry an ETag; `If-None-Match` with it is answered 304 until the answer changes.
struct ConditionalGETTests {
  /// The answer the server sends to `method path` with `headers`.
  private func send(
    _ api: WorkoutAPIFixture, _ method: HTTPMethod, _ path: String, token: String,
    headers: HTTPHeaders = [:]
  ) -> HTTPResponse {
    var headers = headers
    headers["Authorization"] = "Bearer \(token)"
    return api.router.respondConditionally(
      to: HTTPRequest(method: method, path: path, headers: headers, body: Data()))
  }

  @Test(arguments: StoreBackend.available)
  func anUnchangedAnswerIs304AndAChangedOneIsAFullAnswerWithANewTag(_ backend: StoreBackend) throws
  {
    let api = try WorkoutAPIFixture(backend)
    let first = send(api, .get, "/v1/trainee/workouts", token: api.alice.token)
    #expect(first.status == .ok)
    let tag = try #require(first.headers["ETag"])

    let again = send(
      api, .get, "/v1/trainee/workouts", token: api.alice.token, headers: ["If-None-Match": tag])
    #expect(again.status == .notModified)
    #expect(again.body.isEmpty)
    #expect(again.headers["ETag"] == tag)

    _ = try api.log(F.workout([F.entry("bench", [F.strength(1, 80, 5)])]), as: api.alice)
    let changed = send(
      api, .get, "/v1/trainee/workouts", token: api.alice.token, headers: ["If-None-Match": tag])
    #expect(changed.status == .ok)
    #expect(changed.headers["ETag"] != tag)
  }

  @Test(arguments: StoreBackend.available) func aTagDoesNotGetPastAuthentication(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let tag = try #require(
      send(api, .get, "/v1/trainee/workouts", token: api.alice.token).headers["ETag"])
    let stranger = send(
      api, .get, "/v1/trainee/workouts", token: "not-a-token", headers: ["If-None-Match": tag])
    #expect(stranger.status == .unauthorized)
  }

  @Test(arguments: [
    (header: "\"a\"", matches: true), (header: "W/\"a\"", matches: true),
    (header: "\"b\", \"a\"", matches: true), (header: "*", matches: true),
    (header: "\"b\"", matches: false), (header: "a", matches: false),
  ])
  func ifNoneMatch(header: String, matches: Bool) {
    #expect(HTTPResponse.header(header, matches: "\"a\"") == matches)
  }
}
