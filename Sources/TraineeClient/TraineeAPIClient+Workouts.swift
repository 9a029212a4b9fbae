import Foundation
import TraineeAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage",
// workouts, and `GET /v1/trainee/session`.

extension TraineeAPIClient {
  /// `GET /v1/trainee/workouts`: the trainee's programs with saved substitutions applied and
  /// `lastSets`/`best` from the logged history.
  public func workouts() async throws(TraineeAPIError) -> TrainingProgramsDto {
    try await call(endpoints.getWorkouts)
  }

  /// `POST /v1/trainee/workouts/log`: stores a finished workout.
  ///
  /// A retry with the same `idempotencyKey` (1 to 128 visible ASCII characters) answers the
  /// first answer and stores nothing twice, so a caller retrying after a lost answer passes
  /// the key it used the first time.
  public func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String
  ) async throws(TraineeAPIError) -> LoggedWorkoutDto {
    try await call(
      endpoints.logWorkout, body: payload, headers: ["Idempotency-Key": idempotencyKey])
  }

  /// `GET /v1/trainee/workouts/history`: the first page of the logged workouts, newest first,
  /// without entries (the server's default size, 50).
  public func workoutHistory() async throws(TraineeAPIError) -> WorkoutHistoryDto {
    try await workoutHistory(limit: nil, cursor: nil)
  }

  /// `GET /v1/trainee/workouts/history?limit=&cursor=`: one page of the logged workouts, newest
  /// first, without entries: at most `limit` (1 to 100; `nil`: the server's 50), older than the
  /// page whose `nextCursor` is `cursor` (`nil`: the newest). The answer's `nextCursor` asks for
  /// the page after it, and is `nil` on the last page.
  public func workoutHistory(
    limit: Int?, cursor: String?
  ) async throws(TraineeAPIError) -> WorkoutHistoryDto {
    var query: [URLQueryItem] = []
    if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
    if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
    return try await call(endpoints.getWorkoutHistory, query: query)
  }

  /// `GET /v1/trainee/workouts/history/{id}`: one logged workout with its entries.
  public func workoutLog(id: String) async throws(TraineeAPIError) -> WorkoutLogDto {
    try await call(endpoints.getWorkoutLog, path: ["id": id])
  }

  /// `DELETE /v1/trainee/workouts/log/{id}`: removes a logged workout.
  public func deleteWorkoutLog(id: String) async throws(TraineeAPIError) {
    try await call(endpoints.deleteWorkoutLog, path: ["id": id])
  }

  /// `POST /v1/trainee/workouts/substitutions`: saves the trainee's choice of exercise for a
  /// program row; `toExerciseId` equal to `fromExerciseId` undoes it.
  public func saveSubstitution(
    _ substitution: SubstitutionRequestDto
  ) async throws(TraineeAPIError) {
    try await call(endpoints.saveSubstitution, body: substitution)
  }

  /// `POST /v1/trainee/technique-videos`: sends a technique video for the coach to review.
  public func submitTechniqueVideo(
    _ video: TechniqueVideoRequestDto
  ) async throws(TraineeAPIError) -> TechniqueVideoDto {
    try await call(endpoints.submitTechniqueVideo, body: video)
  }

  /// `POST /v1/trainee/technique-videos/{videoId}/feedback-seen`: the trainee saw the coach's
  /// feedback on the video.
  public func markFeedbackSeen(videoId: String) async throws(TraineeAPIError) {
    try await call(endpoints.markFeedbackSeen, path: ["videoId": videoId])
  }

  /// `GET /v1/trainee/notification-configs`: the notification kinds and their templates.
  public func notificationConfigs() async throws(TraineeAPIError) -> [NotificationConfigDto] {
    try await call(endpoints.getNotificationConfigs)
  }

  /// `GET /v1/trainee/session`: the trainee the token belongs to.
  public func session() async throws(TraineeAPIError) -> TraineeSessionDto {
    try await call(endpoints.getSession)
  }
}
