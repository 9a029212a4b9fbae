import Foundation
import Testing

@testable import NutritionLog

/// Where a local day starts, has its 05:00 and noon, and ends, and how long it is.
struct DayShape: Equatable, Sendable, CustomTestStringConvertible {
  var start: Date
  var rollover: Date
  var noon: Date
  var end: Date
  var hours: Double

  var testDescription: String { "\(start)…\(end) (\(hours) h)" }
}

/// A day of a zone and its expected shape, written as UTC instants.
struct DayShapeCase: Sendable, CustomTestStringConvertible {
  var zone: String
  var day: String
  var shape: DayShape

  var testDescription: String { "\(day) in \(zone)" }

  init(
    _ zone: String, _ day: String, start: String, rollover: String, noon: String, end: String,
    hours: Double
  ) {
    self.zone = zone
    self.day = day
    shape = DayShape(
      start: Wall.at(start), rollover: Wall.at(rollover), noon: Wall.at(noon), end: Wall.at(end),
      hours: hours)
  }
}

/// A day, the day that is today, and what `consumedAtFor` gives.
struct ConsumedAtCase: Sendable, CustomTestStringConvertible {
  var zone: String
  var day: String
  var today: String
  var consumedAt: String?

  var testDescription: String { "\(day) with today \(today) in \(zone)" }
}

/// Two instants and the whole calendar days between their local dates.
struct DayOffsetCase: Sendable, CustomTestStringConvertible {
  var zone: String
  var instant: String
  var today: String
  var offset: Int

  var testDescription: String { "\(instant) seen at \(today) in \(zone)" }
}

/// Day boundaries, `startOfDay`, `dayOffsetFromToday` and `consumedAtFor` on the injected zone,
/// across daylight-saving changes.
struct NutritionCalendarTests {
  static let shapes = [
    DayShapeCase(
      "Europe/Berlin", "2026-01-05", start: "2026-01-04T23:00:00Z",
      rollover: "2026-01-05T04:00:00Z", noon: "2026-01-05T11:00:00Z",
      end: "2026-01-05T23:00:00Z", hours: 24),
    // Last Sunday of March: 02:00 CET becomes 03:00 CEST.
    DayShapeCase(
      "Europe/Berlin", "2026-03-29", start: "2026-03-28T23:00:00Z",
      rollover: "2026-03-29T03:00:00Z", noon: "2026-03-29T10:00:00Z",
      end: "2026-03-29T22:00:00Z", hours: 23),
    // Last Sunday of October: 03:00 CEST becomes 02:00 CET.
    DayShapeCase(
      "Europe/Berlin", "2026-10-25", start: "2026-10-24T22:00:00Z",
      rollover: "2026-10-25T04:00:00Z", noon: "2026-10-25T11:00:00Z",
      end: "2026-10-25T23:00:00Z", hours: 25),
    // Second Sunday of March: 02:00 EST becomes 03:00 EDT.
    DayShapeCase(
      "America/New_York", "2026-03-08", start: "2026-03-08T05:00:00Z",
      rollover: "2026-03-08T09:00:00Z", noon: "2026-03-08T16:00:00Z",
      end: "2026-03-09T04:00:00Z", hours: 23),
    // First Sunday of November: 02:00 EDT becomes 01:00 EST.
    DayShapeCase(
      "America/New_York", "2026-11-01", start: "2026-11-01T04:00:00Z",
      rollover: "2026-11-01T10:00:00Z", noon: "2026-11-01T17:00:00Z",
      end: "2026-11-02T05:00:00Z", hours: 25),
  ]

  @Test(arguments: shapes)
  func midnightFiveAndNoonAreLocalOnEveryKindOfDay(_ row: DayShapeCase) {
    let calendar = Wall.calendar(row.zone)
    let day = Wall.day(row.day)
    let start = calendar.start(of: day)
    let end = calendar.start(of: day.adding(days: 1))
    let shape = DayShape(
      start: start, rollover: calendar.time(hour: nutritionDayRolloverHour, on: day),
      noon: calendar.time(hour: 12, on: day), end: end, hours: end.timeIntervalSince(start) / 3600)
    #expect(shape == row.shape)
  }

