import Foundation
import TraineeAPI

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity previews and Apple layer": the Lock
// Screen card and, below it, the Dynamic Island's expanded, compact and minimal surfaces, drawn
// from the prepared content at one moment. Layout only: words and numbers come from the content,
// colours from its hex values, and the clocks are what the system would draw at `now` (red from the
// rest's end on). Text widths are estimates (no font is measured), so a long name is cut with `…`
// before it runs into its neighbour.

/// The card and the Dynamic Island surfaces of `content` at `now`, as an SVG document.
public func activitySVG(_ content: WorkoutActivityContent, now: Date) -> String {
  var canvas = SVGCanvas()
  var top = 10.0
  canvas.caption("Lock Screen", top: &top)
  top = ActivityDrawing(content: content, now: now).lockScreen(on: &canvas, top: top) + 14
  canvas.caption("Dynamic Island: expanded", top: &top)
  top = ActivityDrawing(content: content, now: now).expanded(on: &canvas, top: top) + 14
  canvas.caption("Dynamic Island: compact", top: &top)
  top = ActivityDrawing(content: content, now: now).compact(on: &canvas, top: top) + 14
  canvas.caption("Dynamic Island: minimal", top: &top)
  top = ActivityDrawing(content: content, now: now).minimal(on: &canvas, top: top) + 12
  return canvas.document(height: top)
}

/// The palette of the drawing; the badge colours come from the content.
private enum Palette {
  static let backdrop = "#E5E5EA"
  static let caption = "#6E6E73"
  static let card = "#1C1C1E"
  static let island = "#000000"
  static let text = "#FFFFFF"
  static let secondary = "#8E8E93"
  static let clock = "#EBEBF5"
  static let icon = "#0A84FF"
  static let action = "#0A84FF"
  static let control = "#3A3A3C"
  static let restField = "#2C2C2E"
  static let overdue = "#FF3B30"
  static let checkmark = "#34C759"
  static let checkmarkInert = "#3A3A3C"
}

/// Draws the surfaces of one content at one moment.
private struct ActivityDrawing {
  var content: WorkoutActivityContent
  var now: Date

  static let left = 10.0
  static let width = 380.0

  /// The Lock Screen card with its top at `top`; returns its bottom.
  func lockScreen(on canvas: inout SVGCanvas, top: Double) -> Double {
    let x = Self.left
    let right = x + Self.width - 16
    let text = content.surfaces.lockScreen
    let height = content.rest == nil ? 108.0 : 146.0
    canvas.rect(x: x, y: top, width: Self.width, height: height, radius: 22, fill: Palette.card)
    canvas.rect(x: x + 16, y: top + 14, width: 24, height: 24, radius: 6, fill: Palette.icon)
    let clock = RenderedClock.elapsed(since: content.workoutStartedAt, at: now)
    let clockWidth = TextWidth.estimate(clock, size: 15)
    canvas.text(
      text.header, x: x + 50, y: top + 31, size: 15, weight: 600, fill: Palette.text,
      width: right - x - 50 - clockWidth - 12)
    canvas.text(
      clock, x: right, y: top + 31, size: 15, fill: Palette.clock, anchor: "end", tabular: true)
    pair(
      on: &canvas, leading: text.title, trailing: text.trailing, left: x + 50, right: right,
      baseline: top + 57, size: 17)
    setRow(on: &canvas, detail: text.detail, left: x + 50, right: right, top: top + 68)
    if let rest = content.rest {
      restRow(on: &canvas, rest, left: x + 16, right: right, top: top + 102)
    }
    return top + height
  }

  /// The expanded Dynamic Island with its top at `top`; returns its bottom.
  func expanded(on canvas: inout SVGCanvas, top: Double) -> Double {
    let x = Self.left
    let right = x + Self.width - 24
    let text = content.surfaces.expanded
    let height = content.rest == nil ? 104.0 : 144.0
    canvas.rect(x: x, y: top, width: Self.width, height: height, radius: 40, fill: Palette.island)
    canvas.text(
      text.center, x: x + Self.width / 2, y: top + 24, size: 13, fill: Palette.secondary,
      anchor: "middle", width: 200)
    pair(
      on: &canvas, leading: text.leading, trailing: text.trailing, left: x + 24, right: right,
      baseline: top + 52, size: 16)
    setRow(on: &canvas, detail: text.bottom, left: x + 24, right: right, top: top + 62)
    if let rest = content.rest {
      restRow(on: &canvas, rest, left: x + 24, right: right, top: top + 100)
    }
    return top + height
  }

