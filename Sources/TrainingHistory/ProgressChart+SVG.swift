import Foundation
import TraineeAPI

// NB: docs/decisions/history-progress-and-moving-data.md "Progress charts": `perform progress
// --svg` writes the charts the terminal shows as one SVG a browser opens: each chart a panel 720 x
// 260 with its title and unit, value gridlines with labels, dated ticks, the line and a dot per
// point.
// The time axis ends at the last point; a date label stays whole inside the picture.
// Coordinates are written to a tenth and text is escaped, so the same data gives the same bytes.

extension ProgressChart {
  /// `charts` stacked as one SVG document, titled `title`.
  public static func svg(_ charts: [ProgressChart], title: String, timeZone: TimeZone) -> String {
    let width = 720.0
    let panelHeight = 260.0
    let top = 40.0
    let height = top + panelHeight * Double(charts.count) + 10
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
      viewBox="0 0 \(f(width)) \(f(height))" font-family="sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <text x="20" y="26" font-size="16" font-weight="bold">\(escaped(title))</text>

      """
    for (index, chart) in charts.enumerated() {
      svg += chart.panel(y: top + panelHeight * Double(index), width: width, timeZone: timeZone)
    }
    return svg + "</svg>\n"
  }

  private func panel(y: Double, width: Double, timeZone: TimeZone) -> String {
    let left = 70.0
    let right = width - 30
    let plotTop = y + 30
    let plotBottom = y + 210
    var text = "<g>\n"
    text += "<text x=\"20\" y=\"\(f(y + 16))\" font-weight=\"bold\">\(Self.escaped(title)) ("
    text += "\(Self.escaped(unit)))</text>\n"
    guard !points.isEmpty else {
      return text + "<text x=\"\(f(left))\" y=\"\(f(plotTop + 20))\">no sets yet</text>\n</g>\n"
    }
    let scale = ChartScale(points: points, valueTicks: 6, dateTicks: 8, timeZone: timeZone)
    func x(_ date: Date) -> Double { left + scale.position(date) * (right - left) }
    func yValue(_ value: Double) -> Double {
      plotBottom - scale.position(value) * (plotBottom - plotTop)
    }
    for tick in scale.ticks {
      let ty = yValue(tick)
      text += "<line x1=\"\(f(left))\" y1=\"\(f(ty))\" x2=\"\(f(right))\" y2=\"\(f(ty))\""
      text += " stroke=\"#dddddd\"/>\n"
      text += "<text x=\"\(f(left - 8))\" y=\"\(f(ty + 4))\" text-anchor=\"end\">"
      text += "\(scale.label(tick))</text>\n"
    }
    text += "<line x1=\"\(f(left))\" y1=\"\(f(plotBottom))\" x2=\"\(f(right))\""
    text += " y2=\"\(f(plotBottom))\" stroke=\"#333333\"/>\n"
    var free = 0.0
    for tick in scale.dateTicks {
      let tx = x(tick)
      text += "<line x1=\"\(f(tx))\" y1=\"\(f(plotBottom))\" x2=\"\(f(tx))\""
      text += " y2=\"\(f(plotBottom + 5))\" stroke=\"#333333\"/>\n"
      // A label is centred under its tick, moved in where it would run off the picture, and
      // left out where it would run into the label before it.
      let label = scale.label(tick)
      let half = Self.estimatedWidth(label) / 2
      let center = min(max(tx, Self.edge + half), width - Self.edge - half)
      guard center - half >= free else { continue }
      free = center + half + Self.labelGap
      text += "<text x=\"\(f(center))\" y=\"\(f(plotBottom + 20))\" text-anchor=\"middle\">"
      text += "\(label)</text>\n"
    }
    let coordinates = points.map { "\(f(x($0.date))),\(f(yValue($0.value)))" }
    text += "<polyline fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"2\" points=\""
    text += coordinates.joined(separator: " ") + "\"/>\n"
    for point in points {
      text += "<circle cx=\"\(f(x(point.date)))\" cy=\"\(f(yValue(point.value)))\" r=\"3\""
      text += " fill=\"#1f6feb\"/>\n"
    }
    return text + "</g>\n"
  }

  /// The font size of the axis labels, and the room kept between a label and the picture's edge
  /// or the next label.
  static let fontSize = 12.0
  static let edge = 8.0
  static let labelGap = 6.0

  /// An estimate of `text`'s width at `fontSize` in the generic sans-serif: no font is measured
  /// (docs/decisions/history-progress-and-moving-data.md "Progress charts": 0.56 em a character,
  /// 0.68 em an upper-case letter, as the Lock Screen card estimates).
  static func estimatedWidth(_ text: String, fontSize: Double = fontSize) -> Double {
    text.unicodeScalars.reduce(0.0) { $0 + ($1.properties.isUppercase ? 0.68 : 0.56) } * fontSize
  }

  /// `text` as XML 1.0 character data (docs/security.md, "Names and the terminal").
  static func escaped(_ text: String) -> String {
    XMLText.escaped(text)
  }
}

private func f(_ value: Double) -> String { String(format: "%.1f", value) }
