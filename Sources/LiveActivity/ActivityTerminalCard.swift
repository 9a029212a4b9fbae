import Foundation
import TraineeAPI

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity previews and Apple layer": the Lock
// Screen card for the terminal app, a fixed number of columns wide (wide characters count two).
// Layout only: the words come prepared. Without colour an overdue rest reads `+0:12` and an inert
// checkmark `(✓)`, so nothing depends on colour alone; with colour the badge takes its hex colour
// and an overdue rest turns red.

/// The Lock Screen card of `content` at `now` as lines of exactly `width` columns (at least 30),
/// each ending in a newline; ANSI colours when `color` is set.
public func activityTerminalCard(
  _ content: WorkoutActivityContent, now: Date, width: Int = 48, color: Bool = false
) -> String {
  TerminalCard(content: content, now: now, inner: max(width, 30) - 4, color: color)
    .lines().map { $0 + "\n" }.joined()
}

/// A run of text drawn in one style (an SGR parameter list such as `1;97`).
private struct Segment {
  var text: String
  var style: String?

  /// A run of `text`, its control characters shown as U+FFFD: the card's words come from the
  /// workout, its names from the server (docs/security.md, "Names and the terminal").
  init(_ text: String, _ style: String? = nil) {
    self.text = ControlCharacters.shown(text)
    self.style = style
  }

  var columns: Int { TextWidth.columns(text) }
}

private struct TerminalCard {
  var content: WorkoutActivityContent
  var now: Date
  /// The columns between `│ ` and ` │`.
  var inner: Int
  var color: Bool

  static let dim = "2"
  static let bold = "1"

  func lines() -> [String] {
    let text = content.surfaces.lockScreen
    var lines = ["╭" + String(repeating: "─", count: inner + 2) + "╮"]
    let clock = RenderedClock.elapsed(since: content.workoutStartedAt, at: now)
    lines.append(row(Segment(text.header, Self.bold), trailing: [Segment(clock, Self.dim)]))
    lines.append(row(Segment(text.title, Self.bold), trailing: [Segment(text.trailing, Self.dim)]))
    if let set = content.currentSet {
      var leading: [Segment] = []
      if let badge = set.badge {
        let style = Self.background(hex: badge.colorHex).map { "1;97;" + $0 }
        leading = [
          color && style != nil
            ? Segment(" \(badge.letter) ", style) : Segment("[\(badge.letter)]"),
          Segment(" "),
        ]
      }
      let checkmark =
        set.checkmark == .enabled
        ? Segment("[✓]", "1;32") : Segment("(✓)", Self.dim)
      lines.append(row(Segment(text.detail), before: leading, trailing: [checkmark]))
    } else if let action = content.primaryAction {
      lines.append(row(Segment("[ \(action.title) ]", "1;94"), trailing: []))
    }
    if let rest = content.rest {
      lines.append(restRow(rest))
    }
    lines.append("╰" + String(repeating: "─", count: inner + 2) + "╯")
    return lines
  }

  /// `Rest   [-15s]  1:07  [+15s]  [Skip]`: the controls flush right, the title cut to fit.
  private func restRow(_ rest: CardRest) -> String {
    let clock = RenderedClock.rest(rest, at: now)
    let field =
      clock.overdue
      ? Segment(" +\(clock.text) ", "1;97;41") : Segment(" \(clock.text) ", Self.bold)
    let controls = [
      Segment("[\(rest.decreaseLabel)]"), Segment(" "), field, Segment(" "),
      Segment("[\(rest.increaseLabel)]"), Segment(" "), Segment("[\(rest.skipLabel)]"),
    ]
    return row(Segment(rest.title, Self.dim), trailing: controls)
  }

  /// One line: `before`, then `main` cut to what is left, then `trailing` flush right.
  private func row(_ main: Segment, before: [Segment] = [], trailing: [Segment]) -> String {
    let fixed = (before + trailing).reduce(0) { $0 + $1.columns }
    let gap = trailing.isEmpty ? 0 : 1
    var cut = main
    cut.text = TextWidth.fit(main.text, columns: max(inner - fixed - gap, 1))
    let segments = before + [cut]
    let used = fixed + cut.columns
    let padding = Segment(String(repeating: " ", count: max(inner - used, 0)))
    return "│ " + (segments + [padding] + trailing).map(draw).joined() + " │"
  }

  private func draw(_ segment: Segment) -> String {
    guard color, let style = segment.style, !segment.text.isEmpty else { return segment.text }
    return "\u{1B}[\(style)m\(segment.text)\u{1B}[0m"
  }

  /// The SGR parameters of a 24-bit background of `#RRGGBB`, `nil` for anything else.
  static func background(hex: String) -> String? {
    guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else {
      return nil
    }
    return "48;2;\(value >> 16 & 0xFF);\(value >> 8 & 0xFF);\(value & 0xFF)"
  }
}
