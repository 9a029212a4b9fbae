// NB: docs/decisions/the-lock-screen-card.md, "Live Activity previews and Apple layer":
// `activityTerminalCard(_:now:width:color: true)` draws the Live Activity card with SGR sequences;
// the terminal app reads them back into runs so the card is drawn, clipped and diffed like every
// other line.

extension StyledLine {
  /// The line that `ansi`, text with SGR escape sequences, draws.
  ///
  /// Reads SGR 0, 1, 2, 4, 7, 22, 24, 27, 30–37, 39, 40–47, 49, 90–97, 100–107, `38;2;r;g;b` and
  /// `48;2;r;g;b`; other SGR codes are ignored, other escape sequences and control characters
  /// (a newline included) are dropped.
  public init(ansi: String) {
    var style = TextStyle.plain
    self = Self.parse(ansi.unicodeScalars[...], style: &style)
  }

  /// The lines of `ansi`, split at each newline; a style still on at the end of a line carries on
  /// into the next, as on a terminal. A final newline ends the last line rather than starting an
  /// empty one, so the card's `line\n` rows give one line each.
  public static func lines(ansi: String) -> [StyledLine] {
    guard !ansi.isEmpty else { return [] }
    var pieces = ansi.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    if pieces.last?.isEmpty == true { pieces.removeLast() }
    var style = TextStyle.plain
    return pieces.map { parse($0, style: &style) }
  }

  /// The runs of `scalars`, starting in `style` and leaving it as the line ends.
  private static func parse(
    _ scalars: Substring.UnicodeScalarView, style: inout TextStyle
  ) -> StyledLine {
    var line = StyledLine()
    var text = String.UnicodeScalarView()
    var index = scalars.startIndex
    func endRun() {
      guard !text.isEmpty else { return }
      if let last = line.runs.last, last.style == style {
        line.runs[line.runs.count - 1].text += String(text)
      } else {
        line.append(String(text), style)
      }
      text = String.UnicodeScalarView()
    }
    while index < scalars.endIndex {
      let scalar = scalars[index]
      index = scalars.index(after: index)
      if scalar == "\u{1B}" {
        guard scalars[index...].first == "[" else {
          // Another escape (such as `ESC ( B`): intermediates, then one final character.
          while index < scalars.endIndex, (0x20...0x2F).contains(scalars[index].value) {
            index = scalars.index(after: index)
          }
          if index < scalars.endIndex { index = scalars.index(after: index) }
          continue
        }
        let sequence = controlSequence(scalars[scalars.index(after: index)...])
        index = sequence.end
        if sequence.final == "m", let codes = sgrCodes(sequence.parameters) {
          endRun()
          style.apply(sgr: codes)
        }
      } else if scalar.properties.generalCategory != .control {
        text.append(scalar)
      }
    }
    endRun()
    return line
  }

  /// A CSI sequence: its parameter text, its final character (nil when malformed or cut) and
  /// where the text after it starts.
  private struct ControlSequence {
    var parameters: String
    var final: Unicode.Scalar?
    var end: String.Index
  }

  /// The CSI sequence whose parameters start `scalars` (just after `ESC [`). A malformed one
  /// ends before the scalar that broke it; a cut one ends with the text.
  private static func controlSequence(_ scalars: Substring.UnicodeScalarView) -> ControlSequence {
    var index = scalars.startIndex
    var parameters = String.UnicodeScalarView()
    while index < scalars.endIndex {
      let scalar = scalars[index]
      switch scalar.value {
      case 0x20...0x3F: parameters.append(scalar)
      case 0x40...0x7E:
        return ControlSequence(
          parameters: String(parameters), final: scalar, end: scalars.index(after: index))
      default: return ControlSequence(parameters: String(parameters), final: nil, end: index)
      }
      index = scalars.index(after: index)
    }
    return ControlSequence(parameters: String(parameters), final: nil, end: index)
  }

  /// The numbers of an SGR parameter string (an empty one is 0), or nil when it is not one.
  private static func sgrCodes(_ parameters: String) -> [Int]? {
    var codes: [Int] = []
    for field in parameters.split(separator: ";", omittingEmptySubsequences: false) {
      guard let code = field.isEmpty ? 0 : Int(field) else { return nil }
      codes.append(code)
    }
    return codes
  }
}
