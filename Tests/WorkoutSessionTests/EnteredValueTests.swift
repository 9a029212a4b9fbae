import Foundation
import Testing

@testable import WorkoutSession

/// Reading what a trainee typed (`.` or `,` as decimal separator) and converting between
/// the trainee's unit and the kilograms and kilometres of stats and the log.
struct EnteredValueTests {
  @Test(arguments: [
    ("72.5", Double?.some(72.5)), ("72,5", 72.5), ("60", 60), (" 60 ", 60), ("0", 0),
    (".5", 0.5), (",5", 0.5), ("5.", 5), ("007", 7), ("1000.25", 1000.25),
  ])
  func decimalReadsNonNegativeNumbersWithEitherSeparator(text: String, value: Double?) {
    #expect(EnteredValue.decimal(text) == value)
  }

  @Test(arguments: [
    "", " ", ".", ",", "-5", "+5", "1e3", "1.2.3", "1,2.3", "7o", "abc", "60kg", "6 0", "∞", "NaN",
    "٣",
  ])
  func decimalRejectsAnythingElse(text: String) {
    #expect(EnteredValue.decimal(text) == nil)
  }

  @Test(arguments: [
    ("8", Int?.some(8)), (" 8 ", 8), ("0", 0), ("012", 12), ("123456789", 123_456_789),
    ("", nil), (" ", nil), ("8.0", nil), ("8,5", nil), ("-1", nil), ("+1", nil), ("8 reps", nil),
    ("1234567890", nil), ("٣", nil), ("²", nil),
  ])
  func wholeNumberReadsOnlyAsciiDigits(text: String, value: Int?) {
    #expect(EnteredValue.wholeNumber(text) == value)
  }

  @Test(arguments: [
    ("20", Int?.some(1200)), ("2.5", 150), ("2,5", 150), ("0", 0), ("1:30", 90), ("01:30", 90),
    ("25:30", 1530), ("0:05", 5), ("1:02:03", 3723), (" 1:30 ", 90), ("90:00", 5400),
    ("", nil), ("abc", nil), ("1:75", nil), ("1:5", nil), ("1:60", nil), ("1:2:3", nil),
    ("1:60:00", nil), (":30", nil), ("1:", nil), ("1:30:", nil), ("1:-5", nil), ("-20", nil),
    ("1:30:00:00", nil),
  ])
  func durationSecondsReadsClockTimesOrMinutes(text: String, seconds: Int?) {
    #expect(EnteredValue.durationSeconds(text) == seconds)
  }

  @Test(arguments: [
    (60.0, "60"), (57.5, "57.5"), (126.8, "126.8"), (0, "0"), (0.1 + 0.2, "0.3"),
    (61.2349, "61.235"), (100.0004, "100"),
  ])
  func textIsTheShortestSpelling(number: Double, text: String) {
    #expect(EnteredValue.text(number) == text)
  }

  @Test(arguments: [
    (135.0, 61.235), (100, 45.359), (45, 20.412), (1, 0.454), (0, 0), (126.8, 57.516),
  ])
  func imperialWeightsConvertToKilogramsToTheGram(pounds: Double, kilograms: Double) {
    #expect(UnitSystem.imperial.kilograms(pounds) == kilograms)
  }

  @Test(arguments: [0.0, 57.5, 61.2349, 135])
  func metricLeavesValuesAsTheyAre(value: Double) {
    #expect(UnitSystem.metric.kilograms(value) == value)
    #expect(UnitSystem.metric.displayWeight(kilograms: value) == value)
    #expect(UnitSystem.metric.kilometres(value) == value)
  }

  @Test(arguments: [
    (57.5, 126.8), (60.0, 132.3), (100, 220.5), (40, 88.2), (20, 44.1), (0, 0), (61.235, 135),
  ])
  func kilogramsDisplayAsPoundsToATenth(kilograms: Double, pounds: Double) {
    #expect(UnitSystem.imperial.displayWeight(kilograms: kilograms) == pounds)
  }

  @Test(arguments: [(5.0, 8.047), (3.1, 4.989), (1, 1.609), (26.2, 42.165), (0, 0)])
  func milesConvertToKilometresToTheMetre(miles: Double, kilometres: Double) {
    #expect(UnitSystem.imperial.kilometres(miles) == kilometres)
  }

  @Test func unitSystemUsesTheWireNames() throws {
    let encoded = try JSONEncoder().encode(UnitSystem.allCases)
    #expect(String(decoding: encoded, as: UTF8.self) == #"["metric","imperial"]"#)
  }
}
