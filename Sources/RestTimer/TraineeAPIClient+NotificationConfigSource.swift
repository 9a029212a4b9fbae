import TraineeAPI
import TraineeClient

// NB: docs/specs/workout-session.md, "Alert texts and configs": the configs come from
// `GET /v1/trainee/notification-configs`; the app hands the cache its API client.

extension TraineeAPIClient: NotificationConfigSource {
  /// The trainee's notification configs, fetched from the server.
  public func fetchNotificationConfigs() async throws -> [NotificationConfigDto] {
    try await notificationConfigs()
  }
}
