import Foundation
import RestTimer
import TerminalScreens
import TraineeAPI

// NB: docs/specs/workout-session.md, "Alert texts and configs": the configs are cached for 10
// minutes, so a coach's changed template or a disabled alert reaches the running app within 10
// minutes (`keepNotificationConfigsCurrent`), not only at the next launch
// (docs/decisions/rest-timer-alerts-and-reminders.md, "Notification configs while the app runs").

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

  /// Hands `configs`, with the app's texts in the trainee's language where the coach set none,
  /// to the store when they differ from the ones it has.
  func applyNotificationConfigs(_ configs: [NotificationConfigDto]) {
    fetchedNotificationConfigs = configs
    let configs = alertText.map { Self.withFallbacks(configs, $0) } ?? configs
    guard configs != store.state.notificationConfigs else { return }
    store.send(.notificationConfigsLoaded(configs))
  }

  // NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units":
  // the engine's fallback texts are English; in another language the app fills what the coach left
  // blank (or left out) with its own texts in that language, so the engine's rules (a template
  // wins, a blank one does not, `enabled` defaults to true) stay the only ones.

  /// `configs` with `text`'s title and body for every kind whose template is missing or blank.
  static func withFallbacks(
    _ configs: [NotificationConfigDto], _ text: AppText
  ) -> [NotificationConfigDto] {
    var result = configs
    let texts: [(WorkoutNotificationKind, AppString, AppString)] = [
      (.restTimer, .alertRestTitle, .alertRestBody),
      (.workoutIdle, .alertIdleTitle, .alertIdleBody),
      (.workoutUnfinished, .alertUnfinishedTitle, .alertUnfinishedBody),
    ]
    func blank(_ template: String?) -> Bool {
      template?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true
    }
    for (kind, title, body) in texts {
      guard let index = result.firstIndex(where: { $0.type == kind.rawValue }) else {
        result.append(
          NotificationConfigDto(
            type: kind.rawValue, titleTemplate: text(title), bodyTemplate: text(body)))
        continue
      }
      if blank(result[index].titleTemplate) { result[index].titleTemplate = text(title) }
      if blank(result[index].bodyTemplate) { result[index].bodyTemplate = text(body) }
    }
    return result
  }
}

/// The workout API as the source of the notification configs cache.
private struct WorkoutAPIConfigSource: NotificationConfigSource {
  let api: any WorkoutAPI

  func fetchNotificationConfigs() async throws -> [NotificationConfigDto] {
    try await api.notificationConfigs()
  }
}
