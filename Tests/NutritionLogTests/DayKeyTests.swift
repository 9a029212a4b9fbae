import Foundation
import Testing
import TraineeAPI

@testable import NutritionLog

/// An instant in a zone and the two ways its local day is written.
struct DayKeyCase: Sendable, CustomTestStringConvertible {
  var instant: String
  var zone: String
  var dateKey: String
  var isoDate: String

  var testDescription: String { "\(instant) in \(zone) is \(dateKey) / \(isoDate)" }
}

/// A string and what reading it as an ISO date gives.
struct IsoDateCase: Sendable, CustomTestStringConvertible {
  var text: String
  var result: Result<CalendarDay, IsoDateError>

  var testDescription: String { "\"\(text)\"" }
}

/// `dateKeyOf`, `eatenKey`, `aiKey` and the `YYYY-MM-DD` date, byte for byte.
struct DayKeyTests {
  static let keyCases = [
    DayKeyCase(
      instant: "2026-01-05T11:00:00Z", zone: "Europe/Berlin", dateKey: "2026-0-5",
      isoDate: "2026-01-05"),
    DayKeyCase(
      instant: "2026-01-01T00:00:00+01:00", zone: "Europe/Berlin", dateKey: "2026-0-1",
      isoDate: "2026-01-01"),
    DayKeyCase(
      instant: "2026-12-31T12:00:00Z", zone: "Europe/Berlin", dateKey: "2026-11-31",
      isoDate: "2026-12-31"),
    DayKeyCase(
      instant: "2026-09-09T12:00:00Z", zone: "UTC", dateKey: "2026-8-9", isoDate: "2026-09-09"),
    DayKeyCase(
      instant: "2026-10-31T12:00:00Z", zone: "UTC", dateKey: "2026-9-31", isoDate: "2026-10-31"),
    DayKeyCase(
      instant: "2026-11-01T00:00:00Z", zone: "UTC", dateKey: "2026-10-1", isoDate: "2026-11-01"),
    DayKeyCase(
      instant: "2028-02-29T12:00:00Z", zone: "UTC", dateKey: "2028-1-29", isoDate: "2028-02-29"),
    // New Year happens in Berlin first: one instant, two years.
    DayKeyCase(
      instant: "2026-12-31T23:30:00Z", zone: "Europe/Berlin", dateKey: "2027-0-1",
      isoDate: "2027-01-01"),
    DayKeyCase(
      instant: "2026-12-31T23:30:00Z", zone: "America/New_York", dateKey: "2026-11-31",
      isoDate: "2026-12-31"),
    DayKeyCase(
      instant: "2027-01-01T04:59:59Z", zone: "America/New_York", dateKey: "2026-11-31",
      isoDate: "2026-12-31"),
    DayKeyCase(
      instant: "2027-01-01T05:00:00Z", zone: "America/New_York", dateKey: "2027-0-1",
      isoDate: "2027-01-01"),
    // 01:30 on the night Berlin springs forward.
    DayKeyCase(
      instant: "2026-03-29T00:30:00Z", zone: "Europe/Berlin", dateKey: "2026-2-29",
      isoDate: "2026-03-29"),
  ]

  @Test(arguments: keyCases)
  func dateKeyIsZeroBasedAndUnpaddedWhileIsoDateIsPadded(_ row: DayKeyCase) {
    let calendar = Wall.calendar(row.zone)
    let instant = Wall.at(row.instant)
    #expect(calendar.dateKeyOf(instant).rawValue == row.dateKey)
    #expect(calendar.localIsoDate(instant) == row.isoDate)
    #expect(calendar.todayIsoDate(now: instant) == row.isoDate)
    #expect(DayKey(rawValue: row.dateKey)?.calendarDay == CalendarDay(isoDate: row.isoDate))
  }

  @Test func entryKeysJoinTheDayKeyAndTheIdWithTwoUnderscores() {
    let key = Wall.berlin.dateKeyOf(Wall.at("2026-01-05T11:00:00Z"))
    #expect(eatenKey(key, "it1") == "2026-0-5__it1")
    #expect(aiKey(key, "m1") == "2026-0-5__m1")
    #expect(eatenKey(Wall.day("2026-12-31").dayKey, "it_9") == "2026-11-31__it_9")
    #expect(key.entryPrefix == "2026-0-5__")
  }

  @Test func aDayOwnsOnlyItsOwnEntries() {
    let first = Wall.day("2026-01-01").dayKey
    #expect(first.owns(entryKey: "2026-0-1__it1"))
    #expect(!first.owns(entryKey: "2026-0-10__it1"))
    #expect(!first.owns(entryKey: "2026-0-11__it1"))
    #expect(!first.owns(entryKey: "2026-0-1"))
    #expect(DayKey(entryKey: "2026-0-10__it__with__underscores") == Wall.day("2026-01-10").dayKey)
    #expect(DayKey(entryKey: "2026-01-10__it1") == nil)
    #expect(DayKey(entryKey: "no-separator") == nil)
  }

  static let validDayKeys = ["2026-0-5", "2026-11-31", "2028-1-29", "999-0-1", "2026-9-30"]

