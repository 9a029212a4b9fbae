import Foundation
import Testing
import TraineeAPI
import TraineeClient

/// The client's paged history call against a live server
/// (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md, "Throughput: kept
/// answers, group commit and paged history").
struct ClientHistoryPagesTests {
  @Test func pagesFollowTheCursorToTheOldestLog() async throws {
    let server = try DemoTraineeServer()
    let client = server.client()
    var logged: [String] = []
    for index in 0..<5 {
      logged.append(
        try await client.logWorkout(ClientWorkoutTests.pushDay, idempotencyKey: "page-\(index)").id)
    }
    let all = try await client.workoutHistory(limit: 100, cursor: nil).workouts.map(\.id)
    var paged: [String] = []
    var cursor: String?
    repeat {
      let page = try await client.workoutHistory(limit: 2, cursor: cursor)
      #expect(page.workouts.count <= 2)
      paged += page.workouts.map(\.id)
      cursor = page.nextCursor
    } while cursor != nil
    #expect(paged == all)
    #expect(Array(paged.prefix(5)) == logged.reversed())
    await #expect(throws: TraineeAPIError.self) {
      try await client.workoutHistory(limit: 0, cursor: nil)
    }
  }
}
