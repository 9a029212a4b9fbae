import LiveActivity
import SwiftUI
import WorkoutSession

// NB: the app's entry point installs, at launch and before anything else runs (iOS may start
// the app in the background only to perform a card button's intent): the notification
// delegate, the card's command inbox and its hook, and the courier with the outbox's log.

/// The iOS app.
@main
struct PerformPhoneApp: App {
  @State private var model: WorkoutAppModel?
  @State private var failure: String?

  init() {
    do {
      let model = try WorkoutAppModel()
      model.install()
      _model = State(initialValue: model)
    } catch {
      _failure = State(initialValue: "The workout could not be opened: \(error)")
    }
  }

  var body: some Scene {
    WindowGroup {
      if let model {
        WorkoutRootView(model: model).drainsCardCommands(model.inbox)
      } else {
        Text(failure ?? "The workout could not be opened.").padding()
      }
    }
  }
}
