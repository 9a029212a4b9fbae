import Foundation

// NB: docs/decisions/wire-types-shared-by-the-app-and-the-server.md "One ISO 8601 and milliseconds
// helper": every ISO 8601 time the package reads or writes goes through here, so each format is
// written once. The server reads times sent by clients with its stricter RFC 3339 reader
// (TraineeServer, RFC3339Instant.swift).

/// ISO 8601 times as the package reads and writes them.
public enum ISO8601Instant {
  /// Reads `2026-01-05T10:00:00Z`, with or without fractional seconds or an offset.
  public static func date(from text: String) -> Date? {
    if let date = ISO8601DateFormatter().date(from: text) { return date }
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return fractional.date(from: text)
  }

  /// `2026-01-05T12:00:00.000Z`: UTC, always with milliseconds (the server's answers and logs).
  public static func textWithMilliseconds(_ date: Date) -> String {
    if let text = wholeMillisecondsText(date) { return text }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
  // answers, group commit and paged history", "the first read after a write": making an
  // `ISO8601DateFormatter` costs tens of microseconds on Linux, and a history page wrote 50 times;
  // a time of whole milliseconds in years 1583 to 9999 (every time the server stores) is written by
  // arithmetic on the Gregorian calendar instead, the same text (a test compares them). Anything
  // else goes to the formatter (which counts days before the Gregorian reform of 1582 by the Julian
  // calendar).

  /// `textWithMilliseconds(date)` by arithmetic, or `nil` when `date` is not a whole number of
  /// milliseconds in years 1583 to 9999.
  static func wholeMillisecondsText(_ date: Date) -> String? {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite, abs(seconds) < 253_402_300_800 else { return nil }
    let milliseconds = date.milliseconds
    guard Date(milliseconds: milliseconds) == date else { return nil }
    let (days, millisecondOfDay) = milliseconds.floorDividedBy(86_400_000)
    let (year, month, day) = civilDate(daysSince1970: days)
    guard (1583...9999).contains(year) else { return nil }
    // NB: written digit by digit into the string's own 24 bytes: building it from `String(value)`
    // pieces made fifteen small strings a time, half of a history page's build.
    return String(unsafeUninitializedCapacity: 24) { text in
      func put(_ value: Int64, digits: Int, at offset: Int) {
        var rest = value
        for index in (offset..<offset + digits).reversed() {
          text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
      }
      put(year, digits: 4, at: 0)
      text[4] = UInt8(ascii: "-")
      put(month, digits: 2, at: 5)
      text[7] = UInt8(ascii: "-")
      put(day, digits: 2, at: 8)
      text[10] = UInt8(ascii: "T")
      put(millisecondOfDay / 3_600_000, digits: 2, at: 11)
      text[13] = UInt8(ascii: ":")
      put(millisecondOfDay / 60_000 % 60, digits: 2, at: 14)
      text[16] = UInt8(ascii: ":")
      put(millisecondOfDay / 1000 % 60, digits: 2, at: 17)
      text[19] = UInt8(ascii: ".")
      put(millisecondOfDay % 1000, digits: 3, at: 20)
      text[23] = UInt8(ascii: "Z")
      return 24
    }
  }

  /// The proleptic Gregorian year, month and day `days` days after 1970-01-01 (H. Hinnant's
  /// "civil from days": eras of 400 years, years starting on 1 March).
  package static func civilDate(
    daysSince1970 days: Int64
  ) -> (
    year: Int64, month: Int64, day: Int64
  ) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `2026-01-05T10:01:30Z`, with milliseconds only when its whole milliseconds have any
  /// (`2026-01-05T10:01:30.250Z`): replay documents.
  public static func text(_ date: Date) -> String {
    date.milliseconds % 1000 == 0 ? plainText(date) : textWithMilliseconds(date)
  }

  /// `20260105T100130`: UTC, no separators, for file names.
  public static func compactText(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime]
    return formatter.string(from: date)
  }

  private static func plainText(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date)
  }
}

extension Int64 {
  /// The quotient rounded down and the remainder, never negative, of `self` by `divisor` (> 0).
  fileprivate func floorDividedBy(_ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let remainder = self % divisor
    return remainder < 0
      ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
  }
}
