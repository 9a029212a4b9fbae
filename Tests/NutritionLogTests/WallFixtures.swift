import Foundation

@testable import NutritionLog

/// Wall-clock instants, calendar days and zones for the day and time-zone tests.
enum Wall {
  static let berlin = calendar("Europe/Berlin")
  static let newYork = calendar("America/New_York")
  static let utc = calendar("UTC")

  /// The calendar of an IANA zone the tests rely on.
  static func calendar(_ identifier: String) -> NutritionCalendar {
    NutritionCalendar(timeZone: TimeZone(identifier: identifier)!)
  }

  /// An instant written ISO 8601: `2026-03-29T01:30:00Z`, `2026-03-29T05:00:00+02:00`, or with
  /// milliseconds, `2026-03-28T23:00:00.250Z` (whole seconds plus the milliseconds, the way the
  /// code under test adds them).
  static func at(_ text: String) -> Date {
    guard let dot = text.firstIndex(of: ".") else { return try! Date(text, strategy: .iso8601) }
    let digits = text[text.index(after: dot)...].prefix(while: \.isNumber)
    let whole = String(text[..<dot]) + text[digits.endIndex...]
    return try! Date(whole, strategy: .iso8601) + TimeInterval(Int(digits)!) / 1000
  }

  /// A day written `YYYY-MM-DD`.
  static func day(_ isoDate: String) -> CalendarDay {
    try! CalendarDay.parse(isoDate: isoDate)
  }
}
