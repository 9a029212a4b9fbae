import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

private typealias F = StoreFixture

/// A workout logged after the fact (an import) names when it was done: the log is dated so,
/// within bounds, and an older one does not become "last time".
@Suite struct WorkoutRoutesPerformedAtTests {
  static func dated(_ payload: LogWorkoutPayload, _ performedAt: String?) -> LogWorkoutPayload {
    var payload = payload
    payload.performedAt = performedAt
    return payload
  }

  @Test(arguments: StoreBackend.available) func aLogIsDatedWhenItWasDone(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let logged = try api.log(Self.dated(F.benchDay, "2025-03-03T07:00:00Z"), as: api.alice)
    let response = api.send(
      .get, "/v1/trainee/workouts/history/\(logged.id)", token: api.alice.token)
    let log = try JSONDecoder().decode(WorkoutLogDto.self, from: response.body)
    #expect(log.loggedAt == "2025-03-03T07:00:00.000Z")
  }

  @Test(
    arguments: StoreBackend.available,
    [
      ("2026-01-07T08:00:01Z", "is more than a day in the future"),
      ("2025-03-03 07:00:00", "is not an RFC 3339 time"),
      ("yesterday", "is not an RFC 3339 time"),
      ("1969-12-31T23:59:59Z", "is not an RFC 3339 time"),
    ])
  func aTimeOutOfBoundsIsRefusedAndNothingStored(
    _ backend: StoreBackend, _ testCase: (String, String)
  ) throws {
    let (performedAt, problem) = testCase
    let api = try WorkoutAPIFixture(backend)
    let response = try api.send(
      .post, "/v1/trainee/workouts/log", token: api.alice.token,
      json: Self.dated(F.benchDay, performedAt))
    #expect(response.status == .badRequest)
    #expect(response.errorBody?.message.contains("performedAt") == true)
    #expect(response.errorBody?.message.contains(problem) == true, "\(response.errorBody as Any)")
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).isEmpty)
  }

  @Test(arguments: StoreBackend.available) func aDayAheadIsAccepted(_ backend: StoreBackend) throws
  {
    let api = try WorkoutAPIFixture(backend)
    _ = try api.log(Self.dated(F.benchDay, "2026-01-06T08:00:00Z"), as: api.alice)
  }

  @Test(arguments: StoreBackend.available) func anOlderWorkoutLoggedLaterIsNotLastTime(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let recent = F.workout([F.entry("bench", [F.strength(1, 80, 5)])])
    _ = try api.log(recent, as: api.alice)
    let older = F.workout([F.entry("bench", [F.strength(1, 40, 12)])])
    let imported = try api.log(Self.dated(older, "2025-03-03T07:00:00Z"), as: api.alice)
    let lastSets = try api.store.exerciseHistory(for: api.alice.trainee.id)["bench"]?.lastSets
    #expect(lastSets?.map(\.weight) == ["80"])
    // Deleting the recent one makes the imported one the latest left.
    let history = try api.store.workoutHistory(for: api.alice.trainee.id)
    let recentId = try #require(history.first { $0.id.description != imported.id }).id
    #expect(try api.store.deleteWorkoutLog(recentId, for: api.alice.trainee.id))
    let after = try api.store.exerciseHistory(for: api.alice.trainee.id)["bench"]?.lastSets
    #expect(after?.map(\.weight) == ["40"])
  }
}
