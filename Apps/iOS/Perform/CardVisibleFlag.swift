import Foundation
import LiveActivity
import Synchronization

// NB: docs/specs/live-activity.md, "The rest on the card": while the card is visible the app posts
// no banner for the rest-over alert. Two readers ask: `WorkoutAlerts` on the main actor, and the
// notification delegate on whatever thread iOS calls it. The main actor writes the answer here
// after every sync of the card, and either reader reads it.

/// Whether the Live Activity card is on screen and current, readable from any thread.
final class CardVisibleFlag: Sendable {
  private let visible = Mutex(false)

  /// The answer as last written.
  var isVisible: Bool { visible.withLock { $0 } }

  /// Writes what `activity` says now: a card held and not past its stale date.
  @MainActor
  func update(from activity: WorkoutActivityController, now: Date) {
    let current = activity.cardIsCurrent(now: now)
    visible.withLock { $0 = current }
  }
}
