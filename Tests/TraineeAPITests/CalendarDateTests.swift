import Foundation
import Testing

@testable import TraineeAPI

/// The one calendar date the server stores and NutritionLog calls `CalendarDay`: a real
/// Gregorian day, read and written exactly as `YYYY-MM-DD`.
struct CalendarDateTests {
  @Test(arguments: [
    (2026, 1, 5), (2024, 2, 29), (2000, 2, 29), (1, 1, 1), (9999, 12, 31), (2026, 4, 30),
  ])
  func realDaysAreDates(year: Int, month: Int, day: Int) throws {
    let date = try #require(CalendarDate(year: year, month: month, day: day))
    #expect((date.year, date.month, date.day) == (year, month, day))
  }

  @Test(arguments: [
    (2026, 2, 29), (1900, 2, 29), (2100, 2, 29), (2026, 4, 31), (2026, 1, 0), (2026, 1, 32),
    (2026, 0, 1), (2026, 13, 1), (0, 1, 1), (10_000, 1, 1), (-1, 1, 1),
  ])
  func daysThatDoNotExistAreRefused(year: Int, month: Int, day: Int) {
    #expect(CalendarDate(year: year, month: month, day: day) == nil)
  }

  @Test func leapYearsFollowTheGregorianRule() {
    #expect([2024, 2000, 1600, 4].allSatisfy(CalendarDate.isLeap))
    #expect(![2026, 1900, 2100, 1].contains(where: CalendarDate.isLeap))
    #expect(
      (1...12).map { CalendarDate.daysIn(month: $0, year: 2026) } == [
        31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
      ])
    #expect(CalendarDate.daysIn(month: 2, year: 2028) == 29)
  }

  @Test(arguments: ["2026-01-05", "2024-02-29", "0001-01-01", "9999-12-31", "1970-12-01"])
  func descriptionReadsBackAsWritten(_ text: String) throws {
    let date = try #require(CalendarDate(text))
    #expect(date.description == text)
    #expect(try CalendarDate.parse(isoDate: text) == date)
  }

  @Test(arguments: [
    (text: "2026-1-5", error: IsoDateError.notYYYYMMDD("2026-1-5")),
    (text: "", error: .notYYYYMMDD("")),
    (text: "2026/01/05", error: .notYYYYMMDD("2026/01/05")),
    (text: "2026-01-05 ", error: .notYYYYMMDD("2026-01-05 ")),
    (text: "2026-01-+5", error: .notYYYYMMDD("2026-01-+5")),
    (text: "２０２６-01-05", error: .notYYYYMMDD("２０２６-01-05")),
    (text: "2026-13-01", error: .monthOutOfRange("2026-13-01")),
    (text: "2026-00-10", error: .monthOutOfRange("2026-00-10")),
    (text: "2026-02-29", error: .dayOutOfRange("2026-02-29")),
    (text: "2026-04-31", error: .dayOutOfRange("2026-04-31")),
    (text: "0000-01-01", error: .yearOutOfRange("0000-01-01")),
  ])
  func anythingElseIsRefusedWithWhy(text: String, error: IsoDateError) {
    #expect(throws: error) { try CalendarDate.parse(isoDate: text) }
    #expect(CalendarDate(text) == nil)
  }

  @Test func errorsNameTheValue() {
    #expect(IsoDateError.notYYYYMMDD("x").message == #""x" is not a date written YYYY-MM-DD."#)
    #expect(IsoDateError.monthOutOfRange("x").message == #""x" has no month 01 to 12."#)
    #expect(IsoDateError.dayOutOfRange("x").message == #""x" is not a day of that month."#)
    #expect(IsoDateError.yearOutOfRange("x").message == #""x" has no year 0001 to 9999."#)
  }

  @Test func codableAsTheIsoString() throws {
    let date = try #require(CalendarDate(year: 2026, month: 1, day: 5))
    let encoded = try JSONEncoder().encode(["date": date])
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"date":"2026-01-05"}"#)
    #expect(try JSONDecoder().decode([String: CalendarDate].self, from: encoded) == ["date": date])
    do {
      _ = try JSONDecoder().decode([CalendarDate].self, from: Data(#"["2026-02-30"]"#.utf8))
      Issue.record("2026-02-30 decoded")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription == #""2026-02-30" is not a day of that month."#)
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([CalendarDate].self, from: Data("[20260105]".utf8))
    }
  }

  @Test func datesOrderByYearThenMonthThenDay() throws {
    let texts = ["2026-01-05", "2025-12-31", "2026-01-04", "2026-02-01", "0001-01-01"]
    let dates = try texts.map { try #require(CalendarDate($0)) }
    #expect(
      dates.sorted().map(\.description) == [
        "0001-01-01", "2025-12-31", "2026-01-04", "2026-01-05", "2026-02-01",
      ])
    #expect(Set(dates + dates).count == dates.count)
  }

  @Test func anInstantFallsOnItsDayInTheZone() throws {
    // 2026-01-05T23:30:00Z: still the 5th in UTC, already the 6th in Berlin, the 5th in New York.
    let instant = Date(timeIntervalSince1970: 1_767_655_800)
    let day = { (zone: String) in CalendarDate(instant, in: TimeZone(identifier: zone)!) }
    #expect(day("UTC").description == "2026-01-05")
    #expect(day("Europe/Berlin").description == "2026-01-06")
    #expect(day("America/New_York").description == "2026-01-05")
  }
}
