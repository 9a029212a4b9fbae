import Foundation
import Testing

@testable import TrainingHistory

/// The terminal and SVG charts of fixed data, compared byte for byte with `<name>.txt` and
/// `<name>.svg` in `Goldens/`. `PERFORM_UPDATE_GOLDEN=1` (`make golden`) writes them instead:
/// open the SVGs and read the diff before committing.
@Suite struct ChartGoldenTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens")

  static let charts: [(String, ProgressChart)] = [
    ("one-point", chart([(0, 100)], unit: "kg")),
    ("flat-line", chart([(0, 100), (7, 100), (14, 100)], unit: "kg")),
    (
      "months-gap-kg",
      chart([(0, 100), (2, 102.5), (9, 105), (120, 112.5), (127, 115)], unit: "kg")
    ),
    (
      "months-gap-lb",
      chart([(0, 220.5), (2, 226), (9, 231.5), (120, 248), (127, 253.5)], unit: "lb")
    ),
  ]

  static func chart(_ values: [(Double, Double)], unit: String) -> ProgressChart {
    ProgressChart(
      title: "Bench Press: estimated 1RM", unit: unit,
      points: values.map { ProgressPoint(date: Fixtures.day($0.0), value: $0.1) })
  }

  @Test(arguments: charts.map(\.0))
  func matchesItsGoldens(name: String) throws {
    let chart = try #require(Self.charts.first { $0.0 == name }).1
    let text =
      chart.terminalLines(columns: 48, rows: 8, timeZone: Fixtures.utc)
      .joined(separator: "\n") + "\n"
    let svg = ProgressChart.svg([chart], title: "Bench Press", timeZone: Fixtures.utc)
    try Self.compare(text, "\(name).txt")
    try Self.compare(svg, "\(name).svg")
  }

  static func compare(_ actual: String, _ file: String) throws {
    let url = goldens.appendingPathComponent(file)
    if ProcessInfo.processInfo.environment["PERFORM_UPDATE_GOLDEN"] == "1" {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "\(file) differs from its golden")
  }
}

@Suite struct TerminalChartTests {
  static func lines(_ values: [(Double, Double)]) -> [String] {
    ChartGoldenTests.chart(values, unit: "kg").terminalLines(
      columns: 20, rows: 4, timeZone: Fixtures.utc)
  }

  /// The plot cells of row `row` (after the axis character).
  static func plot(_ lines: [String], _ row: Int) -> String {
    String(lines[1 + row].split(separator: "┤", maxSplits: 1).last!.split(separator: "│").last!)
  }

  @Test func onePointIsDrawnMidwayWithItsLabels() {
    let lines = Self.lines([(0, 100)])
    #expect(lines[0] == "Bench Press: estimated 1RM (kg)")
    #expect(lines.count == 1 + 4 + 2)
    #expect(lines[1].hasPrefix("110 ┤"))
    #expect(lines[3].hasPrefix("100 ┤"))
    #expect(lines[4].hasPrefix(" 90 ┤"))
    let drawn = (0..<4).map { Self.plot(lines, $0).filter { $0 != "\u{2800}" } }
    #expect(drawn == ["", "", "⠁", ""])
    #expect(Array(Self.plot(lines, 2)).firstIndex(of: "⠁") == 10)
  }

  @Test func aFlatLineStaysOnOneRow() {
    let lines = Self.lines([(0, 100), (7, 100), (14, 100)])
    let rowsDrawn = (0..<4).filter { Self.plot(lines, $0).contains { $0 != "\u{2800}" } }
    #expect(rowsDrawn == [2])
    #expect(Self.plot(lines, 2).allSatisfy { $0 != "\u{2800}" })
  }

  @Test func theTimeAxisHasDatedTicks() {
    let lines = Self.lines([(0, 100), (120, 110)])
    #expect(lines[5].contains("┬"))
    #expect(lines[6].contains("2026-04"))
  }

  @Test func noPointsSaysSo() {
    let lines = ProgressChart(title: "Row", unit: "lb", points: []).terminalLines(
      columns: 20, rows: 4, timeZone: Fixtures.utc)
    #expect(lines == ["Row (lb)", "  no sets yet"])
  }
}
