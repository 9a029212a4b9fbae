import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

private typealias F = StoreFixture

/// `GET /v1/trainee/workouts/history` in pages
/// (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md, "Throughput: kept
/// answers, group commit and paged history"): edges, and logs added or deleted between two pages.
struct HistoryPagesTests {
  /// Posts `count` workouts for Alice and returns their ids, oldest first.
  private func logWorkouts(_ count: Int, _ api: WorkoutAPIFixture) throws -> [String] {
    try (0..<count).map { index in
      try api.log(
        F.workout([F.entry("bench", [F.strength(1, 50 + Double(index), 5)])]), as: api.alice
      ).id
    }
  }

  private func page(
    _ api: WorkoutAPIFixture, limit: Int? = nil, cursor: String? = nil,
    as trainee: NewTrainee? = nil
  ) throws -> WorkoutHistoryDto {
    var query: [String: String] = [:]
    if let limit { query["limit"] = String(limit) }
    if let cursor { query["cursor"] = cursor }
    let response = api.router.respond(
      to: HTTPRequest(
        method: .get, path: "/v1/trainee/workouts/history", query: query,
        headers: ["Authorization": "Bearer \((trainee ?? api.alice).token)"]))
    guard response.status == .ok else { throw UnexpectedAnswer(response: response) }
    return try JSONDecoder().decode(WorkoutHistoryDto.self, from: response.body)
  }

  /// Every page from the first, following `nextCursor`, as ids.
  private func allPages(_ api: WorkoutAPIFixture, limit: Int) throws -> [[String]] {
    var pages: [[String]] = []
    var cursor: String?
    repeat {
      let next = try page(api, limit: limit, cursor: cursor)
      pages.append(next.workouts.map(\.id))
      cursor = next.nextCursor
    } while cursor != nil && pages.count < 100
    return pages
  }

  @Test(arguments: StoreBackend.available) func anEmptyHistoryIsOneEmptyPageWithoutACursor(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    #expect(try page(api) == WorkoutHistoryDto(workouts: [], nextCursor: nil))
  }

  @Test(
    arguments: StoreBackend.available,
    [
      (logs: 3, limit: 5), (logs: 5, limit: 5), (logs: 6, limit: 5), (logs: 10, limit: 5),
      (logs: 7, limit: 1),
    ])
  func pagesHoldEveryLogOnceNewestFirst(_ backend: StoreBackend, _ testCase: (Int, Int)) throws {
    let (logs, limit) = testCase
    let api = try WorkoutAPIFixture(backend)
    let ids = try logWorkouts(logs, api)
    let pages = try allPages(api, limit: limit)
    #expect(pages.flatMap { $0 } == ids.reversed())
    #expect(pages.count == max(1, (logs + limit - 1) / limit))
    #expect(pages.dropLast().allSatisfy { $0.count == limit })
  }

  @Test(arguments: StoreBackend.available) func withoutALimitThePageHoldsTheNewestFifty(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let ids = try logWorkouts(52, api)
    let first = try page(api)
    #expect(first.workouts.map(\.id) == Array(ids.reversed().prefix(50)))
    #expect(first.nextCursor != nil)
    #expect(try page(api, cursor: first.nextCursor).workouts.map(\.id) == [ids[1], ids[0]])
  }

  @Test(arguments: StoreBackend.available)
  func aLogAddedBetweenPagesShiftsNothingAndADeletedOneLeavesNoGap(_ backend: StoreBackend) throws {
    let api = try WorkoutAPIFixture(backend)
    let ids = try logWorkouts(6, api)
    let first = try page(api, limit: 2)
    #expect(first.workouts.map(\.id) == [ids[5], ids[4]])
    let added = try logWorkouts(1, api)
    let deleted = api.send(.delete, "/v1/trainee/workouts/log/\(ids[3])", token: api.alice.token)
    #expect(deleted.status == .noContent)
    let second = try page(api, limit: 2, cursor: first.nextCursor)
    #expect(second.workouts.map(\.id) == [ids[2], ids[1]])
    let third = try page(api, limit: 2, cursor: second.nextCursor)
    #expect(third.workouts.map(\.id) == [ids[0]])
    #expect(third.nextCursor == nil)
    #expect(try page(api, limit: 2).workouts.map(\.id) == [added[0], ids[5]])
  }

  @Test(arguments: StoreBackend.available) func aCursorShowsNoOtherTraineesLogs(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    _ = try logWorkouts(3, api)
    let alices = try page(api, limit: 1).nextCursor
    #expect(alices != nil)
    let bobs = try page(api, limit: 2, cursor: alices, as: api.bob)
    #expect(bobs == WorkoutHistoryDto(workouts: [], nextCursor: nil))
  }

  @Test(
    arguments: StoreBackend.available,
    [
      ["limit": "0"], ["limit": "101"], ["limit": "-1"], ["limit": "ten"], ["limit": ""],
      ["limit": "1.5"], ["cursor": "0"], ["cursor": "abc"], ["cursor": ""], ["cursor": "-4"],
      ["cursor": "99999999999999999999"], ["cursor": "007"], ["cursor": "7"], ["cursor": "1.0"],
    ])
  func aBadLimitOrCursorIs400(_ backend: StoreBackend, query: [String: String]) throws {
    let api = try WorkoutAPIFixture(backend)
    let response = api.router.respond(
      to: HTTPRequest(
        method: .get, path: "/v1/trainee/workouts/history", query: query,
        headers: ["Authorization": "Bearer \(api.alice.token)"]))
    #expect(response.status == .badRequest)
    #expect(response.errorBody?.code == "invalid_query")
  }

  @Test(arguments: StoreBackend.available)
  func homeFindsTheNextWorkoutBeyondTheFirstPageOfLogsOfRemovedDays(_ backend: StoreBackend) throws
  {
    let api = try WorkoutAPIFixture(backend)
    _ = try api.log(F.workout([], day: "day-a"), as: api.alice)
    for _ in 0..<45 { _ = try api.log(F.workout([], day: "day-gone"), as: api.alice) }
    let routes = TraineeAPIRoutes(store: api.store, now: { F.monday })
    #expect(
      try routes.nextWorkout(of: api.alice.trainee.id, programs: F.programs)
        == NextWorkoutDto(planId: "plan-1", dayId: "day-a", title: "Push"))
  }
}
