import Foundation

// NB: docs/specs/nutrition-day.md, "Keeping today current". Today is the device's calendar date: it
// changes at local midnight (`startOfDay` is `setHours(0, 0, 0, 0)`). 05:00
// (`NUTRITION_DAY_ROLLOVER_HOUR`) moves nothing but the preferred day's expiry; `refreshToday`
// runs at both, at the earlier of the next midnight and the next 05:00, plus 250 ms.

/// `NUTRITION_DAY_ROLLOVER_HOUR`: the local hour at which the preferred plan day expires.
public let nutritionDayRolloverHour = 5

/// How long after a midnight or 05:00 `refreshToday` runs, so it runs on the new side.
public let todayRefreshMargin: Duration = .milliseconds(250)

extension NutritionCalendar {
  /// The start of the local day after the one `now` falls on.
  public func nextMidnight(after now: Date) -> Date {
    start(of: day(of: now).adding(days: 1))
  }

  /// `nextNutritionRolloverMs`: the first local 05:00 strictly after `now`.
  public func nextNutritionRollover(after now: Date) -> Date {
    var candidate = day(of: now)
    var rollover = time(hour: nutritionDayRolloverHour, on: candidate)
    // NB: a loop, not one step: a zone that skips a whole date needs two.
    while rollover <= now {
      candidate = candidate.adding(days: 1)
      rollover = time(hour: nutritionDayRolloverHour, on: candidate)
    }
    return rollover
  }

  /// `nextNutritionRefreshMs`: the earlier of the next local midnight and the next local 05:00.
  public func nextNutritionRefresh(after now: Date) -> Date {
    min(nextMidnight(after: now), nextNutritionRollover(after: now))
  }

  /// When to run `refreshToday` next after running it at `now`: `nextNutritionRefresh` plus
  /// `todayRefreshMargin`.
  public func todayRefreshTime(after now: Date) -> Date {
    nextNutritionRefresh(after: now) + todayRefreshMargin.timeInterval
  }
}

/// What `refreshToday` decided: today, the day the nutrition tab shows, the preferred day that
/// still applies, and when to refresh again.
public struct TodayRefresh: Equatable, Sendable {
  /// The device's current calendar day (`todayMs`).
  public var today: CalendarDay
  /// The day the nutrition tab shows (`dateMs`).
  public var shown: CalendarDay
  /// The preferred plan day, `nil` when there was none or it has expired.
  public var preferredDay: PreferredNutritionDay?
  /// When to call `refreshToday` again.
  public var nextRefreshAt: Date

  public init(
    today: CalendarDay, shown: CalendarDay, preferredDay: PreferredNutritionDay?,
    nextRefreshAt: Date
  ) {
    self.today = today
    self.shown = shown
    self.preferredDay = preferredDay
    self.nextRefreshAt = nextRefreshAt
  }
}

/// `refreshToday`: recomputes today at `now` in `calendar`.
///
/// - The shown day follows today when nothing is selected or the selection was the previous
///   today (the trainee was viewing today).
/// - Any other selection in the past stays, also when it has left the editable window.
/// - A selection after the new today (the clock or the zone moved back) is pulled back to today.
/// - The preferred day is dropped once `now` reaches its `untilMs`.
public func refreshToday(
  previousToday: CalendarDay?, selected: CalendarDay?, preferredDay: PreferredNutritionDay?,
  now: Date, calendar: NutritionCalendar
) -> TodayRefresh {
  let today = calendar.day(of: now)
  let shown: CalendarDay
  if let selected, selected != previousToday {
    shown = min(selected, today)
  } else {
    shown = today
  }
  return TodayRefresh(
    today: today, shown: shown,
    preferredDay: preferredDay.flatMap { $0.isActive(at: now) ? $0 : nil },
    nextRefreshAt: calendar.todayRefreshTime(after: now))
}

extension Duration {
  /// The duration in seconds, as Foundation's `TimeInterval`.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
