import TerminalUI
import Testing

struct LineEditorTests {
  /// The field after each of `keys`, with the last outcome.
  private func edit(_ editor: LineEditor, _ keys: [Key]) -> (LineEditor, LineEditor.Outcome) {
    var editor = editor
    var outcome = LineEditor.Outcome.editing
    for key in keys { outcome = editor.handle(key) }
    return (editor, outcome)
  }

  private func type(_ text: String) -> [Key] { text.map(Key.character) }

  @Test func charactersAreInsertedAtTheCursor() {
    let (editor, outcome) = edit(LineEditor("85"), [.left] + type("2.") + [.end] + type("0"))
    #expect(editor.text == "82.50")
    #expect(editor.cursor == 5)
    #expect(outcome == .editing)
  }

  @Test func aNewFieldHasItsCursorAtTheEnd() {
    #expect(LineEditor("abc").cursor == 3)
    #expect(LineEditor().text == "")
  }

  @Test func backspaceRemovesBeforeTheCursor() {
    let (editor, _) = edit(LineEditor("100"), [.left, .backspace])
    #expect(editor.text == "10")
    #expect(editor.cursor == 1)
    let (start, _) = edit(LineEditor("100"), [.home, .backspace])
    #expect(start.text == "100")
    #expect(start.cursor == 0)
  }

  @Test func deleteRemovesAtTheCursor() {
    let (editor, _) = edit(LineEditor("100"), [.home, .delete])
    #expect(editor.text == "00")
    #expect(editor.cursor == 0)
    let (end, _) = edit(LineEditor("100"), [.delete])
    #expect(end.text == "100")
  }

  @Test func theCursorStaysInsideTheText() {
    #expect(edit(LineEditor("ab"), [.left, .left, .left]).0.cursor == 0)
    #expect(edit(LineEditor("ab"), [.right]).0.cursor == 2)
    #expect(edit(LineEditor("ab"), [.home, .right]).0.cursor == 1)
    #expect(edit(LineEditor("ab"), [.control("a")]).0.cursor == 0)
    #expect(edit(LineEditor("ab"), [.home, .control("e")]).0.cursor == 2)
    #expect(edit(LineEditor("ab"), [.home, .end]).0.cursor == 2)
  }

  @Test func controlUClearsTheField() {
    let (editor, _) = edit(LineEditor("abc"), [.control("u")])
    #expect(editor.text == "")
    #expect(editor.cursor == 0)
  }

  @Test func onlyAllowedCharactersAreTaken() {
    let (editor, _) = edit(LineEditor(allowed: LineEditor.numeric), type("8o,5 kg."))
    #expect(editor.text == "8,5.")
  }

  @Test func theFieldStopsAtItsMaximumLength() {
    let (editor, _) = edit(LineEditor("12", maxLength: 3), type("345"))
    #expect(editor.text == "123")
    #expect(editor.cursor == 3)
  }

  @Test func enterCommitsTheTextAndEscapeCancels() {
    #expect(edit(LineEditor("80"), type("5") + [.enter]).1 == .committed("805"))
    #expect(edit(LineEditor("80"), type("5") + [.escape]).1 == .cancelled)
  }

  @Test func otherKeysAreIgnored() {
    let (editor, outcome) = edit(LineEditor("ab"), [.up, .tab, .pageDown, .control("c")])
    #expect(editor == LineEditor("ab"))
    #expect(outcome == .editing)
  }
}
