import Foundation

// NB: docs/architecture.md, "One owner per fact". A day of the wall calendar is written
// `YYYY-MM-DD` on the wire, in the server's database and in the nutrition day API; this one value
// is what the server stores and what NutritionLog calls `CalendarDay` (adding its store key and day
// arithmetic).

/// A date on the proleptic Gregorian calendar: year (1 to 9999), month (1 to 12) and day of the
/// month, written `YYYY-MM-DD`.
public struct CalendarDate: Hashable, Comparable, Sendable {
  public let year: Int
  /// 1 for January to 12 for December, as in `YYYY-MM-DD`.
  public let month: Int
  public let day: Int

  /// The date, or `nil` when the month is not 1 to 12, the day is not in that month (such as
  /// 2026-02-29), or the year is not 1 to 9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.init(uncheckedYear: year, month: month, day: day)
  }

  /// The date from parts already known to name a day (Foundation's, or day arithmetic's).
  package init(uncheckedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `instant` falls on in `timeZone`.
  public init(_ instant: Date, in timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    self.init(uncheckedYear: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// The number of days of `month` (1 to 12) in `year`: 28 to 31.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// True for a Gregorian leap year: divisible by 4, and by 400 when divisible by 100.
  public static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }
}

// MARK: - `YYYY-MM-DD`

extension CalendarDate: LosslessStringConvertible {
  /// Reads exactly `YYYY-MM-DD`; `nil` for any other text or a day that does not exist.
  public init?(_ description: String) {
    guard let date = try? CalendarDate.parse(isoDate: description) else { return nil }
    self = date
  }

  /// The date as `YYYY-MM-DD` (`2026-01-05`).
  public var description: String {
    "\(zeroPadded(year, 4))-\(zeroPadded(month, 2))-\(zeroPadded(day, 2))"
  }
}

// MARK: - Codable, as `YYYY-MM-DD`

extension CalendarDate: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try CalendarDate.parse(isoDate: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
