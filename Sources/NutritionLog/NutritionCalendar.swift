import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Days follow the device": day boundaries follow the device
// clock, not a fixed zone. The zone is injected here and `now` is passed to every call, so nothing
// in this module reads `Date()` or `TimeZone.current` (docs/architecture.md, "Time is injected").

/// The wall calendar of the device's time zone: which day an instant falls on and where a day
/// starts: the day helpers of docs/specs/nutrition-day.md, "Days follow the device", on an
/// injected zone.
public struct NutritionCalendar: Sendable {
  /// The zone whose local getters the app reads.
  public let timeZone: TimeZone
  private let calendar: Calendar

  /// The Gregorian calendar in `timeZone`.
  public init(timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.timeZone = timeZone
    self.calendar = calendar
  }

  /// The local date of `instant`.
  public func day(of instant: Date) -> CalendarDay {
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    return CalendarDay(
      uncheckedYear: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  /// The first instant of `day`: local midnight, or the first time after it that exists when a
  /// daylight-saving change skips midnight.
  public func start(of day: CalendarDay) -> Date {
    time(hour: 0, on: day)
  }

  /// `hour`:00 local on `day`; when a daylight-saving change skips that hour, the first instant
  /// after the gap, and when it repeats it, the first of the two.
  public func time(hour: Int, on day: CalendarDay) -> Date {
    let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour)
    guard let instant = calendar.date(from: parts) else {
      // Only for dates Foundation cannot represent: the zone's offset at that UTC time.
      let utc = Date(timeIntervalSince1970: TimeInterval(day.daysSince1970 * 86_400 + hour * 3_600))
      return utc - TimeInterval(timeZone.secondsFromGMT(for: utc))
    }
    return instant
  }

  // MARK: Day starts and offsets

  /// `startOfDay`: the start of the local day `instant` falls on.
  public func startOfDay(_ instant: Date) -> Date {
    start(of: day(of: instant))
  }

  /// `dayOffsetFromToday`: whole calendar days from the day of `today` to the day of `instant`;
  /// -1 for yesterday, also when a daylight-saving change made a day 23 or 25 hours long.
  public func dayOffsetFromToday(_ instant: Date, today: Date) -> Int {
    day(of: instant).days(since: day(of: today))
  }

  /// `isEditableDay`: true when `instant` falls on today or within `editablePastDays` before it.
  public func isEditableDay(_ instant: Date, today: Date) -> Bool {
    NutritionLog.isEditableDay(day(of: instant), today: day(of: today))
  }

  /// `consumedAtFor`: noon local of the day `instant` falls on, as ISO 8601 with the local
  /// offset, when that day is an editable past day (yesterday); `nil` for today (the server uses
  /// the time of logging) and for any day outside the editable window.
  public func consumedAtFor(_ instant: Date, today: Date) -> String? {
    consumedAtFor(day(of: instant), today: day(of: today))
  }

  /// `consumedAtFor` for a calendar day; see `consumedAtFor(_:today:)`.
  public func consumedAtFor(_ day: CalendarDay, today: CalendarDay) -> String? {
    // NB: docs/specs/nutrition-day.md, "Which days can be edited": a meal for a read-only day is
    // logged to today, so only yesterday (the editable past) gets a time of its own.
    guard day < today, NutritionLog.isEditableDay(day, today: today) else { return nil }
    return localIsoTimestamp(time(hour: 12, on: day))
  }

  // MARK: Day keys and dates

  /// `dateKeyOf`: the store's key of the local day of `instant` (`2026-0-5`).
  public func dateKeyOf(_ instant: Date) -> DayKey {
    day(of: instant).dayKey
  }

  /// `localIsoDate`: the local day of `instant` as `YYYY-MM-DD`, the API's `date`.
  public func localIsoDate(_ instant: Date) -> String {
    day(of: instant).isoDate
  }

  /// `todayIsoDate`: today's `YYYY-MM-DD` at `now`.
  public func todayIsoDate(now: Date) -> String {
    localIsoDate(now)
  }

  /// `instant` as local ISO 8601 with the zone's offset at that instant, to the second:
  /// `2026-03-29T12:00:00+02:00`.
  public func localIsoTimestamp(_ instant: Date) -> String {
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: instant)
    let offset = timeZone.secondsFromGMT(for: instant)
    let sign = offset < 0 ? "-" : "+"
    let offsetMinutes = abs(offset) / 60
    let date =
      "\(zeroPadded(parts.year ?? 0, 4))-\(zeroPadded(parts.month ?? 0, 2))"
      + "-\(zeroPadded(parts.day ?? 0, 2))"
    let time =
      "\(zeroPadded(parts.hour ?? 0, 2)):\(zeroPadded(parts.minute ?? 0, 2))"
      + ":\(zeroPadded(parts.second ?? 0, 2))"
    return
      "\(date)T\(time)\(sign)\(zeroPadded(offsetMinutes / 60, 2)):\(zeroPadded(offsetMinutes % 60, 2))"
  }
}

extension NutritionCalendar: Equatable {
  public static func == (lhs: NutritionCalendar, rhs: NutritionCalendar) -> Bool {
    lhs.timeZone.identifier == rhs.timeZone.identifier
  }
}