  @Test(arguments: validDayKeys)
  func dayKeysTheAppWritesAreRead(_ text: String) {
    #expect(DayKey(rawValue: text)?.calendarDay.dayKey.rawValue == text)
  }

  static let invalidDayKeys = [
    "", "2026-0", "2026-0-5-1", "2026-01-05", "2026-0-05", "02026-0-5", "2026-12-1", "2026-1-29",
    "2026-3-31", "2026-0-0", "2026-0-32", "-2026-0-5", "2026--0-5", "2026-0-5 ", "2026-0-5__x",
    "2026-a-5", "0-0-1", "99999999999999999999-0-1",
  ]

  @Test(arguments: invalidDayKeys)
  func anythingElseIsNotADayKey(_ text: String) {
    #expect(DayKey(rawValue: text) == nil)
  }

  static let isoDateCases = [
    IsoDateCase(text: "2026-01-05", result: .success(CalendarDay(year: 2026, month: 1, day: 5)!)),
    IsoDateCase(text: "2028-02-29", result: .success(CalendarDay(year: 2028, month: 2, day: 29)!)),
    IsoDateCase(text: "0001-01-01", result: .success(CalendarDay(year: 1, month: 1, day: 1)!)),
    IsoDateCase(
      text: "9999-12-31", result: .success(CalendarDay(year: 9999, month: 12, day: 31)!)),
    IsoDateCase(text: "2026-1-5", result: .failure(.notYYYYMMDD("2026-1-5"))),
    IsoDateCase(text: "2026-0-5", result: .failure(.notYYYYMMDD("2026-0-5"))),
    IsoDateCase(text: "2026/01/05", result: .failure(.notYYYYMMDD("2026/01/05"))),
    IsoDateCase(text: "", result: .failure(.notYYYYMMDD(""))),
    IsoDateCase(text: " 2026-01-05", result: .failure(.notYYYYMMDD(" 2026-01-05"))),
    IsoDateCase(text: "2026-01-+5", result: .failure(.notYYYYMMDD("2026-01-+5"))),
    IsoDateCase(
      text: "2026-01-05T00:00:00Z", result: .failure(.notYYYYMMDD("2026-01-05T00:00:00Z"))),
    IsoDateCase(text: "２０２６-01-05", result: .failure(.notYYYYMMDD("２０２６-01-05"))),
    IsoDateCase(text: "2026-13-01", result: .failure(.monthOutOfRange("2026-13-01"))),
    IsoDateCase(text: "2026-00-10", result: .failure(.monthOutOfRange("2026-00-10"))),
    IsoDateCase(text: "2026-02-29", result: .failure(.dayOutOfRange("2026-02-29"))),
    IsoDateCase(text: "2100-02-29", result: .failure(.dayOutOfRange("2100-02-29"))),
    IsoDateCase(text: "2026-04-31", result: .failure(.dayOutOfRange("2026-04-31"))),
    IsoDateCase(text: "2026-01-00", result: .failure(.dayOutOfRange("2026-01-00"))),
    IsoDateCase(text: "0000-01-01", result: .failure(.yearOutOfRange("0000-01-01"))),
  ]

  @Test(arguments: isoDateCases)
  func isoDatesAreReadStrictly(_ row: IsoDateCase) {
    #expect(
      Result { () throws(IsoDateError) in try CalendarDay.parse(isoDate: row.text) } == row.result)
    #expect(CalendarDay(isoDate: row.text) == (try? row.result.get()))
  }

  @Test func daysEncodeAsIsoDatesAndDayKeysAsThemselves() throws {
    let day = Wall.day("2026-01-05")
    let encoded = try JSONEncoder().encode(["day": day])
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"day":"2026-01-05"}"#)
    #expect(try JSONDecoder().decode([String: CalendarDay].self, from: encoded) == ["day": day])
    let key = try JSONEncoder().encode([day.dayKey])
    #expect(String(decoding: key, as: UTF8.self) == #"["2026-0-5"]"#)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2026-0-5"]"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([DayKey].self, from: Data(#"["2026-01-05"]"#.utf8))
    }
  }

  @Test func dayArithmeticAgreesWithFoundationFrom1900To2100() {
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(identifier: "UTC")!
    let first = Wall.day("1900-01-01")
    var mismatches: [String] = []
    for offset in 0..<73_049 {
      let day = first.adding(days: offset)
      let parts = utc.dateComponents(
        [.year, .month, .day],
        from: Date(timeIntervalSince1970: TimeInterval(day.daysSince1970) * 86_400))
      if (parts.year, parts.month, parts.day) != (day.year, day.month, day.day)
        || day.days(since: first) != offset
      {
        mismatches.append(day.isoDate)
      }
    }
    #expect(mismatches == [])
    #expect(first.adding(days: 73_048) == Wall.day("2099-12-31"))
    #expect(Wall.day("2026-03-01").adding(days: -1) == Wall.day("2026-02-28"))
    #expect(Wall.day("2028-03-01").adding(days: -1) == Wall.day("2028-02-29"))
  }
}
