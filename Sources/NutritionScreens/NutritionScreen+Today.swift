import Foundation
import NutritionLog
import TerminalScreens

// NB: docs/specs/nutrition-day.md, "Keeping today current": `refreshToday` runs on mount and again
// at the next local midnight or 05:00, plus 250 ms, whatever is on screen. Without it today moved
// only when the tab was drawn or a key pressed: a terminal left open on another tab over
// midnight kept yesterday as today and its preferred plan day past 05:00.

extension NutritionScreen {
  /// Runs `refresh(now:)` at once and then at every `todayRefreshTime` (`keepTodayCurrent`),
  /// sleeping on `clock`, until `stopKeepingTodayCurrent()`; a new day moves today, the day shown
  /// when it was today, and the sync's future, and an expired preferred day is dropped, without
  /// a key press or a redraw.
  public func keepTodayCurrent<C: Clock>(clock: C) where C.Duration == Duration {
    todayRefresh?.cancel()
    let now = environment.now
    let timeZone = environment.timeZone
    let refresh: @MainActor @Sendable (Date) -> Void = { [weak self] now in
      self?.refreshFromSchedule(now: now)
    }
    todayRefresh = Task {
      await Self.runTodaySchedule(clock: clock, now: now, timeZone: timeZone, refresh: refresh)
    }
  }

  /// Stops the runs of `keepTodayCurrent(clock:)`.
  public func stopKeepingTodayCurrent() {
    todayRefresh?.cancel()
    todayRefresh = nil
  }

  /// `keepTodayCurrent` off the main actor, handing each run's `now` to `refresh`.
  nonisolated private static func runTodaySchedule<C: Clock>(
    clock: C, now: @escaping @Sendable () -> Date, timeZone: @escaping @Sendable () -> TimeZone,
    refresh: @escaping @MainActor @Sendable (Date) -> Void
  ) async where C.Duration == Duration {
    await NutritionLog.keepTodayCurrent(
      clock: clock, now: now, calendar: { NutritionCalendar(timeZone: timeZone()) },
      refresh: { now, _ in await refresh(now) })
  }

  /// `refresh(now:)`, then a redraw when today moved.
  private func refreshFromSchedule(now: Date) {
    send(.scheduledRefresh, now: now)
  }
}
