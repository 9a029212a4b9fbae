import Foundation
import TerminalScreens
import TraineeAPI
import TraineeClient
import WorkoutLogDelivery

/// The workout endpoints the terminal app calls: the API client in the app, a fake in tests.
/// Finished logs go through `WorkoutLogTransport.logWorkout(_:idempotencyKey:)`.
public protocol WorkoutAPI: WorkoutLogTransport {
  func workouts() async throws(TraineeAPIError) -> TrainingProgramsDto
  func workoutHistory() async throws(TraineeAPIError) -> WorkoutHistoryDto
  /// One page of the history: at most `limit` logs (`nil`: the server's 50) older than the page
  /// whose `nextCursor` is `cursor` (`nil`: the newest).
  func workoutHistory(
    limit: Int?, cursor: String?
  ) async throws(TraineeAPIError) -> WorkoutHistoryDto
  func deleteWorkoutLog(id: String) async throws(TraineeAPIError)
  func saveSubstitution(_ substitution: SubstitutionRequestDto) async throws(TraineeAPIError)
  func submitTechniqueVideo(
    _ video: TechniqueVideoRequestDto
  ) async throws(TraineeAPIError) -> TechniqueVideoDto
  func markFeedbackSeen(videoId: String) async throws(TraineeAPIError)
  func notificationConfigs() async throws(TraineeAPIError) -> [NotificationConfigDto]

  /// The programs, or their last good copy when the server cannot answer.
  func keptWorkouts() async throws(TraineeAPIError) -> KeptAnswer<TrainingProgramsDto>
  /// The history's first page, or its last good copy.
  func keptWorkoutHistory() async throws(TraineeAPIError) -> KeptAnswer<WorkoutHistoryDto>
}

extension WorkoutAPI {
  /// Without copies: the server's answer, dated now.
  public func keptWorkouts() async throws(TraineeAPIError) -> KeptAnswer<TrainingProgramsDto> {
    KeptAnswer(value: try await workouts(), fetchedAt: Date())
  }

  public func keptWorkoutHistory() async throws(TraineeAPIError) -> KeptAnswer<WorkoutHistoryDto> {
    KeptAnswer(value: try await workoutHistory(), fetchedAt: Date())
  }
}

extension TraineeAPIClient: WorkoutAPI {}

/// The workout endpoints of the app: writes go to the server, reads fall back to their last good
/// copies (`KeptReads`) when it cannot answer.
public struct KeptWorkoutAPI: WorkoutAPI {
  public let reads: KeptReads
  private var client: TraineeAPIClient { reads.client }

  public init(reads: KeptReads) {
    self.reads = reads
  }

  public func workouts() async throws(TraineeAPIError) -> TrainingProgramsDto {
    try await reads.read(.workouts).value
  }

  public func workoutHistory() async throws(TraineeAPIError) -> WorkoutHistoryDto {
    try await reads.read(.workoutHistory).value
  }

  /// Pages after the first come from the server only: no copy of them is kept.
  public func workoutHistory(
    limit: Int?, cursor: String?
  ) async throws(TraineeAPIError) -> WorkoutHistoryDto {
    try await client.workoutHistory(limit: limit, cursor: cursor)
  }

  public func deleteWorkoutLog(id: String) async throws(TraineeAPIError) {
    try await client.deleteWorkoutLog(id: id)
  }

  public func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String
  ) async throws(TraineeAPIError) -> LoggedWorkoutDto {
    try await client.logWorkout(payload, idempotencyKey: idempotencyKey)
  }

  public func saveSubstitution(_ substitution: SubstitutionRequestDto) async throws(TraineeAPIError)
  {
    try await client.saveSubstitution(substitution)
  }

  public func submitTechniqueVideo(
    _ video: TechniqueVideoRequestDto
  ) async throws(TraineeAPIError) -> TechniqueVideoDto {
    try await client.submitTechniqueVideo(video)
  }

  public func markFeedbackSeen(videoId: String) async throws(TraineeAPIError) {
    try await client.markFeedbackSeen(videoId: videoId)
  }

  /// The configs, or their last good copy: what the notification config cache fetches
  /// through, so offline the coach's texts are the ones last fetched.
  public func notificationConfigs() async throws(TraineeAPIError) -> [NotificationConfigDto] {
    try await reads.read(.notificationConfigs).value
  }

  public func keptWorkouts() async throws(TraineeAPIError) -> KeptAnswer<TrainingProgramsDto> {
    try await reads.read(.workouts)
  }

  public func keptWorkoutHistory() async throws(TraineeAPIError) -> KeptAnswer<WorkoutHistoryDto> {
    try await reads.read(.workoutHistory)
  }
}
