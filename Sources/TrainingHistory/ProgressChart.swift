import Foundation

/// A line over time to draw: a title, the unit of its values, and its points.
public struct ProgressChart: Equatable, Sendable {
  public var title: String
  /// The unit of the values (`kg`, `lb`), shown beside the title.
  public var unit: String
  public var points: [ProgressPoint]

  /// A chart.
  public init(title: String, unit: String, points: [ProgressPoint]) {
    self.title = title
    self.unit = unit
    self.points = points.sorted { $0.date < $1.date }
  }
}

// NB: docs/decisions/history-progress-and-moving-data.md "Progress charts": the terminal chart is
// drawn in braille, two dots across and four down a cell, so a 60-column chart has 120 positions in
// time; points are joined by straight lines. The value axis is on the left with round labels, the
// time axis below with its dated ticks (`┬`) and their labels where they fit.

extension ProgressChart {
  /// The chart as terminal lines: the title, `rows` rows of the plot with the value axis, the
  /// time axis and its labels; `columns` is the plot's width in cells.
  public func terminalLines(columns: Int, rows: Int, timeZone: TimeZone) -> [String] {
    let heading = "\(title) (\(unit))"
    guard !points.isEmpty else { return [heading, "  no sets yet"] }
    let scale = ChartScale(
      points: points, valueTicks: max(2, rows / 2 + 1), dateTicks: max(1, columns / 12),
      timeZone: timeZone)
    let dotColumns = columns * 2
    let dotRows = rows * 4
    func dot(_ point: ProgressPoint) -> (x: Int, y: Int) {
      let x = Int((scale.position(point.date) * Double(dotColumns - 1)).rounded())
      let y = Int(((1 - scale.position(point.value)) * Double(dotRows - 1)).rounded())
      return (min(max(x, 0), dotColumns - 1), min(max(y, 0), dotRows - 1))
    }
    var cells = Array(repeating: Array(repeating: UInt32(0), count: columns), count: rows)
    func set(_ x: Int, _ y: Int) {
      let bits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
      cells[y / 4][x / 2] |= bits[x % 2][y % 4]
    }
    var previous: (x: Int, y: Int)?
    for point in points {
      let current = dot(point)
      if let previous { line(from: previous, to: current, set) } else { set(current.x, current.y) }
      previous = current
    }
    var labels: [Int: String] = [:]
    for tick in scale.ticks.reversed() {
      let row = Int(((1 - scale.position(tick)) * Double(dotRows - 1)).rounded()) / 4
      if labels[row] == nil { labels[row] = scale.label(tick) }
    }
    let labelWidth = labels.values.map(\.count).max() ?? 0
    var lines = [heading]
    for row in 0..<rows {
      let label = labels[row] ?? ""
      let axis = labels[row] == nil ? "│" : "┤"
      let plot = String(
        String.UnicodeScalarView(cells[row].map { Unicode.Scalar(0x2800 + $0)! }))
      lines.append(
        String(repeating: " ", count: labelWidth - label.count) + label + " " + axis + plot)
    }
    let tickColumns = scale.dateTicks.map {
      min(columns - 1, Int((scale.position($0) * Double(dotColumns - 1)).rounded()) / 2)
    }
    var axis = Array(repeating: "─", count: columns)
    for column in tickColumns { axis[column] = "┬" }
    lines.append(String(repeating: " ", count: labelWidth + 1) + "└" + axis.joined())
    var under = Array(repeating: Character(" "), count: columns + 12)
    var free = 0
    for (column, date) in zip(tickColumns, scale.dateTicks) {
      // A label starts under its tick; one that would run past the axis ends at its end.
      let text = Array(scale.label(date))
      let start = max(0, min(column, columns - text.count))
      guard start >= free else { continue }
      for (offset, character) in text.enumerated() { under[start + offset] = character }
      free = start + text.count + 2
    }
    let labelLine = String(under).replacingOccurrences(
      of: "\\s+$", with: "", options: .regularExpression)
    lines.append(String(repeating: " ", count: labelWidth + 2) + labelLine)
    return lines
  }
}

/// Bresenham's line from `start` to `end`, each dot passed to `plot`.
func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), _ plot: (Int, Int) -> Void) {
  var x = start.x
  var y = start.y
  let dx = abs(end.x - start.x)
  let dy = -abs(end.y - start.y)
  let stepX = start.x < end.x ? 1 : -1
  let stepY = start.y < end.y ? 1 : -1
  var error = dx + dy
  while true {
    plot(x, y)
    if x == end.x, y == end.y { return }
    let doubled = 2 * error
    if doubled >= dy {
      error += dy
      x += stepX
    }
    if doubled <= dx {
      error += dx
      y += stepY
    }
  }
}
