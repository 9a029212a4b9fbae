import Foundation

// NB: docs/decisions.md "One ISO 8601 and milliseconds helper": every ISO 8601 time the package
// reads or writes goes through here, so each format is written once. The server reads times
// sent by clients with its stricter RFC 3339 reader (TraineeServer, RFC3339Instant.swift).

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
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
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
