import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Days follow the device". A day of the nutrition log is a
// date on the wall calendar, not an instant: it is written two ways, the store's key
// (`2026-0-5`, see DayKey) and the API's `YYYY-MM-DD`, and both come from this one value so the
// two are never built from each other by hand. Arithmetic on it needs no time zone, so a day
// never shifts when the device's zone changes. The value itself (validation, `YYYY-MM-DD`
// parsing, Codable and the day arithmetic) is TraineeAPI's `CalendarDate`, the one the server
// stores.

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
}
