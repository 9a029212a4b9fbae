/// A colour of the terminal's palette, or an exact one where the terminal draws 24-bit colour.
///
/// The eight base colours are SGR 30–37 (backgrounds 40–47); `gray` is bright black and the
/// `bright` ones are the other bright colours, SGR 90–97 (backgrounds 100–107).
public enum TerminalColor: Hashable, Sendable {
  case black, red, green, yellow, blue, magenta, cyan, white, gray
  case brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
  /// An exact colour, as the Live Activity's resolved hex values.
  case rgb(UInt8, UInt8, UInt8)
}

/// How a run of text is drawn.
public struct TextStyle: Hashable, Sendable {
  public var bold: Bool
  public var dim: Bool
  public var reverse: Bool
  public var underline: Bool
  public var foreground: TerminalColor?
  public var background: TerminalColor?

  public init(
    bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false,
    foreground: TerminalColor? = nil, background: TerminalColor? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
    self.foreground = foreground
    self.background = background
  }

  /// Drawn as the terminal's default text.
  public static let plain = TextStyle()
}

/// A run of text drawn in one style.
public struct StyledRun: Hashable, Sendable {
  public var text: String
  public var style: TextStyle

  public init(_ text: String, _ style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }
}

/// One line of the screen: runs of styled text, left to right.
public struct StyledLine: Hashable, Sendable {
  public var runs: [StyledRun]

  public init(_ runs: [StyledRun] = []) { self.runs = runs }

  /// A line of `text` in one style.
  public init(_ text: String, _ style: TextStyle = .plain) { self.runs = [StyledRun(text, style)] }

  /// The text without its styles (what tests and the README capture read).
  public var plainText: String { runs.map(\.text).joined() }

  public mutating func append(_ text: String, _ style: TextStyle = .plain) {
    runs.append(StyledRun(text, style))
  }
}

/// What the app wants on screen: its lines from the top, and where the cursor shows (none:
/// hidden).
public struct Frame: Hashable, Sendable {
  public var lines: [StyledLine]
  /// Zero-based row and column of a visible cursor (while a value is being typed), or nil.
  public var cursor: (row: Int, column: Int)? {
    get { cursorRow.map { ($0, cursorColumn) } }
    set {
      cursorRow = newValue?.row
      cursorColumn = newValue?.column ?? 0
    }
  }
  private var cursorRow: Int?
  private var cursorColumn = 0

  public init(lines: [StyledLine] = [], cursor: (row: Int, column: Int)? = nil) {
    self.lines = lines
    self.cursorRow = cursor?.row
    self.cursorColumn = cursor?.column ?? 0
  }

  /// The plain text of every line, joined by newlines.
  public var plainText: String { lines.map(\.plainText).joined(separator: "\n") }
}
