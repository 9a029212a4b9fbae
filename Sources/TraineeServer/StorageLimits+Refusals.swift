import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: the HTTP answer to a limit passed is the service's; the limits themselves are the store's
// (docs/architecture.md, "The server in layers").

extension StorageLimits {
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
