import Foundation

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units",
// dates: every date the app writes goes through here, in the language's words laid out as the
// region writes them (`en_GB`: `Fri 4 Dec 2026`; `en_US`: `Fri, Dec 4, 2026`), from CLDR templates,
// never a fixed pattern. Without a region the language's own default applies.

extension AppText {
  /// The locale dates are written in: the language with the region, when there is one.
  public var dateLocale: Locale {
    Locale(identifier: region.map { "\(language.rawValue)_\($0)" } ?? language.rawValue)
  }

  /// `date` as this language writes a day: `Tuesday, December 1` (en_US), `Tuesday 1 December`
  /// (en_GB), `Dienstag, 1. Dezember`.
  public func day(_ date: Date, timeZone: TimeZone) -> String {
    date.formatted(template: "EEEEdMMMM", locale: dateLocale, timeZone: timeZone)
  }

  /// A calendar day with its weekday and year, as the nutrition tab names a day: `Fri 4 Dec 2026`
  /// (en_GB), `Fr., 4. Dez. 2026`.
  public func calendarDay(year: Int, month: Int, day: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    guard
      let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
    else { return "\(year)-\(month)-\(day)" }
    return noon.formatted(template: "EEEdMMMyyyy", locale: dateLocale, timeZone: calendar.timeZone)
  }

  /// A date on its own: `Nov 30, 2026` (en_US), `30 Nov 2026` (en_GB), `30.11.2026` (de).
  public func date(_ date: Date, timeZone: TimeZone) -> String {
    date.formatted(template: "yMMMd", locale: dateLocale, timeZone: timeZone)
  }

  /// A date in a column of dates, all as wide: `11/30/2026` (en_US), `30.11.2026`.
  public func shortDate(_ date: Date, timeZone: TimeZone) -> String {
    date.formatted(template: "yyyyMMdd", locale: dateLocale, timeZone: timeZone)
  }

  /// A date with its time: `Nov 30, 2026, 7:06 AM` (en_US), `30. Nov. 2026, 07:06`.
  public func dateAndTime(_ date: Date, timeZone: TimeZone) -> String {
    date.formatted(template: "yMMMdjmm", locale: dateLocale, timeZone: timeZone)
  }

  /// A time of day on its own: `7:00 PM` (en_US), `19:00` (en_GB, de).
  public func time(_ date: Date, timeZone: TimeZone) -> String {
    date.formatted(template: "jmm", locale: dateLocale, timeZone: timeZone)
  }

  /// A time today (`10:32`, `10:32 AM`) or on an earlier day (`30 Nov, 10:32`).
  public func timeOrDay(_ date: Date, now: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let template = calendar.isDate(date, inSameDayAs: now) ? "jmm" : "dMMMjmm"
    return date.formatted(template: template, locale: dateLocale, timeZone: timeZone)
  }
}

extension Date {
  /// This date written from a CLDR `template` in `locale` and `timeZone`.
  fileprivate func formatted(template: String, locale: Locale, timeZone: TimeZone) -> String {
    let formatter = DateFormatter()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    formatter.locale = locale
    formatter.calendar = calendar
    formatter.timeZone = timeZone
    formatter.setLocalizedDateFormatFromTemplate(template)
    return formatter.string(from: self)
  }
}
