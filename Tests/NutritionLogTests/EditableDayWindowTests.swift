import Foundation
import Testing

@testable import NutritionLog

/// A moment on the device and where five days around it stand.
struct EditableWindowCase: Sendable, CustomTestStringConvertible {
  var zone: String
  var now: String
  /// The first of the five days; the others follow it.
  var firstDay: String
  var standing: [DayEditability]

  var testDescription: String { "at \(now) in \(zone)" }
}

/// `EDITABLE_PAST_DAYS`, `isEditableDay`: today and yesterday are editable, older days read-only,
/// later days future. The window moves at local midnight; 05:00 moves nothing.
struct EditableDayWindowTests {
  static let cases = [
    EditableWindowCase(
      zone: "Europe/Berlin", now: "2026-01-05T23:59:00+01:00", firstDay: "2026-01-03",
      standing: [.readOnly, .editable, .editable, .future, .future]),
    EditableWindowCase(
      zone: "Europe/Berlin", now: "2026-01-06T00:00:00+01:00", firstDay: "2026-01-03",
      standing: [.readOnly, .readOnly, .editable, .editable, .future]),
    EditableWindowCase(
      zone: "Europe/Berlin", now: "2026-01-06T04:59:00+01:00", firstDay: "2026-01-03",
      standing: [.readOnly, .readOnly, .editable, .editable, .future]),
    EditableWindowCase(
      zone: "Europe/Berlin", now: "2026-01-06T05:00:00+01:00", firstDay: "2026-01-03",
      standing: [.readOnly, .readOnly, .editable, .editable, .future]),
    // Around the short night in Berlin: 23:59 CET, then 00:00, 04:59 and 05:00 of the 23-hour day.
    EditableWindowCase(
      zone: "Europe/Berlin", now: "2026-03-28T23:59:00+01:00", firstDay: "2026-03-26",
      standing: [.readOnly, .editable, .editable, .future, .future]),
    EditableWindowCase(
      zone: "Europe/Berlin", now: "2026-03-29T00:00:00+01:00", firstDay: "2026-03-26",
      standing: [.readOnly, .readOnly, .editable, .editable, .future]),
    EditableWindowCase(
      zone: "Europe/Berlin", now: "2026-03-29T04:59:00+02:00", firstDay: "2026-03-26",
      standing: [.readOnly, .readOnly, .editable, .editable, .future]),
    // Around the long night in New York: 23:59 EDT, then 00:00, 04:59 and 05:00 (EST by then).
    EditableWindowCase(
      zone: "America/New_York", now: "2026-10-31T23:59:00-04:00", firstDay: "2026-10-29",
      standing: [.readOnly, .editable, .editable, .future, .future]),
    EditableWindowCase(
      zone: "America/New_York", now: "2026-11-01T00:00:00-04:00", firstDay: "2026-10-29",
      standing: [.readOnly, .readOnly, .editable, .editable, .future]),
    EditableWindowCase(
      zone: "America/New_York", now: "2026-11-01T04:59:00-05:00", firstDay: "2026-10-29",
      standing: [.readOnly, .readOnly, .editable, .editable, .future]),
    EditableWindowCase(
      zone: "America/New_York", now: "2026-11-01T05:00:00-05:00", firstDay: "2026-10-29",
      standing: [.readOnly, .readOnly, .editable, .editable, .future]),
  ]

  @Test(arguments: cases)
  func todayAndYesterdayAreEditable(_ row: EditableWindowCase) {
    let calendar = Wall.calendar(row.zone)
    let now = Wall.at(row.now)
    let today = calendar.day(of: now)
    let days = (0..<5).map { Wall.day(row.firstDay).adding(days: $0) }
    #expect(days.map { editability(of: $0, today: today) } == row.standing)
    #expect(days.map { isEditableDay($0, today: today) } == row.standing.map { $0 == .editable })
    // The same through instants: noon of each day, seen at `now`.
    let noons = days.map { calendar.time(hour: 12, on: $0) }
    #expect(
      noons.map { calendar.isEditableDay($0, today: now) } == row.standing.map { $0 == .editable })
  }

  @Test func theWindowIsOneDayIntoThePast() {
    #expect(editablePastDays == 1)
  }
}
