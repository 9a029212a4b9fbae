import Foundation
import Testing
import TraineeAPI

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Names hold no control characters; text with one is shown with U+FFFD in its place, and XML
/// text is escaped per XML 1.0 (docs/security.md, "Names and the terminal").
struct ControlCharactersTests {
  @Test(arguments: [
    "\u{00}", "\u{07}", "\t", "\n", "\r", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9B}",
    "\u{9F}", "Squat\u{1B}]0;owned\u{07}",
  ])
  func everyC0C1AndDeleteIsFound(text: String) {
    #expect(ControlCharacters.found(in: text))
    #expect(text.unicodeScalars.contains(where: ControlCharacters.isControl))
  }

  @Test(arguments: [
    "", "Squat (Barbell)", "Kniebeuge mit Ü", "\u{A0}", "\u{A0}Ā", "スクワット", "🏋️", "\u{200B}",
    "Ä\u{0308}", "\u{C2}\u{A9}",
  ])
  func visibleTextIsNotFound(text: String) {
    #expect(!ControlCharacters.found(in: text))
    #expect(ControlCharacters.shown(text) == text)
  }

  @Test func eachControlIsShownAsTheReplacementCharacter() {
    #expect(
      ControlCharacters.shown("Squat\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}1m")
        == "Squat\u{FFFD}]0;owned\u{FFFD}\u{FFFD}[2J\u{FFFD}1m")
    #expect(ControlCharacters.shown("a\nb\u{1B}c", keeping: ["\n"]) == "a\nb\u{FFFD}c")
  }

  @Test func xmlTextEscapesTheFiveAndReplacesWhatXMLDoesNotAllow() {
    let escaped = XMLText.escaped("A & B <x> \"q\" 'a' \u{1B}[2J\u{0}\t\u{85}\u{FFFE}\u{FFFF} Ü")
    #expect(
      escaped
        == "A &amp; B &lt;x&gt; &quot;q&quot; &apos;a&apos; \u{FFFD}[2J\u{FFFD}\u{FFFD}\u{FFFD}"
        + "\u{FFFD}\u{FFFD} Ü")
    // The escaped text is well-formed XML whatever was in it.
    let document = "<text>\(XMLText.escaped("\u{1B}]0;x\u{7}\u{0}\u{FFFF}&"))</text>"
    let parser = XMLParser(data: Data(document.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
  }
}