  @Test(arguments: shapes)
  func everyInstantOfTheDayStartsItAndNoneOutside(_ row: DayShapeCase) {
    let calendar = Wall.calendar(row.zone)
    let inside =
      stride(from: 0, to: row.shape.hours * 3600, by: 1800).map {
        row.shape.start + $0
      } + [row.shape.end - 0.001]
    #expect(inside.map(calendar.startOfDay) == inside.map { _ in row.shape.start })
    #expect(inside.map(calendar.day(of:)) == inside.map { _ in Wall.day(row.day) })
    #expect(calendar.startOfDay(row.shape.end) == row.shape.end)
    #expect(calendar.day(of: row.shape.start - 0.001) == Wall.day(row.day).adding(days: -1))
  }

  static let offsets = [
    DayOffsetCase(
      zone: "Europe/Berlin", instant: "2026-01-04T12:00:00Z", today: "2026-01-05T12:00:00Z",
      offset: -1),
    // 34.5 hours apart across the short day: still two calendar days.
    DayOffsetCase(
      zone: "Europe/Berlin", instant: "2026-03-28T12:00:00Z", today: "2026-03-29T22:30:00Z",
      offset: -2),
    // Midnight to midnight over the 23-hour day.
    DayOffsetCase(
      zone: "Europe/Berlin", instant: "2026-03-28T23:00:00Z", today: "2026-03-29T22:00:00Z",
      offset: -1),
    // 24 hours after the start of the short day is already 01:00 of the next.
    DayOffsetCase(
      zone: "Europe/Berlin", instant: "2026-03-29T23:00:00Z", today: "2026-03-28T23:00:00Z",
      offset: 1),
    // Midnight to midnight over the 25-hour day.
    DayOffsetCase(
      zone: "Europe/Berlin", instant: "2026-10-24T22:00:00Z", today: "2026-10-25T23:00:00Z",
      offset: -1),
    DayOffsetCase(
      zone: "Europe/Berlin", instant: "2026-10-25T22:59:59Z", today: "2026-10-25T23:00:00Z",
      offset: -1),
    DayOffsetCase(
      zone: "America/New_York", instant: "2026-03-08T05:00:00Z", today: "2026-03-09T04:00:00Z",
      offset: -1),
    DayOffsetCase(
      zone: "America/New_York", instant: "2026-03-07T17:00:00Z", today: "2026-03-09T03:59:59Z",
      offset: -1),
    DayOffsetCase(
      zone: "America/New_York", instant: "2026-11-01T04:00:00Z", today: "2026-11-02T05:00:00Z",
      offset: -1),
    // 24 hours after the start of the long day is still its 23:00.
    DayOffsetCase(
      zone: "America/New_York", instant: "2026-11-02T04:00:00Z", today: "2026-11-01T04:00:00Z",
      offset: 0),
    DayOffsetCase(
      zone: "America/New_York", instant: "2026-10-30T16:00:00Z", today: "2026-11-02T16:00:00Z",
      offset: -3),
  ]

