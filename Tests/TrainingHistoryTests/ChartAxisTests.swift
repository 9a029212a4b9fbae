import Foundation
import Testing

@testable import TrainingHistory

/// The time axis ends at the last point, and every text of the SVG stays whole inside its
/// viewBox as the charts estimate text (issue 29: the last x label was clipped and the axis ran
/// days past the last point).
@Suite struct ChartAxisTests {
  /// Eight hours behind UTC, where the fixtures' 08:00 UTC is midnight: every daily tick falls
  /// on a point, the last one on the axis's very end.
  static let midnightZone = TimeZone(secondsFromGMT: -8 * 3600)!

  static let shapes: [(String, [(Double, Double)], TimeZone)] = [
    ("one point", [(0, 100)], Fixtures.utc),
    ("one point at midnight", [(0, 100)], midnightZone),
    ("two days", [(0, 100), (1, 102.5)], midnightZone),
    ("a week of days", [(0, 100), (3, 101), (6, 102.5)], midnightZone),
    ("Mondays", [(0, 100), (21, 105), (49, 110)], midnightZone),
    ("months", [(0, 100), (2, 102.5), (9, 105), (120, 112.5), (127, 115)], Fixtures.utc),
    ("years", [(0, 100), (1200, 140)], Fixtures.utc),
  ]

  static func chart(_ values: [(Double, Double)]) -> ProgressChart {
    ChartGoldenTests.chart(values, unit: "kg")
  }

  /// A drawn text: where it starts and ends as estimated, and what it says.
  struct DrawnText {
    var left: Double
    var right: Double
    var text: String
  }

  /// Every `<text>` of `svg` with its estimated extent, read from `x`, `text-anchor` and
  /// `font-size` (12 when absent).
  static func texts(_ svg: String) -> [DrawnText] {
    svg.components(separatedBy: "\n").compactMap { line -> DrawnText? in
      guard line.hasPrefix("<text "), let close = line.firstIndex(of: ">"),
        let end = line.range(of: "</text>")
      else { return nil }
      let attributes = String(line[..<close])
      func attribute(_ name: String) -> String? {
        guard let start = attributes.range(of: " \(name)=\"") else { return nil }
        return String(attributes[start.upperBound...].prefix { $0 != "\"" })
      }
      let content = String(line[line.index(after: close)..<end.lowerBound])
      let x = Double(attribute("x") ?? "") ?? .nan
      let size = Double(attribute("font-size") ?? "12") ?? 12
      let width = estimatedWidth(content, fontSize: size)
      switch attribute("text-anchor") {
      case "middle": return DrawnText(left: x - width / 2, right: x + width / 2, text: content)
      case "end": return DrawnText(left: x - width, right: x, text: content)
      default: return DrawnText(left: x, right: x + width, text: content)
      }
    }
  }

  /// The width the charts estimate for a text: no font is measured; 0.56 em a character, 0.68 em an
  /// upper-case letter (docs/decisions/history-progress-and-moving-data.md "Progress charts").
  static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
    text.unicodeScalars.reduce(0.0) { $0 + ($1.properties.isUppercase ? 0.68 : 0.56) } * fontSize
  }

  static func viewBoxWidth(_ svg: String) throws -> Double {
    let start = try #require(svg.range(of: "viewBox=\"0 0 "))
    return try #require(Double(svg[start.upperBound...].prefix { $0 != " " }))
  }

  @Test(arguments: shapes.map(\.0))
  func everyTextStaysInsideTheViewBox(_ name: String) throws {
    let shape = try #require(Self.shapes.first { $0.0 == name })
    let svg = ProgressChart.svg([Self.chart(shape.1)], title: "Bench Press", timeZone: shape.2)
    let width = try Self.viewBoxWidth(svg)
    let texts = Self.texts(svg)
    #expect(texts.count > 3)
    for text in texts {
      #expect(text.left >= 0 && text.right <= width, "\(text.text) runs off 0...\(width)")
    }
  }

  @Test(arguments: shapes.map(\.0))
  func dateLabelsDoNotRunIntoEachOther(_ name: String) throws {
    let shape = try #require(Self.shapes.first { $0.0 == name })
    let svg = ProgressChart.svg([Self.chart(shape.1)], title: "Bench Press", timeZone: shape.2)
    let dates = Self.texts(svg).filter { $0.text.hasPrefix("20") }
    #expect(!dates.isEmpty)
    for (before, after) in zip(dates, dates.dropFirst()) {
      #expect(before.right < after.left, "\(before.text) runs into \(after.text)")
    }
  }

  @Test(arguments: shapes.map(\.0).filter { !$0.hasPrefix("one point") })
  func theTimeAxisEndsAtTheLastPoint(_ name: String) throws {
    let shape = try #require(Self.shapes.first { $0.0 == name })
    let chart = Self.chart(shape.1)
    let scale = ChartScale(
      points: chart.points, valueTicks: 6, dateTicks: 8, timeZone: shape.2)
    #expect(scale.start == chart.points.first?.date)
    #expect(scale.end == chart.points.last?.date)
    #expect(scale.dateTicks.allSatisfy { $0 <= scale.end })
    // In the SVG the last dot is at the axis line's right end.
    let svg = ProgressChart.svg([chart], title: "Bench Press", timeZone: shape.2)
    let axis = try #require(svg.split(separator: "\n").first { $0.contains("stroke=\"#333333\"") })
    let lastDot = try #require(svg.split(separator: "\n").last { $0.hasPrefix("<circle") })
    #expect(axis.contains("x2=\"690.0\""))
    #expect(lastDot.contains("cx=\"690.0\""))
  }

  @Test(arguments: [Fixtures.utc, midnightZone])
  func aSingleMomentSitsMidwayTickedAtItsOwnDate(_ zone: TimeZone) {
    let point = ProgressPoint(date: Fixtures.day(0), value: 100)
    let scale = ChartScale(points: [point], valueTicks: 6, dateTicks: 8, timeZone: zone)
    #expect(scale.position(point.date) == 0.5)
    #expect(scale.dateTicks == [point.date])
    #expect(scale.end.timeIntervalSince(point.date) <= 43_200)
    #expect(scale.start.timeIntervalSince(point.date) >= -43_200)
    // 08:00 UTC is 2026-01-05 in UTC and its first moment eight hours behind.
    #expect(scale.dateTicks.map(scale.label) == ["2026-01-05"])
  }
}
