import Foundation
import Testing
import WireFormat

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// `rfc3339Instant`: RFC 3339's `date-time` exactly, between 1970 and 9999, offsets to 18:00.
struct RFC3339InstantTests {
  @Test(arguments: [
    ("2026-01-05T12:00:00Z", 1_767_614_400.0),
    ("2026-01-05t12:00:00z", 1_767_614_400.0),
    ("2026-01-05T13:00:00+01:00", 1_767_614_400.0),
    ("2026-01-05T02:30:00-09:30", 1_767_614_400.0),
    ("2026-01-05T12:00:00.250Z", 1_767_614_400.25),
    ("2026-01-05T12:00:00.123456789Z", 1_767_614_400.123456789),
    ("1970-01-01T00:00:00Z", 0),
    ("2028-02-29T00:00:00Z", 1_835_395_200),
    ("9999-12-31T23:59:59Z", 253_402_300_799),
    ("2026-01-05T18:00:00+18:00", 1_767_571_200),
  ])
  func readsRFC3339DateTimes(_ text: String, _ seconds: Double) throws {
    let instant = try #require(rfc3339Instant(text))
    #expect(abs(instant.timeIntervalSince1970 - seconds) < 1e-6)
  }

  @Test(arguments: [
    "", "2026-01-05", "2026-01-05T12:00:00", "2026-01-05 12:00:00Z", "2026-1-05T12:00:00Z",
    "2026-02-30T12:00:00Z", "2026-02-29T12:00:00Z", "2026-13-01T00:00:00Z",
    "2026-01-05T24:00:00Z", "2026-01-05T12:60:00Z", "2026-01-05T12:00:60Z",
    "2026-01-05T12:00:00.Z", "2026-01-05T12:00:00.12345678901234567890Z",
    "2026-01-05T12:00:00+18:01", "2026-01-05T12:00:00+99:00", "2026-01-05T12:00:00+0100",
    "2026-01-05T12:00:00+01", "1969-12-31T23:59:59Z", "1970-01-01T00:30:00+01:00",
    "10000-01-01T00:00:00Z", "+2026-01-05T12:00:00Z", "2026-01-05T12:00:00Z ",
    "２０２６-01-05T12:00:00Z", "4170145-09-04T00:00:00Z",
  ])
  func refusesEverythingElse(_ text: String) {
    #expect(rfc3339Instant(text) == nil, "\(text)")
  }
}
