import TerminalUI
import Testing

/// `ESC` followed by `text`: a control sequence in an expected output.
private func esc(_ text: String) -> String { "\u{1B}" + text }

private let hide = esc("[?25l")
private let show = esc("[?25h")
private let clearScreen = hide + esc("[0m") + esc("[2J")
/// The end of a row that does not fill the width.
private let endShort = esc("[0m") + esc("[K")

private func frame(_ lines: String..., cursor: (row: Int, column: Int)? = nil) -> Frame {
  Frame(lines: lines.map { StyledLine($0) }, cursor: cursor)
}

struct ScreenRendererTests {
  let size = TerminalSize(rows: 4, columns: 10)

  @Test func firstFrameClearsTheScreenAndDrawsEveryLine() {
    var renderer = ScreenRenderer()
    let output = renderer.render(frame("Today", "", "Bench"), size: size)
    #expect(
      output == clearScreen + esc("[1;1H") + "Today" + endShort + esc("[3;1H") + "Bench" + endShort)
  }

  @Test func anEqualFrameSendsNothing() {
    var renderer = ScreenRenderer()
    _ = renderer.render(frame("Today", "Bench"), size: size)
    #expect(renderer.render(frame("Today", "Bench"), size: size) == "")
  }

  @Test func anAnswerToAnEqualFrameSaysTheCursorAgainAndChangesNothing() {
    var renderer = ScreenRenderer()
    _ = renderer.render(frame("Today", "Bench"), size: size)
    #expect(renderer.answer(frame("Today", "Bench"), size: size) == hide)
    _ = renderer.render(frame("80", cursor: (row: 0, column: 2)), size: size)
    #expect(renderer.answer(frame("80", cursor: (row: 0, column: 2)), size: size) == esc("[1;3H"))
    // The answer changed nothing the next render compares with.
    #expect(renderer.render(frame("80", cursor: (row: 0, column: 2)), size: size) == "")
  }

  @Test func anAnswerToAChangedFrameIsItsRendering() {
    var renderer = ScreenRenderer()
    var twin = ScreenRenderer()
    _ = renderer.render(frame("a", "b"), size: size)
    _ = twin.render(frame("a", "b"), size: size)
    #expect(
      renderer.answer(frame("a", "c"), size: size) == twin.render(frame("a", "c"), size: size))
  }

  @Test func onlyTheChangedLineIsRewritten() {
    var renderer = ScreenRenderer()
    _ = renderer.render(frame("a", "b", "c"), size: size)
    #expect(renderer.render(frame("a", "X", "c"), size: size) == esc("[2;1H") + "X" + endShort)
  }

  @Test func linesTheFrameNoLongerReachesAreCleared() {
    var renderer = ScreenRenderer()
    _ = renderer.render(frame("a", "b", "c"), size: size)
    #expect(renderer.render(frame("a"), size: size) == esc("[2;1H") + esc("[0m") + esc("[J"))
    #expect(renderer.render(frame("a", "b"), size: size) == esc("[2;1H") + "b" + endShort)
  }

  @Test func linesBelowTheScreenAreNotDrawn() {
    var renderer = ScreenRenderer()
    let output = renderer.render(frame("1", "2", "3"), size: TerminalSize(rows: 2, columns: 5))
    #expect(output == clearScreen + esc("[1;1H") + "1" + endShort + esc("[2;1H") + "2" + endShort)
  }

  @Test(arguments: [
    ("abcdefghijkl", 10, "abcdefghij" + esc("[0m")),
    ("abcdefghij", 10, "abcdefghij" + esc("[0m")),
    ("日本語の", 5, "日本 " + esc("[0m")),
    ("日本語の", 4, "日本" + esc("[0m")),
    ("a日本語", 4, "a日 " + esc("[0m")),
    ("e\u{301}te\u{301}", 10, "e\u{301}te\u{301}" + endShort),
  ])
  func linesAreCutToTheWidthWithoutSplittingAWideCharacter(
    _ text: String, _ columns: Int, _ drawn: String
  ) {
    var renderer = ScreenRenderer()
    let output = renderer.render(frame(text), size: TerminalSize(rows: 1, columns: columns))
    #expect(output == clearScreen + esc("[1;1H") + drawn)
  }

  @Test func aCutStopsAtTheRunThatFillsTheWidth() {
    let line = StyledLine([
      StyledRun("abc", TextStyle(bold: true)), StyledRun("def", TextStyle(underline: true)),
    ])
    var renderer = ScreenRenderer()
    let output = renderer.render(Frame(lines: [line]), size: TerminalSize(rows: 1, columns: 3))
    #expect(output == clearScreen + esc("[1;1H") + esc("[0;1m") + "abc" + esc("[0m"))
  }

  @Test func controlCharactersInTheTextAreDropped() {
    var renderer = ScreenRenderer()
    let output = renderer.render(frame("a\tb\u{1B}[2Jc\r\n"), size: size)
    #expect(output == clearScreen + esc("[1;1H") + "ab[2Jc" + endShort)
  }

  /// A name that would retitle the terminal (OSC 0) or start a C1 CSI draws as its visible text
  /// alone (docs/security.md, "Names and the terminal").
  @Test func c1ControlsDeleteAndATitleSequenceAreDroppedToo() {
    var renderer = ScreenRenderer()
    let output = renderer.render(frame("\u{1B}]0;x\u{07}\u{9B}2J\u{85}\u{7F}y"), size: size)
    #expect(output == clearScreen + esc("[1;1H") + "]0;x2Jy" + endShort)
  }

  @Test(arguments: [
    (TextStyle(bold: true), "1"),
    (TextStyle(dim: true), "2"),
    (TextStyle(underline: true), "4"),
    (TextStyle(reverse: true), "7"),
    (TextStyle(bold: true, dim: true, reverse: true, underline: true), "1;2;4;7"),
    (TextStyle(foreground: .black), "30"),
    (TextStyle(foreground: .red), "31"),
    (TextStyle(foreground: .white), "37"),
    (TextStyle(foreground: .gray), "90"),
    (TextStyle(foreground: .brightBlue), "94"),
    (TextStyle(foreground: .brightWhite), "97"),
    (TextStyle(background: .green), "42"),
    (TextStyle(background: .gray), "100"),
    (TextStyle(background: .brightCyan), "106"),
    (TextStyle(foreground: .rgb(1, 2, 3)), "38;2;1;2;3"),
    (TextStyle(background: .rgb(16, 185, 129)), "48;2;16;185;129"),
    (TextStyle(bold: true, foreground: .brightWhite, background: .red), "1;97;41"),
  ])
  func stylesBecomeSGR(_ style: TextStyle, _ parameters: String) {
    var renderer = ScreenRenderer()
    let line = StyledLine([StyledRun("x", style), StyledRun("y")])
    let output = renderer.render(Frame(lines: [line]), size: size)
    #expect(
      output == clearScreen + esc("[1;1H") + esc("[0;\(parameters)m") + "x" + esc("[0m") + "y"
        + endShort)
  }

  @Test func runsInTheSameStyleShareOneSGR() {
    let bold = TextStyle(bold: true)
    let line = StyledLine([StyledRun("a", bold), StyledRun("b", bold), StyledRun("c")])
    var renderer = ScreenRenderer()
    let output = renderer.render(Frame(lines: [line]), size: size)
    #expect(
      output == clearScreen + esc("[1;1H") + esc("[0;1m") + "ab" + esc("[0m") + "c" + endShort)
  }

  @Test func aPlacedCursorIsMovedAndShown() {
    var renderer = ScreenRenderer()
    let output = renderer.render(frame("Weight", "80", cursor: (row: 1, column: 2)), size: size)
    #expect(output.hasSuffix(endShort + esc("[2;3H") + show))
    #expect(renderer.render(frame("Weight", "80", cursor: (row: 1, column: 2)), size: size) == "")
  }

  @Test func movingOnlyTheCursorSendsOnlyTheMove() {
    var renderer = ScreenRenderer()
    _ = renderer.render(frame("80", cursor: (row: 0, column: 2)), size: size)
    #expect(renderer.render(frame("80", cursor: (row: 0, column: 1)), size: size) == esc("[1;2H"))
  }

  @Test func aCursorThatGoesAwayIsHidden() {
    var renderer = ScreenRenderer()
    _ = renderer.render(frame("80", cursor: (row: 0, column: 2)), size: size)
    #expect(renderer.render(frame("80"), size: size) == hide)
  }

  @Test func theCursorIsHiddenWhileLinesChangeAndShownAgainAfter() {
    var renderer = ScreenRenderer()
    _ = renderer.render(frame("8", cursor: (row: 0, column: 1)), size: size)
    let output = renderer.render(frame("80", cursor: (row: 0, column: 2)), size: size)
    #expect(output == hide + esc("[1;1H") + "80" + endShort + esc("[1;3H") + show)
  }

  @Test func aCursorOutsideTheScreenIsKeptOnIt() {
    var renderer = ScreenRenderer()
    let output = renderer.render(frame("a", cursor: (row: 9, column: 40)), size: size)
    #expect(output.hasSuffix(esc("[4;10H") + show))
  }

  @Test func aNewSizeRedrawsEverything() {
    var renderer = ScreenRenderer()
    _ = renderer.render(frame("a", "b"), size: size)
    let output = renderer.render(frame("a", "b"), size: TerminalSize(rows: 5, columns: 12))
    #expect(
      output == clearScreen + esc("[1;1H") + "a" + endShort + esc("[2;1H") + "b" + endShort)
  }

  @Test func forceRedrawsEverything() {
    var renderer = ScreenRenderer()
    _ = renderer.render(frame("a", cursor: (row: 0, column: 1)), size: size)
    let output = renderer.render(frame("a", cursor: (row: 0, column: 1)), size: size, force: true)
    #expect(output == clearScreen + esc("[1;1H") + "a" + endShort + esc("[1;2H") + show)
  }

  @Test func whatIsDrawnReadsBackAsTheSameLine() {
    let line = StyledLine([
      StyledRun(" W ", TextStyle(bold: true, foreground: .brightWhite, background: .rgb(1, 2, 3))),
      StyledRun(" Bench 日本 ", TextStyle(dim: true, underline: true)),
      StyledRun("[✓]", TextStyle(bold: true, foreground: .green)),
    ])
    var renderer = ScreenRenderer()
    let output = renderer.render(Frame(lines: [line]), size: TerminalSize(rows: 1, columns: 40))
    #expect(StyledLine(ansi: output) == line)
  }
}
