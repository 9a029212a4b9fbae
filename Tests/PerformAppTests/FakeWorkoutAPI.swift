import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import Synchronization
import TerminalScreens
import TraineeAPI
import TraineeClient

/// The workout endpoints in memory: a program, a history, and a switch that takes the server
/// away. Records what was sent.
final class FakeWorkoutAPI: WorkoutAPI {
  struct Recorded {
    var logs: [(key: String, payload: LogWorkoutPayload)] = []
    var substitutions: [SubstitutionRequestDto] = []
    var videos: [TechniqueVideoRequestDto] = []
    var seen: [String] = []
    var history: [WorkoutLogDto] = []
    var reachable = true
    var refuseLogs = false
    /// How many more new keys to answer 422 `idempotency_key_reused`, as a server holding
    /// another workout under them would.
    var keysHeldByOtherWorkouts = 0
    /// Every key a log was sent with, in order.
    var keysTried: [String] = []
    /// The coach's notification configs.
    var notificationConfigs: [NotificationConfigDto] = []
    /// When the last good copy of the programs was fetched, if one is kept: answered while the
    /// server is away.
    var programsCopyFetchedAt: Date?
    /// What the server answers besides being away (a 401, say), if anything.
    var failure: TraineeAPIError?
    /// How many times the programs were asked for.
    var programReads = 0
    /// The program as the coach changed it since the copy was kept, if they did.
    var changedPrograms: TrainingProgramsDto?
  }

  let programs: TrainingProgramsDto
  let recorded = Mutex(Recorded())
  /// The logs in a page of the history; `nil`: one page of everything.
  let historyPageSize: Int?

  init(programs: TrainingProgramsDto = FakeWorkoutAPI.program, historyPageSize: Int? = nil) {
    self.programs = programs
    self.historyPageSize = historyPageSize
  }

  var reachable: Bool {
    get { recorded.withLock { $0.reachable } }
    set { recorded.withLock { $0.reachable = newValue } }
  }

  private func check() throws(TraineeAPIError) {
    let (reachable, failure) = recorded.withLock { ($0.reachable, $0.failure) }
    guard reachable else { throw .offline }
    if let failure { throw failure }
  }

  func keptWorkouts() async throws(TraineeAPIError) -> KeptAnswer<TrainingProgramsDto> {
    let copy = recorded.withLock { state in
      state.programReads += 1
      return state.programsCopyFetchedAt
    }
    do {
      return KeptAnswer(value: try await workouts(), fetchedAt: Date())
    } catch {
      guard let copy else { throw error }
      return KeptAnswer(value: programs, fetchedAt: copy, failure: error)
    }
  }

  func workouts() async throws(TraineeAPIError) -> TrainingProgramsDto {
    try check()
    return recorded.withLock { $0.changedPrograms } ?? programs
  }

  func workoutHistory() async throws(TraineeAPIError) -> WorkoutHistoryDto {
    try await workoutHistory(limit: nil, cursor: nil)
  }

  /// Pages of `historyPageSize` (all of it when nil), as the server gives them: the cursor is
  /// the id of the page's last log.
  func workoutHistory(
    limit: Int?, cursor: String?
  ) async throws(TraineeAPIError) -> WorkoutHistoryDto {
    try check()
    let history = recorded.withLock { $0.history }
    let start =
      cursor.flatMap { cursor in history.firstIndex { $0.id == cursor } }.map { $0 + 1 } ?? 0
    let size = limit ?? historyPageSize ?? max(1, history.count)
    let page = Array(history[start...].prefix(size))
    let more = start + page.count < history.count
    return WorkoutHistoryDto(workouts: page, nextCursor: more ? page.last?.id : nil)
  }

  func deleteWorkoutLog(id: String) async throws(TraineeAPIError) {
    try check()
    recorded.withLock { $0.history.removeAll { $0.id == id } }
  }

  func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String
  ) async throws(TraineeAPIError) -> LoggedWorkoutDto {
    try check()
    let held = recorded.withLock { state in
      state.keysTried.append(idempotencyKey)
      guard state.keysHeldByOtherWorkouts > 0 else { return false }
      state.keysHeldByOtherWorkouts -= 1
      return true
    }
    if held {
      throw .http(
        status: 422,
        error: APIErrorBody(
          code: "idempotency_key_reused",
          message: "Idempotency-Key \(idempotencyKey) was used before for another workout."))
    }
    if recorded.withLock({ $0.refuseLogs }) {
      throw .http(
        status: 400,
        error: APIErrorBody(code: "invalid_body", message: "entries[0].sets: not a list"))
    }
    return recorded.withLock { state in
      if let index = state.logs.firstIndex(where: { $0.key == idempotencyKey }) {
        return LoggedWorkoutDto(id: "log_\(index + 1)", workoutNumber: index + 1)
      }
      state.logs.append((idempotencyKey, payload))
      return LoggedWorkoutDto(id: "log_\(state.logs.count)", workoutNumber: state.logs.count)
    }
  }

  func saveSubstitution(_ substitution: SubstitutionRequestDto) async throws(TraineeAPIError) {
    try check()
    recorded.withLock { $0.substitutions.append(substitution) }
  }

  func submitTechniqueVideo(
    _ video: TechniqueVideoRequestDto
  ) async throws(TraineeAPIError) -> TechniqueVideoDto {
    try check()
    recorded.withLock { $0.videos.append(video) }
    return TechniqueVideoDto(
      id: "1", url: video.url, exerciseId: video.exerciseId,
      submittedAt: "2026-11-29T10:00:00.000Z")
  }

  func markFeedbackSeen(videoId: String) async throws(TraineeAPIError) {
    try check()
    recorded.withLock { $0.seen.append(videoId) }
  }

  func notificationConfigs() async throws(TraineeAPIError) -> [NotificationConfigDto] {
    try check()
    return recorded.withLock { $0.notificationConfigs }
  }

  /// A push day: bench press (a best to beat, a substitute, a technique video wanted, coach
  /// feedback) and a superset of two exercises.
  static let program: TrainingProgramsDto = {
    let json = """
      { "plans": [ { "id": "plan_1", "name": "Strength block", "days": [
        { "id": "day_push", "label": "Day 1", "title": "Push", "subtitle": "Chest",
          "rirColumn": true,
          "strength": [
            { "id": "row_bench", "exerciseId": "ex_bench", "name": "Bench press", "sets": "2",
              "reps": "8", "rest": "1:30", "videoRequired": true,
              "coachFeedback": { "videoId": "v9", "message": "Elbows in" },
              "lastSets": [ { "setNumber": 1, "weight": "57.5", "reps": "8" },
                            { "setNumber": 2, "weight": "57.5", "reps": "8" } ],
              "best": { "weight": 60, "reps": 5 },
              "substitutes": [ { "exerciseId": "ex_db_bench", "name": "Dumbbell bench press" } ] },
            { "id": "row_dips", "exerciseId": "ex_dips", "name": "Dips", "sets": "1",
              "reps": "10", "rest": "1:00", "supersetGroup": "A" },
            { "id": "row_pushdown", "exerciseId": "ex_pushdown", "name": "Cable pushdown",
              "sets": "1", "reps": "12", "rest": "0", "supersetGroup": "A" } ] },
        { "id": "day_pull", "label": "Day 2", "title": "Pull",
          "strength": [ { "id": "row_row", "exerciseId": "ex_row", "name": "Row", "sets": "1" } ] }
      ] } ] }
      """
    // swift-format-ignore: NeverUseForceTry
    return try! JSONDecoder().decode(TrainingProgramsDto.self, from: Data(json.utf8))
  }()
}
