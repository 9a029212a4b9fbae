import Foundation
import RestTimer
import TraineeAPI

// NB: spec workout-session-engine.md "Build the content": the configs are cached for 10 minutes,
// so a coach's changed template or a disabled alert reaches the running app within 10 minutes
// (`keepNotificationConfigsCurrent`), not only at the next launch (docs/decisions.md,
// "Notification configs while the app runs").

extension WorkoutCoordinator {
  /// Loads the notification texts the coach set now and again whenever they are 10 minutes old,
  /// sleeping on `clock`, until `close()`; each change reaches the next rest and the reminders.
  public func startNotificationConfigRefresh<C: Clock>(
    clock: C
  ) where C.Duration == Duration {
    configRefresh?.cancel()
    let cache = NotificationConfigCache(source: WorkoutAPIConfigSource(api: api), now: now)
    let now = now
    let apply: @MainActor @Sendable ([NotificationConfigDto]) -> Void = { [weak self] in
      self?.applyNotificationConfigs($0)
    }
    configRefresh = Task {
      await keepNotificationConfigsCurrent(cache: cache, clock: clock, now: now) {
        await apply($0)
      }
    }
  }

  /// Hands `configs` to the store when they differ from the ones it has.
  func applyNotificationConfigs(_ configs: [NotificationConfigDto]) {
    guard configs != store.state.notificationConfigs else { return }
    store.send(.notificationConfigsLoaded(configs))
  }
}

/// The workout API as the source of the notification configs cache.
private struct WorkoutAPIConfigSource: NotificationConfigSource {
  let api: any WorkoutAPI

  func fetchNotificationConfigs() async throws -> [NotificationConfigDto] {
    try await api.notificationConfigs()
  }
}
