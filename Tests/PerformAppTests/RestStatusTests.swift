import Foundation
import TerminalUI
import Testing

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// The rest in the status line of every tab (issue 29, item 8): a trainee who checks a set and
/// goes to Today or Settings still sees the rest count down, then how long it is overdue.
@MainActor
struct RestStatusTests {
  let size = TerminalSize(rows: 24, columns: 80)

  @Test(arguments: [
    ("en_US.UTF-8", "Rest 1:00", "+0:12 rest over"),
    ("de_DE.UTF-8", "Pause 1:00", "+0:12 Pause vorbei"),
  ])
  func theRestShowsOnEveryTabAndThenHowLongItIsOverdue(
    lang: String, running: String, overdue: String
  ) async throws {
    let daily = try DailyScreensTests()
    let launched = try await daily.launch(lang: lang)
    let app = launched.app
    app.showRest(of: launched.coordinator) { launched.settings.text }
    _ = app.handle(.enter, now: Date())
    daily.type(" ", into: app)
    let clock = try #require(launched.coordinator.store.state.rest.clock)

    for tab in [0, 1, 2, 3] {
      app.select(tab: tab)
      let frame = app.frame(size: size, now: clock.endsAt.addingTimeInterval(-60)).plainText
      #expect(frame.contains(running), "tab \(tab): \(frame)")
      let late = app.frame(size: size, now: clock.endsAt.addingTimeInterval(12)).plainText
      #expect(late.contains(overdue), "tab \(tab): \(late)")
    }

    // Skipped: gone from every tab.
    app.select(tab: 2)
    daily.type("s", into: app)
    app.select(tab: 0)
    let frame = app.frame(size: size, now: clock.endsAt.addingTimeInterval(-60)).plainText
    #expect(!frame.contains(running))
  }
}
