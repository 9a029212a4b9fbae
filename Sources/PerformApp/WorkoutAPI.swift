import TraineeAPI

/// The workout endpoints the terminal app calls: the API client in the app, a fake in tests.
public protocol WorkoutAPI: Sendable {
  func workouts() async throws(TraineeAPIError) -> TrainingProgramsDto
  func workoutHistory() async throws(TraineeAPIError) -> WorkoutHistoryDto
  func deleteWorkoutLog(id: String) async throws(TraineeAPIError)
  func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String
  ) async throws(TraineeAPIError) -> LoggedWorkoutDto
  func saveSubstitution(_ substitution: SubstitutionRequestDto) async throws(TraineeAPIError)
  func submitTechniqueVideo(
    _ video: TechniqueVideoRequestDto
  ) async throws(TraineeAPIError) -> TechniqueVideoDto
  func markFeedbackSeen(videoId: String) async throws(TraineeAPIError)
  func notificationConfigs() async throws(TraineeAPIError) -> [NotificationConfigDto]
}

extension TraineeAPIClient: WorkoutAPI {}
