import Foundation
import Testing

@testable import TrainingHistory

@Suite struct ChartScaleTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var points: [(Double, Double)]
    var valueLabels: [String]
    var dateLabels: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "one point", points: [(0, 100)], valueLabels: ["90", "95", "100", "105", "110"],
      dateLabels: ["2026-01-05"]),
    Case(
      name: "a flat line", points: [(0, 100), (7, 100), (14, 100)],
      valueLabels: ["90", "95", "100", "105", "110"], dateLabels: ["2026-01-12", "2026-01-19"]),
    Case(
      name: "gaps of months", points: [(0, 100), (1, 102.5), (120, 110)],
      valueLabels: ["100", "102", "104", "106", "108", "110"],
      dateLabels: ["2026-02", "2026-03", "2026-04", "2026-05"]),
    Case(
      name: "kilograms", points: [(0, 116.7), (7, 120)],
      valueLabels: ["116", "117", "118", "119", "120"],
      dateLabels: [
        "2026-01-06", "2026-01-07", "2026-01-08", "2026-01-09", "2026-01-10", "2026-01-11",
        "2026-01-12",
      ]),
    Case(
      name: "pounds", points: [(0, 257.2), (7, 264.6)],
      valueLabels: ["256", "258", "260", "262", "264", "266"],
      dateLabels: [
        "2026-01-06", "2026-01-07", "2026-01-08", "2026-01-09", "2026-01-10", "2026-01-11",
        "2026-01-12",
      ]),
    Case(
      name: "small values", points: [(0, 0.5)],
      valueLabels: ["0.44", "0.46", "0.48", "0.50", "0.52", "0.54", "0.56"],
      dateLabels: ["2026-01-05"]),
    Case(
      name: "years", points: [(0, 100), (1200, 140)],
      valueLabels: ["100", "110", "120", "130", "140"], dateLabels: ["2027", "2028", "2029"]),
  ]

  @Test(arguments: cases)
  func axisLabels(_ example: Case) {
    let points = example.points.map { ProgressPoint(date: Fixtures.day($0.0), value: $0.1) }
    let scale = ChartScale(points: points, valueTicks: 6, dateTicks: 8, timeZone: Fixtures.utc)
    #expect(scale.ticks.map(scale.label) == example.valueLabels)
    #expect(scale.dateTicks.map(scale.label) == example.dateLabels)
    for point in points {
      #expect((0...1).contains(scale.position(point.value)))
      #expect((0...1).contains(scale.position(point.date)))
    }
  }

  @Test func timeIsProportionalNotByIndex() {
    let points = [(0.0, 100.0), (1, 102.5), (120, 110)].map {
      ProgressPoint(date: Fixtures.day($0.0), value: $0.1)
    }
    let scale = ChartScale(points: points, valueTicks: 6, dateTicks: 8, timeZone: Fixtures.utc)
    #expect(abs(scale.position(Fixtures.day(60)) - 0.5) < 1e-9)
    #expect(abs(scale.position(Fixtures.day(1)) - 1.0 / 120) < 1e-9)
  }

  @Test func aSinglePointAndAFlatLineSitMidway() {
    for values in [[100.0], [100, 100, 100]] {
      let points = values.enumerated().map {
        ProgressPoint(date: Fixtures.day(Double($0.offset * 7)), value: $0.element)
      }
      let scale = ChartScale(points: points, valueTicks: 6, dateTicks: 8, timeZone: Fixtures.utc)
      #expect(scale.position(100) == 0.5)
    }
  }

  @Test(arguments: [(0.3, 0.5), (1, 1), (1.1, 2), (4, 5), (7, 10), (20, 20), (0.04, 0.05)])
  func niceSteps(value: Double, step: Double) {
    #expect(abs(ChartScale.niceNumber(value) - step) < 1e-12)
  }
}
