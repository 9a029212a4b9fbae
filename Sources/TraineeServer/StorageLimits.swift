import Foundation
import HTTPServer
import TraineeAPI

// NB: one trainee cannot slow another, nor fill the disk: what a trainee stores is bounded, far
// above what the app ever sends and far below what would make one trainee's reads slow for the
// workers they share. The request body limit (1 MiB) bounds one request; these bound what is
// kept. Each refusal names the limit (413 for a document too large, 422 for a count or a date
// out of range), and nothing is stored.

/// What one trainee may store.
public enum StorageLimits {
  /// The largest workout log kept, as stored (JSON): a 60-exercise, 10-set log is about 40 KiB.
  public static let logBytes = 256 * 1024
  /// The largest nutrition day snapshot kept: a full day with portions is a few KiB.
  public static let dayBytes = 256 * 1024
  /// The largest `items` of one meal log kept.
  public static let mealLogItemsBytes = 64 * 1024
  /// The most meal logs one date keeps.
  public static let mealLogsPerDate = 50
  /// How far back a nutrition day or a meal log may be dated, in days before today (two years).
  public static let oldestDateDays = 730

  /// Throws 413 `too_large` when `bytes` is more than `limit`, naming `what`.
  static func check(_ bytes: Int, atMost limit: Int, _ what: String) throws(HTTPError) {
    guard bytes > limit else { return }
    throw HTTPError(
      .contentTooLarge, code: "too_large",
      message: "\(what) is \(bytes) bytes; at most \(limit) are kept.")
  }

  /// Throws 422 `date_out_of_range` when `date` is more than `oldestDateDays` before `today`.
  static func checkNotTooOld(
    _ date: CalendarDate, today: CalendarDate, field: String
  ) throws(HTTPError) {
    let oldest = CalendarDate(
      Calendar.gregorianUTC.date(
        byAdding: .day, value: -oldestDateDays, to: today.startInUTC) ?? today.startInUTC,
      in: .gmt)
    guard date < oldest else { return }
    throw HTTPError(
      .unprocessableContent, code: "date_out_of_range",
      message: "\(field) \(date) is more than \(oldestDateDays) days before today (\(today)).")
  }
}

extension Calendar {
  /// The Gregorian calendar in UTC.
  fileprivate static var gregorianUTC: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar
  }
}

extension CalendarDate {
  /// Midnight UTC at the start of this date.
  fileprivate var startInUTC: Date {
    Calendar.gregorianUTC.date(from: DateComponents(year: year, month: month, day: day))
      ?? Date(timeIntervalSince1970: 0)
  }
}
