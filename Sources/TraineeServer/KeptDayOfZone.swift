import Foundation
import TraineeAPI

// NB: the key of a kept `/home` names the trainee's today in the request's zone, worked out on
// every request: `CalendarDate(_:in:)` builds a Calendar and asks it for components, which a
// profile of kept answers showed at 2.6 % of the server's time. The zone's offset at the instant
// and the day count's civil date give the same date for the Gregorian calendar, as the table test
// checks across zones and their daylight-saving changes.

extension CalendarDate {
  /// The date of `instant` in `zone`, as `CalendarDate(instant, in: zone)` gives it, worked out
  /// from the zone's offset at that instant.
  static func of(_ instant: Date, in zone: TimeZone) -> CalendarDate {
    let seconds =
      Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    // Days since 1970-01-01 to the proleptic Gregorian year, month and day (the "civil from
    // days" algorithm: eras of 400 years, years starting on 1 March).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return CalendarDate(year: year, month: month, day: day) ?? CalendarDate(instant, in: zone)
  }
}
