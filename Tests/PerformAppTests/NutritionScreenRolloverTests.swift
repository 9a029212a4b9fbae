import Foundation
import LiveWorkoutScreens
import NutritionLog
import NutritionScreens
import PerformApp
import PerformTestSupport
import TerminalScreens
import Testing
import TraineeAPI

/// The Nutrition screen keeps today current on its own (docs/specs/nutrition-day.md, "Keeping today
/// current"): at midnight and 05:00, plus 250 ms, with no key pressed and nothing drawn.
@MainActor
struct NutritionScreenRolloverTests {
  static let monday = CalendarDay(year: 2026, month: 1, day: 5)!
  static let tuesday = CalendarDay(year: 2026, month: 1, day: 6)!
  /// 23:59:30 on Monday 5 January 2026, UTC.
  nonisolated static let start = Date(timeIntervalSince1970: 1_767_657_570)
  /// 05:00 on Tuesday, when the preferred plan day expires.
  static let tuesdayFive = Date(timeIntervalSince1970: 1_767_675_600)

  @Test func leftOpenOverMidnightTodayMovesAndThePreferredDayExpiresWithoutAKey() async throws {
    let dayClock = ManualClock()
    let harness = try NutritionScreenHarness(
      preferredDay: PreferredNutritionDay(
        planId: "np_cut", dayId: "nd_rest", untilMs: Self.tuesdayFive.timeIntervalSince1970 * 1000),
      wall: {
        let (seconds, attoseconds) = dayClock.now.offset.components
        return Self.start + TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
      })
    harness.open()
    #expect(
      await harness.settle {
        harness.text.contains("Brunch 11:00") && harness.text.contains("saved")
      })
    harness.screen.keepTodayCurrent(clock: dayClock)
    #expect(await dayClock.untilSleepers(1))
    #expect(harness.sync.shownDate == Self.monday)
    let redraws = harness.host.redraws

    // 00:00:00.250 on Tuesday: today and the day shown move, and Tuesday is no longer the future.
    await dayClock.advance(by: .milliseconds(30_250))
    #expect(await dayClock.untilSleepers(1))
    #expect(harness.sync.shownDate == Self.tuesday)
    #expect(harness.sync.edits.todayPick?.dateKey == Self.tuesday.dayKey.rawValue)
    #expect(await harness.settle { harness.sync.status(of: Self.tuesday) == .saved })
    #expect(harness.host.redraws > redraws)
    #expect(harness.sync.edits.preferredDay?.dayId == "nd_rest")

    // 05:00:00.250: the preferred day expires, in the store and on disk.
    await dayClock.advance(by: .seconds(5 * 3600))
    #expect(await dayClock.untilSleepers(1))
    #expect(harness.sync.edits.preferredDay == nil)
    let file = harness.dataDirectory.appendingPathComponent("perform-preferred-nutrition-day.json")
    #expect(!FileManager.default.fileExists(atPath: file.path))

    harness.screen.stopKeepingTodayCurrent()
    #expect(dayClock.sleeperCount == 0)
  }
}
