import ActivityKit
import Foundation
import LiveActivity

// NB: docs/decisions/the-lock-screen-card.md, "The Lock Screen card": the content state is the
// module's prepared content, so the widget draws exactly what the Linux tests and previews check.
// The attributes carry nothing: everything that changes, and everything the card shows, is in the
// content state.

/// The workout Live Activity's attributes; its content state is `WorkoutActivityContent`.
struct WorkoutActivityAttributes: ActivityAttributes {
  typealias ContentState = WorkoutActivityContent
}

/// Where the app keeps what the widget's process shares with it.
enum SharedContainer {
  /// The App Group both the app and the widget extension are entitled to.
  static let appGroup = "group.app.perform"

  /// The deep link the card opens: the running workout.
  static let workoutURL = URL(string: "perform://workout")!

  /// The pending-command queue in the App Group container (`live-activity/pending`).
  static var queue: PendingCommandQueue? {
    FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)
      .map { PendingCommandQueue(dataDirectory: $0) }
  }
}
