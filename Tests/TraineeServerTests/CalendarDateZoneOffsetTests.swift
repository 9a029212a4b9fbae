import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The kept `/home`'s today: the date worked out from the zone's offset is the calendar's.
@Suite struct CalendarDateZoneOffsetTests {
  static let zones = [
    "UTC", "Europe/Berlin", "America/New_York", "America/Sao_Paulo", "Pacific/Kiritimati",
    "Pacific/Pago_Pago", "Asia/Kolkata", "Australia/Lord_Howe", "America/St_Johns",
  ]

  @Test(arguments: zones)
  func theDateIsTheCalendarsAcrossYearsAndDaylightSavingChanges(zone name: String) throws {
    let zone = try #require(TimeZone(identifier: name))
    // Every 7 hours and 13 minutes from 1969 to 2041: every hour of the day, both sides of each
    // change, leap days and year ends.
    var instant = Date(timeIntervalSince1970: -86_400 * 400)
    let end = Date(timeIntervalSince1970: 2_250_000_000)
    while instant < end {
      #expect(CalendarDate.of(instant, in: zone) == CalendarDate(instant, in: zone))
      instant += 7 * 3_600 + 13 * 60 + 0.5
    }
  }
}
