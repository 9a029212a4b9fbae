import Foundation
import LiveActivity
import SwiftUI
import WorkoutSession

// NB: docs/decisions/the-lock-screen-card.md, "The Lock Screen card": the card's taps wait in the
// App Group queue until the app applies them. The app applies them at three moments: at launch and
// whenever its scene becomes active (`drainsCardCommands`), and right after a rest button's
// `LiveActivityIntent`, which iOS performs in the app's process, queued its command
// (`ActivityIntentHooks.afterEnqueue`, assigned by `install()`). Applying goes through the store,
// so each command is saved to the journal and its effects reach the store's performer:
// -15s/+15s/Skip move or cancel the rest-over alert at once. The card is then brought in line.
//
// `WorkoutActivityIntents.swift` belongs to the app target as well as the widget's, so that the
// intents and `ActivityIntentHooks` exist in the app's process.

/// Applies the card's waiting taps to the app's workout store.
@MainActor
final class CardCommandInbox {
  private let store: WorkoutStore
  private let activity: WorkoutActivityController
  /// Kept for the app's run: the queue's first drain sweeps what a killed writer left, and a
  /// queue made anew would sweep again (see `PendingCommandQueue`).
  private let queue: PendingCommandQueue?
  /// What the last drain refused or could not read, for the app to show.
  private(set) var problems: [String] = []

  /// An inbox applying the App Group queue to `store`, then syncing `activity`.
  init(store: WorkoutStore, activity: WorkoutActivityController) {
    self.store = store
    self.activity = activity
    queue = SharedContainer.queue
  }

  /// Lets a card button performed in the app's process apply its command at once. Call it at
  /// launch (the app's `init`): iOS may launch the app in the background only to perform it.
  func install() {
    ActivityIntentHooks.afterEnqueue = { [weak self] in
      self?.drain()
    }
  }

  /// Applies every waiting tap, in tap order, then updates the card.
  func drain() {
    guard let queue else { return }
    let results: [PendingCommandResult]
    do {
      results = try applyPendingCommands(queue, to: store, now: Date())
    } catch {
      problems = ["The card's taps could not be read: \(error)"]
      return
    }
    problems = results.compactMap { result in
      switch result.outcome {
      case .applied: nil
      case .rejected(_, let reason): "A tap on the card was not applied: \(reason)"
      case .malformed(let problem): "A tap on the card could not be read: \(problem)"
      }
    }
    if !results.isEmpty { activity.sync(store.state, now: Date()) }
  }
}

/// Applies the card's waiting taps when the view first appears and whenever its scene becomes
/// active again.
struct DrainsCardCommands: ViewModifier {
  let inbox: CardCommandInbox
  @Environment(\.scenePhase) private var scenePhase

  func body(content: Content) -> some View {
    content.onChange(of: scenePhase, initial: true) { _, phase in
      if phase == .active { inbox.drain() }
    }
  }
}

extension View {
  /// Applies `inbox`'s waiting taps at launch and whenever the scene becomes active.
  func drainsCardCommands(_ inbox: CardCommandInbox) -> some View {
    modifier(DrainsCardCommands(inbox: inbox))
  }
}