  /// The compact Dynamic Island: the set's position, and the numbers or the rest clock.
  func compact(on canvas: inout SVGCanvas, top: Double) -> Double {
    let x = Self.left + Self.width / 2 - 125
    canvas.rect(x: x, y: top, width: 250, height: 36, radius: 18, fill: Palette.island)
    let leadingWidth = TextWidth.estimate(content.surfaces.compactLeading, size: 14)
    canvas.text(
      content.surfaces.compactLeading, x: x + 16, y: top + 23, size: 14, weight: 600,
      fill: Palette.text, width: 90)
    if let rest = content.rest {
      let clock = RenderedClock.rest(rest, at: now)
      canvas.text(
        clock.text, x: x + 234, y: top + 23, size: 14, weight: 600,
        fill: clock.overdue ? Palette.overdue : Palette.text, anchor: "end", tabular: true)
    } else {
      canvas.text(
        content.surfaces.compactTrailing, x: x + 234, y: top + 23, size: 14, weight: 600,
        fill: Palette.text, anchor: "end", width: 206 - min(leadingWidth, 90))
    }
    return top + 36
  }

  /// The minimal circle: the numbers at their shortest, shrunk to fit.
  func minimal(on canvas: inout SVGCanvas, top: Double) -> Double {
    let center = Self.left + Self.width / 2
    canvas.circle(x: center, y: top + 20, radius: 20, fill: Palette.island)
    let text = content.surfaces.minimal
    let size = min(13, (32 / max(TextWidth.estimate(text, size: 1), 0.1) * 10).rounded() / 10)
    canvas.text(
      text, x: center, y: top + 20 + size * 0.35, size: size, weight: 600, fill: Palette.text,
      anchor: "middle")
    return top + 40
  }

  /// A bold title on the left and a grey note on the right of one line.
  private func pair(
    on canvas: inout SVGCanvas, leading: String, trailing: String, left: Double, right: Double,
    baseline: Double, size: Double
  ) {
    let trailingWidth = TextWidth.estimate(trailing, size: 14)
    canvas.text(
      trailing, x: right, y: baseline, size: 14, fill: Palette.secondary, anchor: "end",
      width: (right - left) / 2)
    canvas.text(
      leading, x: left, y: baseline, size: size, weight: 700, fill: Palette.text,
      width: right - left - min(trailingWidth, (right - left) / 2) - 10)
  }

  /// The badge, the set line and the checkmark; or the primary action's button.
  private func setRow(
    on canvas: inout SVGCanvas, detail: String, left: Double, right: Double, top: Double
  ) {
    if let set = content.currentSet {
      var lineLeft = left
      if let badge = set.badge {
        canvas.rect(x: left, y: top + 2, width: 22, height: 22, radius: 5, fill: badge.colorHex)
        canvas.text(
          badge.letter, x: left + 11, y: top + 18, size: 13, weight: 700, fill: Palette.text,
          anchor: "middle")
        lineLeft += 30
      }
      canvas.text(
        detail, x: lineLeft, y: top + 18, size: 15, fill: Palette.text,
        width: right - 36 - lineLeft)
      let enabled = set.checkmark == .enabled
      canvas.circle(
        x: right - 14, y: top + 13, radius: 14,
        fill: enabled ? Palette.checkmark : Palette.checkmarkInert)
      canvas.text(
        "✓", x: right - 14, y: top + 18, size: 15, weight: 700,
        fill: enabled ? Palette.text : Palette.secondary, anchor: "middle")
    } else if let action = content.primaryAction {
      canvas.rect(
        x: left, y: top, width: right - left, height: 28, radius: 14, fill: Palette.action)
      canvas.text(
        action.title, x: (left + right) / 2, y: top + 19, size: 15, weight: 600,
        fill: Palette.text, anchor: "middle", width: right - left - 24)
    }
  }

