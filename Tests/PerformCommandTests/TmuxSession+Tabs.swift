import Foundation

extension TmuxSession {
  /// Waits until the app is drawn (on its first tab, Today) and opens the Workouts tab (2).
  func openWorkoutsTab() async throws {
    try await waitFor("1 Today")
    try send(keys: "2")
    // Today's own title is gone: the Workouts tab is drawn (not only asked for).
    try await waitUntilGone("Today, ")
  }
}
