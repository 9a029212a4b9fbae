import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import TerminalScreens
import TraineeAPI
import WorkoutSession

/// The terminal app's workout tabs (Workouts, then Live) on a fake server, the workouts loaded:
/// the wiring every live-workout test shares.
@MainActor
struct WorkoutTabs {
  let app: PerformTerminalApp
  let coordinator: WorkoutCoordinator
  let workouts: WorkoutsScreen
  let live: LiveWorkoutScreen

  /// The tabs on `directory` and `api`; with `settings`, the app's texts, the live screen's
  /// settings, the coordinator's language and the units come from them.
  init(
    directory: URL, api: FakeWorkoutAPI, now: @escaping @Sendable () -> Date = { Date() },
    settings: AppSettingsStore? = nil
  ) async throws {
    app = PerformTerminalApp()
    let language = settings?.current.language ?? .en
    coordinator = try WorkoutCoordinator(
      dataDirectory: directory, api: api, language: language, now: now)
    coordinator.host = app
    workouts = WorkoutsScreen(
      coordinator: coordinator, api: api, host: app,
      openLiveWorkout: { [weak app] in app?.select(tab: 1) })
    live = LiveWorkoutScreen(coordinator: coordinator, host: app)
    if let settings {
      app.text = settings.text
      coordinator.show(language: language, units: settings.current.units)
      workouts.units = { settings.current.units }
      live.settings = settings
    }
    app.setTabs([.init(title: "Workouts", screen: workouts), .init(title: "Live", screen: live)])
    await workouts.reload()
  }
}
