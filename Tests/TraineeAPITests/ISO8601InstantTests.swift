import Foundation
import Testing

@testable import TraineeAPI

/// The one ISO 8601 reader and writers, and whole milliseconds.
struct ISO8601InstantTests {
  /// 2026-01-05T10:01:30Z.
  static let instant = Date(timeIntervalSince1970: 1_767_607_290)

  @Test(arguments: [
    ("2026-01-05T10:01:30Z", 0.0),
    ("2026-01-05T11:01:30+01:00", 0),
    ("2026-01-05T10:01:30.250Z", 0.25),
    ("2026-01-05T10:01:30.25+00:00", 0.25),
  ])
  func timesAreReadWithOrWithoutFractionsAndOffsets(text: String, fraction: Double) {
    #expect(ISO8601Instant.date(from: text) == Self.instant + fraction)
  }

  @Test(arguments: ["2026-01-05", "2026-01-05 10:01:30Z", "10:01:30", ""])
  func whatIsNotATimeIsNil(text: String) {
    #expect(ISO8601Instant.date(from: text) == nil)
  }

  @Test func theServerWritesMillisecondsAlways() {
    #expect(ISO8601Instant.textWithMilliseconds(Self.instant) == "2026-01-05T10:01:30.000Z")
    #expect(
      ISO8601Instant.textWithMilliseconds(Self.instant + 0.25) == "2026-01-05T10:01:30.250Z")
  }

  @Test(arguments: [
    (0.0, "2026-01-05T10:01:30Z"),
    (0.25, "2026-01-05T10:01:30.250Z"),
    // Under half a millisecond past the second is the second itself: milliseconds are shown
    // only when the whole milliseconds have some.
    (0.0004, "2026-01-05T10:01:30Z"),
  ])
  func replaysWriteMillisecondsOnlyWhenThereAreSome(fraction: Double, text: String) {
    #expect(ISO8601Instant.text(Self.instant + fraction) == text)
  }

  @Test func fileNamesHaveNoSeparators() {
    #expect(ISO8601Instant.compactText(Self.instant) == "20260105T100130")
  }

  @Test func millisecondsRoundToTheNearestOrAsAsked() {
    let date = Self.instant + 0.0006
    #expect(date.milliseconds == 1_767_607_290_001)
    #expect(date.milliseconds(rounded: .down) == 1_767_607_290_000)
    #expect(Date(milliseconds: date.milliseconds).milliseconds == date.milliseconds)
  }
}
