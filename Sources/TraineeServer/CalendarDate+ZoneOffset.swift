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
    let (year, month, day) = ISO8601Instant.civilDate(daysSince1970: Int64(days))
    return CalendarDate(year: Int(year), month: Int(month), day: Int(day))
      ?? CalendarDate(instant, in: zone)
  }
}