  @Test(arguments: offsets)
  func dayOffsetCountsCalendarDaysNotHours(_ row: DayOffsetCase) {
    let calendar = Wall.calendar(row.zone)
    let instant = Wall.at(row.instant)
    let today = Wall.at(row.today)
    #expect(calendar.dayOffsetFromToday(instant, today: today) == row.offset)
    #expect(
      dayOffsetFromToday(calendar.day(of: instant), today: calendar.day(of: today)) == row.offset)
  }

  static let consumedAt = [
    ConsumedAtCase(
      zone: "Europe/Berlin", day: "2026-01-04", today: "2026-01-05",
      consumedAt: "2026-01-04T12:00:00+01:00"),
    ConsumedAtCase(
      zone: "Europe/Berlin", day: "2026-03-28", today: "2026-03-29",
      consumedAt: "2026-03-28T12:00:00+01:00"),
    ConsumedAtCase(
      zone: "Europe/Berlin", day: "2026-03-29", today: "2026-03-30",
      consumedAt: "2026-03-29T12:00:00+02:00"),
    ConsumedAtCase(
      zone: "Europe/Berlin", day: "2026-10-24", today: "2026-10-25",
      consumedAt: "2026-10-24T12:00:00+02:00"),
    ConsumedAtCase(
      zone: "Europe/Berlin", day: "2026-10-25", today: "2026-10-26",
      consumedAt: "2026-10-25T12:00:00+01:00"),
    ConsumedAtCase(
      zone: "America/New_York", day: "2026-03-07", today: "2026-03-08",
      consumedAt: "2026-03-07T12:00:00-05:00"),
    ConsumedAtCase(
      zone: "America/New_York", day: "2026-03-08", today: "2026-03-09",
      consumedAt: "2026-03-08T12:00:00-04:00"),
    ConsumedAtCase(
      zone: "America/New_York", day: "2026-10-31", today: "2026-11-01",
      consumedAt: "2026-10-31T12:00:00-04:00"),
    ConsumedAtCase(
      zone: "America/New_York", day: "2026-11-01", today: "2026-11-02",
      consumedAt: "2026-11-01T12:00:00-05:00"),
    ConsumedAtCase(
      zone: "UTC", day: "2026-12-31", today: "2027-01-01", consumedAt: "2026-12-31T12:00:00+00:00"),
    ConsumedAtCase(zone: "Europe/Berlin", day: "2026-03-29", today: "2026-03-29", consumedAt: nil),
    ConsumedAtCase(zone: "Europe/Berlin", day: "2026-03-27", today: "2026-03-29", consumedAt: nil),
    ConsumedAtCase(zone: "Europe/Berlin", day: "2026-03-30", today: "2026-03-29", consumedAt: nil),
  ]

  @Test(arguments: consumedAt)
  func consumedAtIsNoonOfYesterdayWithItsOwnOffset(_ row: ConsumedAtCase) {
    let calendar = Wall.calendar(row.zone)
    let day = Wall.day(row.day)
    let today = Wall.day(row.today)
    #expect(calendar.consumedAtFor(day, today: today) == row.consumedAt)
    // Through instants: the last millisecond of the day, seen at the first of today.
    let lastMoment = calendar.start(of: day.adding(days: 1)) - 0.001
    #expect(calendar.consumedAtFor(lastMoment, today: calendar.start(of: today)) == row.consumedAt)
    if let text = row.consumedAt {
      #expect(Wall.at(text) == calendar.time(hour: 12, on: day))
    }
  }

  @Test func localTimestampsCarryTheOffsetOfTheirInstant() {
    let berlin = Wall.berlin
    #expect(
      berlin.localIsoTimestamp(Wall.at("2026-03-29T00:59:59Z")) == "2026-03-29T01:59:59+01:00")
    #expect(
      berlin.localIsoTimestamp(Wall.at("2026-03-29T01:00:00Z")) == "2026-03-29T03:00:00+02:00")
    #expect(
      berlin.localIsoTimestamp(Wall.at("2026-10-25T00:30:00Z")) == "2026-10-25T02:30:00+02:00")
    #expect(
      berlin.localIsoTimestamp(Wall.at("2026-10-25T01:30:00Z")) == "2026-10-25T02:30:00+01:00")
    let kolkata = Wall.calendar("Asia/Kolkata")
    #expect(
      kolkata.localIsoTimestamp(Wall.at("2026-01-05T06:30:00Z")) == "2026-01-05T12:00:00+05:30")
  }

  @Test func aMissingMidnightStartsTheDayAtTheFirstInstantThatExists() {
    // Brazil moved its clocks from 00:00 to 01:00 on 4 November 2018.
    let saoPaulo = Wall.calendar("America/Sao_Paulo")
    let day = Wall.day("2018-11-04")
    #expect(saoPaulo.start(of: day) == Wall.at("2018-11-04T03:00:00Z"))
    #expect(saoPaulo.startOfDay(Wall.at("2018-11-04T15:00:00Z")) == Wall.at("2018-11-04T03:00:00Z"))
    #expect(saoPaulo.day(of: Wall.at("2018-11-04T02:59:59Z")) == Wall.day("2018-11-03"))
  }
}
