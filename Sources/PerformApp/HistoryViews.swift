import Foundation
import TerminalScreens
import TrainingHistory
import WorkoutSession

/// Opens the history and progress views over the app's current tab, in the trainee's current
/// language and units.
@MainActor
public struct HistoryViews {
  /// Weak: the app holds the screens that hold these views' closures.
  weak var app: PerformTerminalApp?
  let api: any TrainingHistoryAPI
  let settings: AppSettingsStore
  let timeZone: @Sendable () -> TimeZone
  /// Told when a review is shown, to mark it seen.
  public var coachWords: CoachWordsInbox?

  /// The views of `api`'s history, drawn in `settings`' language and units.
  public init(
    app: PerformTerminalApp, api: any TrainingHistoryAPI, settings: AppSettingsStore,
    timeZone: @escaping @Sendable () -> TimeZone
  ) {
    self.app = app
    self.api = api
    self.settings = settings
    self.timeZone = timeZone
  }

  /// Opens logged workout `id`; `onDeleted` runs after it was deleted from there.
  public func openLog(id: String, onDeleted: @escaping @MainActor () -> Void) {
    guard let app else { return }
    let settings = settings
    let screen = WorkoutLogScreen(
      id: id, api: api, host: app, units: { settings.current.units },
      text: { settings.text }, timeZone: timeZone)
    screen.openProgress = { exercise in openProgress(exercise) }
    if let coachWords {
      screen.onReviewShown = { coachWords.markSeen(.review(workoutId: $0)) }
    }
    screen.onDeleted = { [weak app, weak screen] in
      if let app, let screen, app.presented.last === screen { app.dismissPresented() }
      onDeleted()
    }
    app.present(screen)
    Task { await screen.load() }
  }

  /// Opens the progress of `exercise`.
  public func openProgress(_ exercise: NamedExercise) {
    guard let app else { return }
    let settings = settings
    let screen = ProgressScreen(
      exercise: exercise, api: api, host: app, units: { settings.current.units },
      text: { settings.text }, timeZone: timeZone)
    app.present(screen)
    Task { await screen.load() }
  }
}
