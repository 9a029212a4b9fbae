import TraineeAPI
import TraineeClient

/// Where a finished workout's log is posted: the API client in the apps, a fake in tests.
public protocol WorkoutLogTransport: Sendable {
  /// `POST /v1/trainee/workouts/log` with `Idempotency-Key: idempotencyKey`: the logged workout,
  /// or why it was not logged.
  func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String
  ) async throws(TraineeAPIError) -> LoggedWorkoutDto
}

extension TraineeAPIClient: WorkoutLogTransport {}
