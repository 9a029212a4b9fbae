import Foundation
import Testing
import TraineeAPI
import TraineeServer

/// `loggedSets` pages against the real server: the same done sets the history's workouts hold,
/// each once, oldest first, of one exercise when asked.
struct ClientLoggedSetsTests {
  @Test func pagesHoldTheHistorysDoneSets() async throws {
    let server = try DemoTraineeServer()
    let client = server.client()
    _ = try await client.logWorkout(ClientWorkoutTests.pushDay, idempotencyKey: "push-1")
    var paged: [LoggedSetDto] = []
    var after: String?
    var pages = 0
    repeat {
      pages += 1
      guard pages <= 100 else {
        Issue.record("the pages never end")
        break
      }
      let page = try await client.loggedSets(after: after, limit: 2)
      #expect(page.sets.count <= 2)
      paged += page.sets
      after = page.next
    } while after != nil
    var expected: [(String, String, Int)] = []
    for workout in try await client.workoutHistory().workouts.reversed() {
      for entry in try await client.workoutLog(id: workout.id).entries ?? [] {
        for set in entry.sets {
          switch set {
          case .strength(let set) where set.done:
            expected.append((workout.id, entry.exerciseId, set.setNumber))
          case .cardio(let set) where set.done:
            expected.append((workout.id, entry.exerciseId, set.setNumber))
          default: continue
          }
        }
      }
    }
    #expect(paged.count == expected.count)
    #expect(paged.map(\.logId) == expected.map(\.0))
    #expect(paged.map(\.exerciseId) == expected.map(\.1))
    #expect(paged.map(\.setNumber) == expected.map(\.2))

    let bench = try await client.loggedSets(exerciseId: "ex_bench", limit: 500)
    #expect(bench.next == nil)
    #expect(bench.sets.count == expected.filter { $0.1 == "ex_bench" }.count)
  }
}
