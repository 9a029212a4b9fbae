import Foundation

// NB: docs/specs/nutrition-day.md, "Days follow the device": arithmetic on a calendar date needs
// no time zone, so a day never shifts when a zone changes. The conversions are Howard Hinnant's
// "chrono-Compatible Low-Level Date Algorithms"; exact for every Gregorian date, no Calendar
// involved. The nutrition log and the coach's roster count days with them.

extension CalendarDate {
  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int) -> CalendarDate {
    CalendarDate(daysSince1970: daysSince1970 + count)
  }

  /// Whole days from `other` to this day: 1 when this day is the day after `other`.
  public func days(since other: CalendarDate) -> Int {
    daysSince1970 - other.daysSince1970
  }

  /// The day of the week, ISO 8601's numbering: 1 for Monday to 7 for Sunday.
  public var isoWeekday: Int {
    // 1 January 1970 was a Thursday (4).
    let shifted = (daysSince1970 + 3) % 7
    return (shifted < 0 ? shifted + 7 : shifted) + 1
  }

  /// Days from 1 January 1970 to this day.
  package var daysSince1970: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day `days` days after 1 January 1970.
  package init(daysSince1970 days: Int) {
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
