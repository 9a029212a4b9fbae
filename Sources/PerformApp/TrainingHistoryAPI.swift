import Foundation
import LiveWorkoutScreens
import TerminalScreens
import TraineeAPI
import TraineeClient

/// The history reads of the history and progress views: one logged workout with its sets, and the
/// trainee's done sets a page at a time. The API client in the app, a fake in tests.
public protocol TrainingHistoryAPI: Sendable {
  /// `GET /v1/trainee/workouts/history/{id}`: the workout with its entries.
  func workoutLog(id: String) async throws(TraineeAPIError) -> WorkoutLogDto
  /// `GET /v1/trainee/workouts/sets`: one page of done sets, oldest first.
  func loggedSets(
    exerciseId: String?, after: String?, limit: Int?
  ) async throws(TraineeAPIError) -> LoggedSetPageDto
  /// `DELETE /v1/trainee/workouts/history/{id}`.
  func deleteWorkoutLog(id: String) async throws(TraineeAPIError)
}

extension TraineeAPIClient: TrainingHistoryAPI {}

extension KeptWorkoutAPI: TrainingHistoryAPI {
  /// From the server only: no copy of a single workout is kept offline.
  public func workoutLog(id: String) async throws(TraineeAPIError) -> WorkoutLogDto {
    try await reads.client.workoutLog(id: id)
  }

  /// From the server only.
  public func loggedSets(
    exerciseId: String?, after: String?, limit: Int?
  ) async throws(TraineeAPIError) -> LoggedSetPageDto {
    try await reads.client.loggedSets(exerciseId: exerciseId, after: after, limit: limit)
  }
}
