import TextColumns

/// What is on the terminal, and the bytes that change it into the next frame.
///
/// Pure: `render(_:size:force:)` returns text for ``TerminalDevice/write(_:)`` and remembers
/// the frame, so the next call sends only the rows that changed. Every row is addressed with
/// `ESC[row;colH` and never ended with a newline, so the output does not depend on the terminal's
/// newline translation. Each row is cut to the width without splitting a wide character (a space
/// takes the half that does not fit), cleared to the right edge, and ends with `ESC[0m`; control
/// characters in the text are dropped so data cannot move the cursor. The cursor stays hidden
/// unless the frame places it.
public struct ScreenRenderer: Hashable, Sendable {
  /// The drawn bytes of each row, top first; nil before the first frame.
  private var rows: [String]?
  private var size: TerminalSize?
  private var cursor: CursorPosition?
  private var cursorVisible = true

  /// A renderer that assumes nothing about the screen: its first frame is a full redraw.
  public init() {}

  /// The bytes that bring the terminal from the last rendered frame to `frame` at `size`.
  ///
  /// The first frame, a new `size` and `force` redraw the whole screen; otherwise only changed
  /// rows are rewritten and rows the frame no longer reaches are cleared. Lines below the last
  /// row are not drawn. A frame equal to the last one gives `""`.
  public mutating func render(_ frame: Frame, size: TerminalSize, force: Bool = false) -> String {
    let width = max(size.columns, 0)
    let drawn = frame.lines.prefix(max(size.rows, 0)).map { Self.row($0, width: width) }
    var body = ""
    if force || rows == nil || self.size != size {
      body = Self.hideCursor + "\u{1B}[0m\u{1B}[2J"
      for (row, text) in drawn.enumerated() where text != Self.blankRow {
        body += Self.moveCursor(row: row, column: 0) + text
      }
      cursorVisible = false
    } else if let previous = rows {
      for (row, text) in drawn.enumerated() where row >= previous.count || previous[row] != text {
        body += Self.moveCursor(row: row, column: 0) + text
      }
      if previous.count > drawn.count {
        body += Self.moveCursor(row: drawn.count, column: 0) + "\u{1B}[0m\u{1B}[J"
      }
    }
    var output = ""
    if !body.isEmpty, cursorVisible {
      output += Self.hideCursor
      cursorVisible = false
    }
    output += body
    let target = frame.cursor.flatMap { CursorPosition($0, within: size) }
    if let target {
      if !body.isEmpty || target != cursor || !cursorVisible {
        output += Self.moveCursor(row: target.row, column: target.column)
      }
      if !cursorVisible { output += Self.showCursor }
      cursorVisible = true
    } else if cursorVisible {
      output += Self.hideCursor
      cursorVisible = false
    }
    rows = drawn
    self.size = size
    cursor = target
    return output
  }

  /// The bytes that say the screen is already what `frame` asks for: what ``render(_:size:force:)``
  /// returns when the frame changed, else the cursor's state said again (its place, or that it
  /// is hidden), a few bytes that change nothing on the terminal.
  ///
  /// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "Key-to-frame latency": every
  /// key the app reads is answered, so whoever typed it (the benchmark, a test, a person's
  /// terminal) can tell a key that changed nothing from a key not handled yet.
  public mutating func answer(_ frame: Frame, size: TerminalSize) -> String {
    let output = render(frame, size: size)
    guard output.isEmpty else { return output }
    guard cursorVisible, let cursor else { return Self.hideCursor }
    return Self.moveCursor(row: cursor.row, column: cursor.column)
  }

  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
  /// An empty line's drawing: what a cleared screen already shows.
  static let blankRow = "\u{1B}[0m\u{1B}[K"

  /// `ESC[row;colH` for a zero-based position.
  static func moveCursor(row: Int, column: Int) -> String {
    "\u{1B}[\(row + 1);\(column + 1)H"
  }

  /// The bytes of one row: styled runs cut to `width` columns, reset, and cleared to the edge when
  /// they do not fill it.
  static func row(_ line: StyledLine, width: Int) -> String {
    var output = ""
    var used = 0
    var current = TextStyle.plain
    runs: for run in line.runs {
      var text = ""
      var full = false
      for character in run.text where !character.isControl {
        let columns = TextColumns.of(String(character))
        if used + columns > width {
          if used < width { text += " " }  // the left half of a wide character that is cut
          used = width
          full = true
          break
        }
        text.append(character)
        used += columns
      }
      if !text.isEmpty {
        if run.style != current {
          output += "\u{1B}[0" + (run.style == .plain ? "" : ";" + run.style.sgrParameters) + "m"
          current = run.style
        }
        output += text
      }
      if full { break runs }
    }
    return output + "\u{1B}[0m" + (used < width ? "\u{1B}[K" : "")
  }
}

/// Where a visible cursor sits, zero-based and inside the screen.
private struct CursorPosition: Hashable, Sendable {
  var row: Int
  var column: Int

  /// `position` moved inside `size`; nil when the screen has no cells.
  init?(_ position: (row: Int, column: Int), within size: TerminalSize) {
    guard size.rows > 0, size.columns > 0 else { return nil }
    row = min(max(position.row, 0), size.rows - 1)
    column = min(max(position.column, 0), size.columns - 1)
  }
}

extension Character {
  /// A control character (C0, DEL or C1), which would move the cursor or start a sequence.
  fileprivate var isControl: Bool {
    unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
