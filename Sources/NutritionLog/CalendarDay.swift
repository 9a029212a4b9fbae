import Foundation

// NB: spec nutrition-day-log.md "Device day keys and time zone". A day of the nutrition log is a
// date on the wall calendar, not an instant: it is written two ways, the store's key
// (`2026-0-5`, see DayKey) and the API's `YYYY-MM-DD`, and both come from this one value so the
// two are never built from each other by hand. Arithmetic on it needs no time zone, so a day
// never shifts when the device's zone changes.

/// A date on the proleptic Gregorian calendar: year, month (1 to 12) and day of the month.
public struct CalendarDay: Hashable, Comparable, Sendable {
  public let year: Int
  /// 1 for January to 12 for December, as in `YYYY-MM-DD` (the store's key is zero-based).
  public let month: Int
  public let day: Int

  /// The day, or `nil` when the month is not 1 to 12, the day is not in that month, or the year
  /// is not 1 to 9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CalendarDay.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.init(uncheckedYear: year, month: month, day: day)
  }

  init(uncheckedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day as `YYYY-MM-DD` (`2026-01-05`): the `date` of the nutrition day API.
  public var isoDate: String {
    "\(zeroPadded(year, 4))-\(zeroPadded(month, 2))-\(zeroPadded(day, 2))"
  }

  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int) -> CalendarDay {
    CalendarDay(daysSince1970: daysSince1970 + count)
  }

  /// Whole days from `other` to this day: 1 when this day is the day after `other`.
  public func days(since other: CalendarDay) -> Int {
    daysSince1970 - other.daysSince1970
  }

  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// 28 to 31.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
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

// MARK: - Parsing `YYYY-MM-DD`

/// Why a `YYYY-MM-DD` date was refused.
public enum IsoDateError: Error, Equatable, Sendable {
  /// Not four digits, a dash, two digits, a dash and two digits.
  case notYYYYMMDD(String)
  /// The month is not 01 to 12.
  case monthOutOfRange(String)
  /// The day is not in that month (`2026-02-29`, `2026-04-31`, `2026-01-00`).
  case dayOutOfRange(String)
  /// The year is 0000.
  case yearOutOfRange(String)

  /// A sentence naming the value and what is wrong with it.
  public var message: String {
    switch self {
    case .notYYYYMMDD(let text): "\"\(text)\" is not a date written YYYY-MM-DD."
    case .monthOutOfRange(let text): "\"\(text)\" has no month 01 to 12."
    case .dayOutOfRange(let text): "\"\(text)\" is not a day of that month."
    case .yearOutOfRange(let text): "\"\(text)\" has no year 0001 to 9999."
    }
  }
}

extension CalendarDay {
  /// Reads exactly `YYYY-MM-DD` (ASCII digits, zero-padded), the format of the API's `date`.
  public static func parse(isoDate text: String) throws(IsoDateError) -> CalendarDay {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = asciiDecimal(bytes[0..<4]), let month = asciiDecimal(bytes[5..<7]),
      let day = asciiDecimal(bytes[8..<10])
    else { throw .notYYYYMMDD(text) }
    guard year >= 1 else { throw .yearOutOfRange(text) }
    guard (1...12).contains(month) else { throw .monthOutOfRange(text) }
    guard let parsed = CalendarDay(year: year, month: month, day: day) else {
      throw .dayOutOfRange(text)
    }
    return parsed
  }

  /// The day written `YYYY-MM-DD`, or `nil` when `text` is anything else.
  public init?(isoDate text: String) {
    guard let day = try? CalendarDay.parse(isoDate: text) else { return nil }
    self = day
  }
}

/// The number written by `digits`, when there are 1 to 9 of them and every one is ASCII.
func asciiDecimal(_ digits: ArraySlice<UInt8>) -> Int? {
  guard (1...9).contains(digits.count) else { return nil }
  var value = 0
  for byte in digits {
    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
    value = value * 10 + Int(byte - UInt8(ascii: "0"))
  }
  return value
}

/// `value` in decimal with leading zeros up to `width` digits.
func zeroPadded(_ value: Int, _ width: Int) -> String {
  if value < 0 { return "-" + zeroPadded(-value, width) }
  let digits = String(value)
  return digits.count >= width
    ? digits
    : String(repeating: "0", count: width - digits.count)
      + digits
}

// MARK: - Codable, as `YYYY-MM-DD`

extension CalendarDay: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try CalendarDay.parse(isoDate: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(isoDate)
  }
}

extension CalendarDay: CustomStringConvertible {
  /// The `YYYY-MM-DD` form, for messages and test names.
  public var description: String { isoDate }
}