  /// `Rest  [-15s] 1:07 [+15s] [Skip]`: the controls flush right, the title in what is left.
  private func restRow(
    on canvas: inout SVGCanvas, _ rest: CardRest, left: Double, right: Double, top: Double
  ) {
    let clock = RenderedClock.rest(rest, at: now)
    var edge = right
    func button(_ label: String, fill: String, width minimum: Double, size: Double) -> Double {
      let width = max(minimum, TextWidth.estimate(label, size: size) + 16)
      edge -= width
      canvas.rect(x: edge, y: top, width: width, height: 32, radius: 8, fill: fill)
      let labelLeft = edge
      edge -= 5
      return labelLeft + width / 2
    }
    let skip = button(rest.skipLabel, fill: Palette.control, width: 44, size: 13)
    canvas.text(
      rest.skipLabel, x: skip, y: top + 21, size: 13, weight: 600, fill: Palette.text,
      anchor: "middle")
    let increase = button(rest.increaseLabel, fill: Palette.control, width: 44, size: 13)
    canvas.text(
      rest.increaseLabel, x: increase, y: top + 21, size: 13, weight: 600, fill: Palette.text,
      anchor: "middle")
    let field = button(
      clock.text, fill: clock.overdue ? Palette.overdue : Palette.restField, width: 68, size: 17)
    canvas.text(
      clock.text, x: field, y: top + 22, size: 17, weight: 700, fill: Palette.text,
      anchor: "middle", tabular: true)
    let decrease = button(rest.decreaseLabel, fill: Palette.control, width: 44, size: 13)
    canvas.text(
      rest.decreaseLabel, x: decrease, y: top + 21, size: 13, weight: 600, fill: Palette.text,
      anchor: "middle")
    canvas.text(
      rest.title, x: left, y: top + 21, size: 13, fill: Palette.secondary,
      width: edge - left - 4)
  }
}

/// An SVG document built element by element.
private struct SVGCanvas {
  static let width = 400.0
  private var elements: [String] = []

  /// A small grey label naming the surface below it; moves `top` past it.
  mutating func caption(_ label: String, top: inout Double) {
    text(label, x: 10, y: top + 11, size: 11, fill: Palette.caption)
    top += 18
  }

  mutating func rect(
    x: Double, y: Double, width: Double, height: Double, radius: Double, fill: String
  ) {
    elements.append(
      "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" "
        + "rx=\"\(n(radius))\" fill=\"\(escape(fill))\"/>")
  }

  mutating func circle(x: Double, y: Double, radius: Double, fill: String) {
    elements.append(
      "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\" fill=\"\(escape(fill))\"/>")
  }

  /// `string` at (`x`, `y`), cut with `…` to `width` when given; nothing when it is empty.
  mutating func text(
    _ string: String, x: Double, y: Double, size: Double, weight: Int = 400, fill: String,
    anchor: String = "start", tabular: Bool = false, width: Double? = nil
  ) {
    guard !string.isEmpty else { return }
    let shown = width.map { TextWidth.fit(string, width: max($0, 0), size: size) } ?? string
    var attributes = "x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\""
    if weight != 400 { attributes += " font-weight=\"\(weight)\"" }
    attributes += " fill=\"\(escape(fill))\""
    if anchor != "start" { attributes += " text-anchor=\"\(anchor)\"" }
    if tabular { attributes += " font-variant-numeric=\"tabular-nums\"" }
    elements.append("<text \(attributes)>\(escape(shown))</text>")
  }

  func document(height: Double) -> String {
    let size = "width=\"\(n(Self.width))\" height=\"\(n(height))\""
    let header =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) "
      + "viewBox=\"0 0 \(n(Self.width)) \(n(height))\" font-family=\"sans-serif\">"
    let backdrop = "<rect width=\"100%\" height=\"100%\" fill=\"\(Palette.backdrop)\"/>"
    return ([header, backdrop] + elements + ["</svg>"]).joined(separator: "\n") + "\n"
  }

  /// A coordinate with at most one decimal, `12` rather than `12.0`.
  private func n(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0
      ? String(Int(tenths / 10)) : String(tenths / 10)
  }

  /// `string` as XML 1.0 character data (docs/security.md, "Names and the terminal").
  private func escape(_ string: String) -> String {
    XMLText.escaped(string)
  }
}
