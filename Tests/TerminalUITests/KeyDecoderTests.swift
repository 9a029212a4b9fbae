import TerminalUI
import Testing

struct KeyDecoderTests {
  /// What one feed of `text`'s UTF-8 gives a fresh decoder.
  private func decode(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(text.utf8)
  }

  @Test(arguments: [
    ("a", [Key.character("a")]),
    ("Ab 1", [.character("A"), .character("b"), .character(" "), .character("1")]),
    ("é日🏋", [.character("é"), .character("日"), .character("🏋")]),
    ("e\u{301}", [.character("e\u{301}")]),
    ("\r", [.enter]),
    ("\n", [.enter]),
    ("\r\n", [.enter]),
    ("\r\r", [.enter, .enter]),
    ("\n\n", [.enter, .enter]),
    ("\n\r", [.enter, .enter]),
    ("\r\na\r\n", [.enter, .character("a"), .enter]),
    ("\t", [.tab]),
    ("\u{1B}[Z", [.backTab]),
    ("\u{7F}", [.backspace]),
    ("\u{08}", [.backspace]),
    ("\u{01}", [.control("a")]),
    ("\u{03}", [.control("c")]),
    ("\u{1A}", [.control("z")]),
    ("\u{00}\u{1C}\u{1F}", []),
  ])
  func textAndControlKeys(_ input: String, _ keys: [Key]) {
    #expect(decode(input) == keys)
  }

  @Test(arguments: [
    ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ("\u{1B}[1;5A", .up), ("\u{1B}[1;2B", .down), ("\u{1B}[1;3C", .right),
    ("\u{1B}[1;5D", .left), ("\u{1B}[1;2H", .home), ("\u{1B}[3;5~", .delete),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[I", .focusIn), ("\u{1B}[O", .focusOut),
  ])
  func escapeSequences(_ input: String, _ key: Key) {
    #expect(decode(input) == [key])
    #expect(decode(input + "x") == [key, .character("x")])
  }

  @Test(arguments: [
    ("\u{1B}x", [Key.escape, .character("x")]),
    ("\u{1B}\r", [.escape, .enter]),
    ("\u{1B}\u{1B}[A", [.escape, .up]),
    ("\u{1B}é", [.escape, .character("é")]),
  ])
  func escapeFollowedByAnotherKeyIsTheEscapeKey(_ input: String, _ keys: [Key]) {
    #expect(decode(input) == keys)
  }

  @Test(arguments: [
    "\u{1B}[15~",  // F5
    "\u{1B}[2~",  // Insert
    "\u{1B}OP",  // F1
    "\u{1B}[<0;10;5M",  // SGR mouse report
    "\u{1B}[?1;2c",  // device attributes reply
    "\u{1B}[~",
    "\u{1B}[1;5I",  // not a focus report: those have no parameters
  ])
  func unknownSequencesAreDroppedAndWhatFollowsIsKept(_ sequence: String) {
    #expect(decode(sequence + "ok") == [.character("o"), .character("k")])
  }

  @Test func aMalformedSequenceKeepsTheByteThatBrokeIt() {
    #expect(decode("\u{1B}[12\ra") == [.enter, .character("a")])
    #expect(decode("\u{1B}[1\u{1B}[B") == [.down])
    #expect(decode("\u{1B}O\u{7F}") == [.backspace])
  }

  @Test func bracketedPasteMarkersAreDroppedAndTheTextKept() {
    #expect(decode("\u{1B}[200~hi\u{1B}[201~") == [.character("h"), .character("i")])
  }

  @Test(arguments: [
    ([0xFF, 0x61] as [UInt8], [Key.character("a")]),
    ([0xC3, 0x28], [.character("(")]),
    ([0xE2, 0x82, 0x41], [.character("A")]),
    ([0xC0, 0xAF, 0x62], [.character("b")]),  // overlong "/"
    ([0xED, 0xA0, 0x80], []),  // a surrogate
    ([0xF4, 0x90, 0x80, 0x80], []),  // past U+10FFFF
    ([0xC2, 0x85], []),  // C1 control NEL
    ([0x80, 0xBF, 0x63], [.character("c")]),
  ])
  func invalidUTF8IsDropped(_ bytes: [UInt8], _ keys: [Key]) {
    var decoder = KeyDecoder()
    #expect(decoder.feed(bytes) == keys)
  }

  // NB: a base and its combining marks make one character only within one feed ("e" then
  // U+0301 in the next read are two keys); a terminal sends a typed character in one write.
  @Test(arguments: ["é", "🏋", "日本", "\u{1B}[1;5A", "\u{1B}OH", "\u{1B}[3~x", "a\r\nb", "\u{1B}x"])
  func everySplitOfTheBytesGivesTheSameKeys(_ text: String) {
    let bytes = Array(text.utf8)
    for cut in 1..<bytes.count {
      var decoder = KeyDecoder()
      let keys = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
      #expect(keys == decode(text), "cut at \(cut)")
    }
  }

  @Test func splitCharacterWaitsForItsLastByte() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0xE6]) == [])
    #expect(decoder.feed([0x97]) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.feed([0xA5, 0x21]) == [.character("日"), .character("!")])
    #expect(!decoder.hasPendingInput)
  }

  @Test func carriageReturnAndLineFeedInTwoFeedsAreOneEnter() {
    var decoder = KeyDecoder()
    #expect(decoder.feed("\r".utf8) == [.enter])
    #expect(decoder.feed("\n".utf8) == [])
    #expect(decoder.feed("\n".utf8) == [.enter])
  }

  @Test func sequenceSplitRightAfterEscapeIsStillASequence() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed("[".utf8) == [])
    #expect(decoder.feed("5~".utf8) == [.pageUp])
  }

  @Test func loneEscapeWaitsForTheQuietTime() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.flushPendingEscape() == [.escape])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.flushPendingEscape() == [])
  }

  @Test func escapeThenANormalByteNeedsNoQuietTime() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed("q".utf8) == [.escape, .character("q")])
  }

  @Test func anUnfinishedSequenceAtTheQuietTimeIsEscapeThenText() {
    var decoder = KeyDecoder()
    #expect(decoder.feed("\u{1B}[1;".utf8) == [])
    #expect(
      decoder.flushPendingEscape() == [
        .escape, .character("["), .character("1"), .character(";"),
      ])
    #expect(decoder.feed("A".utf8) == [.character("A")])
  }

  @Test func afterTheQuietTimeTheBytesStartAfresh() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.flushPendingEscape() == [.escape])
    #expect(decoder.feed("[A".utf8) == [.character("["), .character("A")])

    #expect(decoder.feed("\r".utf8) == [.enter])
    #expect(decoder.flushPendingEscape() == [])
    #expect(decoder.feed("\n".utf8) == [.enter])

    #expect(decoder.feed([0xC3]) == [])
    #expect(decoder.flushPendingEscape() == [])
    #expect(decoder.feed("a".utf8) == [.character("a")])
  }

  @Test func escapeTimeoutIsFiftyMilliseconds() {
    #expect(KeyDecoder.escapeTimeout == .milliseconds(50))
  }
}
