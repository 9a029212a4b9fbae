/// One key press as the terminal app sees it, decoded from the bytes a terminal sends.
public enum Key: Hashable, Sendable {
  /// A printable character (letters, digits, punctuation, space, any Unicode text).
  case character(Character)
  /// Control plus a letter, lowercased: Ctrl-C is `.control("c")`. Enter, Tab, Backspace and
  /// Escape have their own cases, not this one.
  case control(Character)
  case enter, tab, backTab, backspace, delete, escape
  case up, down, left, right, home, end, pageUp, pageDown
  /// The terminal window gained or lost the focus (focus reporting, `ESC [ I` / `ESC [ O`,
  /// sent by terminals that support it once the app asks with `ESC [ ? 1004 h`).
  case focusIn, focusOut
}
