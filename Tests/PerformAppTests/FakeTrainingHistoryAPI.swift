import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import Synchronization
import TerminalScreens
import TerminalUI
import TraineeAPI
import TraineeClient

/// A history server in memory: logged workouts by id and done sets, sent at most `pageSize` a
/// page whatever the limit asked, so every reader has to follow `next`.
final class FakeTrainingHistoryAPI: TrainingHistoryAPI {
  struct State {
    var logs: [String: WorkoutLogDto] = [:]
    var sets: [LoggedSetDto] = []
    var setRequests: [(exerciseId: String?, after: String?)] = []
    var deleted: [String] = []
    var failing = false
  }

  let state = Mutex(State())
  let pageSize: Int

  init(pageSize: Int = 2) {
    self.pageSize = pageSize
  }

  func workoutLog(id: String) async throws(TraineeAPIError) -> WorkoutLogDto {
    let (log, failing) = state.withLock { ($0.logs[id], $0.failing) }
    if failing { throw .transport("the network is down") }
    guard let log else { throw .http(status: 404, error: nil) }
    return log
  }

  func loggedSets(
    exerciseId: String?, after: String?, limit: Int?
  ) async throws(TraineeAPIError) -> LoggedSetPageDto {
    let (sets, failing) = state.withLock {
      $0.setRequests.append((exerciseId, after))
      return ($0.sets, $0.failing)
    }
    if failing { throw .transport("the network is down") }
    let matching = sets.filter { exerciseId == nil || $0.exerciseId == exerciseId }
    let start = after.flatMap(Int.init) ?? 0
    let size = min(pageSize, limit ?? 100)
    let end = min(matching.count, start + size)
    return LoggedSetPageDto(
      sets: Array(matching[start..<end]), next: end < matching.count ? String(end) : nil)
  }

  func deleteWorkoutLog(id: String) async throws(TraineeAPIError) {
    state.withLock {
      $0.deleted.append(id)
      $0.logs[id] = nil
    }
  }
}

/// A tab with nothing on it, for views opened over the app.
@MainActor
final class BlankScreen: AppScreen {
  func body(size: TerminalSize, now: Date) -> Frame { Frame(lines: [StyledLine("blank tab")]) }
  func handle(_ key: Key, now: Date) -> KeyResult { .ignored }
  var keyHelp: [KeyHelp] { [] }
  var isEditingText: Bool { false }
}
