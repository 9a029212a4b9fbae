import TerminalUI
import Testing

struct StyledLineANSITests {
  @Test func textWithoutSequencesIsOnePlainRun() {
    #expect(StyledLine(ansi: "Bench press") == StyledLine("Bench press"))
    #expect(StyledLine(ansi: "") == StyledLine())
  }

  @Test func theCardBadgeReadsAsBoldBrightWhiteOnItsColour() {
    let line = StyledLine(ansi: "│ \u{1B}[1;97;48;2;37;99;235m A \u{1B}[0m Bench │")
    let badge = TextStyle(bold: true, foreground: .brightWhite, background: .rgb(37, 99, 235))
    #expect(
      line == StyledLine([StyledRun("│ "), StyledRun(" A ", badge), StyledRun(" Bench │")]))
  }

  @Test func aCardRowWithSeveralSegments() {
    let row =
      "│ \u{1B}[2mRest\u{1B}[0m   [-15s] \u{1B}[1;97;41m +0:12 \u{1B}[0m [+15s] [Skip] │"
      + "\u{1B}[1;32m[✓]\u{1B}[0m\u{1B}[1;94m[ Start ]\u{1B}[0m"
    #expect(
      StyledLine(ansi: row).runs == [
        StyledRun("│ "),
        StyledRun("Rest", TextStyle(dim: true)),
        StyledRun("   [-15s] "),
        StyledRun(" +0:12 ", TextStyle(bold: true, foreground: .brightWhite, background: .red)),
        StyledRun(" [+15s] [Skip] │"),
        StyledRun("[✓]", TextStyle(bold: true, foreground: .green)),
        StyledRun("[ Start ]", TextStyle(bold: true, foreground: .brightBlue)),
      ])
  }

  @Test(arguments: [
    ("\u{1B}[1;2;4;7mx", TextStyle(bold: true, dim: true, reverse: true, underline: true)),
    ("\u{1B}[1;2;4;7;22mx", TextStyle(reverse: true, underline: true)),
    ("\u{1B}[4;7;24mx", TextStyle(reverse: true)),
    ("\u{1B}[4;7;27mx", TextStyle(underline: true)),
    ("\u{1B}[31;42;39mx", TextStyle(background: .green)),
    ("\u{1B}[31;42;49mx", TextStyle(foreground: .red)),
    ("\u{1B}[30;47mx", TextStyle(foreground: .black, background: .white)),
    ("\u{1B}[90;107mx", TextStyle(foreground: .gray, background: .brightWhite)),
    ("\u{1B}[93;101mx", TextStyle(foreground: .brightYellow, background: .brightRed)),
    (
      "\u{1B}[38;2;1;2;3;48;2;4;5;6mx",
      TextStyle(foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6))
    ),
    ("\u{1B}[1m\u{1B}[0mx", TextStyle()),
    ("\u{1B}[1m\u{1B}[mx", TextStyle()),
    ("\u{1B}[1;;4mx", TextStyle(underline: true)),
    ("\u{1B}[38;5;1;4mx", TextStyle(underline: true)),
    ("\u{1B}[3;5;9;53mx", TextStyle()),
    ("\u{1B}[38;2;300;0;0;1mx", TextStyle(bold: true)),
    ("\u{1B}[1;38;2;1mx", TextStyle(bold: true)),
    ("\u{1B}[38:2::1:2:3mx", TextStyle()),
  ])
  func sgrCodesSetTheStyle(_ ansi: String, _ style: TextStyle) {
    #expect(StyledLine(ansi: ansi) == StyledLine("x", style))
  }

  @Test func otherSequencesAndControlCharactersAreDropped() {
    #expect(StyledLine(ansi: "\u{1B}[2K\u{1B}[?25la\tb\u{7}\u{1B}(Bc\r\n") == StyledLine("abc"))
  }

  @Test func aCutSequenceDropsOnlyItself() {
    #expect(StyledLine(ansi: "ab\u{1B}[1;3") == StyledLine("ab"))
    #expect(StyledLine(ansi: "ab\u{1B}") == StyledLine("ab"))
    #expect(StyledLine(ansi: "a\u{1B}[1\u{7}b") == StyledLine("ab"))
  }

  @Test func aStyleThatChangesNothingStartsNoNewRun() {
    #expect(StyledLine(ansi: "a\u{1B}[0mb\u{1B}[39mc").runs == [StyledRun("abc")])
  }

  @Test func linesSplitAtNewlinesAndAFinalNewlineEndsTheLastLine() {
    #expect(StyledLine.lines(ansi: "a\nb\n") == [StyledLine("a"), StyledLine("b")])
    #expect(StyledLine.lines(ansi: "a\n\nb") == [StyledLine("a"), StyledLine(), StyledLine("b")])
    #expect(StyledLine.lines(ansi: "\n") == [StyledLine()])
    #expect(StyledLine.lines(ansi: "") == [])
  }

  @Test func aStyleCarriesOnIntoTheNextLine() {
    let bold = TextStyle(bold: true)
    #expect(
      StyledLine.lines(ansi: "\u{1B}[1ma\nb\u{1B}[0m c\n") == [
        StyledLine("a", bold), StyledLine([StyledRun("b", bold), StyledRun(" c")]),
      ])
  }

  @Test func aCardReadsAsOneLinePerRow() {
    let card =
      "╭──────────╮\n"
      + "│ \u{1B}[1mPush day\u{1B}[0m \u{1B}[2m12:04\u{1B}[0m │\n"
      + "╰──────────╯\n"
    let lines = StyledLine.lines(ansi: card)
    #expect(lines.map(\.plainText) == ["╭──────────╮", "│ Push day 12:04 │", "╰──────────╯"])
    #expect(lines[1].runs[1] == StyledRun("Push day", TextStyle(bold: true)))
    #expect(lines[1].runs[3] == StyledRun("12:04", TextStyle(dim: true)))
  }
}
