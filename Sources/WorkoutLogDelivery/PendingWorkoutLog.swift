import Foundation
import TraineeAPI
import WorkoutSession

/// A finished workout waiting to be accepted by the server.
public struct PendingWorkoutLog: Codable, Equatable, Sendable {
  /// Sent as `Idempotency-Key` on every attempt, so a retry after a lost answer stores nothing
  /// twice.
  public var idempotencyKey: String
  /// The log as the server takes it.
  public var payload: LogWorkoutPayload
  /// The workout's title, for the complete screen.
  public var title: String
  /// The numbers for the complete screen, taken when the trainee finished.
  public var stats: SessionStats
  /// When the trainee finished.
  public var finishedAt: Date

  /// A log waiting to be sent with `idempotencyKey`.
  public init(
    idempotencyKey: String, payload: LogWorkoutPayload, title: String, stats: SessionStats,
    finishedAt: Date
  ) {
    self.idempotencyKey = idempotencyKey
    self.payload = payload
    self.title = title
    self.stats = stats
    self.finishedAt = finishedAt
  }
}
