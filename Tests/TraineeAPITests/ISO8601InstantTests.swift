import Foundation
import Testing

@testable import TraineeAPI
@testable import WireFormat

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

  /// The arithmetic writer gives the formatter's text: epochs, leap days, century years, the
  /// ends of the years it takes (1583 to 9999), times before 1970, and a spread of times between.
  @Test func wholeMillisecondsAreWrittenAsTheFormatterWritesThem() {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let edges: [Int64] = [
      0, 1, 999, -1, -86_400_000, 951_782_400_000, 951_868_799_999, 4_107_542_400_000,
      1_767_607_290_250, 253_402_300_799_999, -12_212_553_600_000, -2_208_988_800_001,
    ]
    var spread: [Int64] = []
    var value: Int64 = -12_212_553_600_000
    while value < 253_000_000_000_000 {
      spread.append(value)
      value += 98_765_432_101
    }
    for milliseconds in edges + spread {
      let date = Date(milliseconds: milliseconds)
      #expect(
        ISO8601Instant.wholeMillisecondsText(date) == formatter.string(from: date),
        "\(milliseconds)")
    }
    #expect(ISO8601Instant.wholeMillisecondsText(Self.instant + 0.0004) == nil)
    #expect(ISO8601Instant.wholeMillisecondsText(Date(milliseconds: 253_402_300_800_000)) == nil)
    #expect(ISO8601Instant.wholeMillisecondsText(Date(milliseconds: -12_212_553_600_001)) == nil)
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
