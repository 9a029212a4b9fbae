import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Days follow the device". A day of the nutrition log is a
// date on the wall calendar, not an instant: it is written two ways, the store's key
// (`2026-0-5`, see DayKey) and the API's `YYYY-MM-DD`, and both come from this one value so the
// two are never built from each other by hand. Arithmetic on it needs no time zone, so a day
// never shifts when the device's zone changes. The value itself (validation, `YYYY-MM-DD`
// parsing and Codable) is TraineeAPI's `CalendarDate`, the one the server stores.

/// A date on the proleptic Gregorian calendar: year, month (1 to 12) and day of the month.
public typealias CalendarDay = CalendarDate

/// Why a `YYYY-MM-DD` date was refused.
public typealias IsoDateError = TraineeAPI.IsoDateError

extension CalendarDay {
  /// The day as `YYYY-MM-DD` (`2026-01-05`): the `date` of the nutrition day API.
  public var isoDate: String { description }

  /// The day written `YYYY-MM-DD`, or `nil` when `text` is anything else.
  public init?(isoDate text: String) {
    guard let day = try? CalendarDay.parse(isoDate: text) else { return nil }
    self = day
  }

  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int) -> CalendarDay {
    CalendarDay(daysSince1970: daysSince1970 + count)
  }

  /// Whole days from `other` to this day: 1 when this day is the day after `other`.
  public func days(since other: CalendarDay) -> Int {
    daysSince1970 - other.daysSince1970
  }
}

// MARK: - Day numbers

extension CalendarDay {
  // NB: the civil-date conversions of Howard Hinnant's "chrono-Compatible Low-Level Date
  // Algorithms"; exact for every Gregorian date, no Calendar or time zone involved.

  /// Days from 1 January 1970 to this day.
  var daysSince1970: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day `days` days after 1 January 1970.
  init(daysSince1970 days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    self.init(
      uncheckedYear: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
  }
}
