// NB: docs/security.md, "Names and the terminal": a name (a program's, an exercise's, a meal's, a
// food's) never holds a control character. The server refuses one (400 naming the field); every
// place that shows a name, in a terminal or in a document, shows a control character that got in
// before (stored data older than the rule, a server that does not keep it) as U+FFFD, visible and
// inert, instead of letting it retitle the terminal or clear the screen.

/// The characters a name may not hold, and text made safe to show.
///
/// A control character is a C0 control (U+0000 to U+001F), DEL (U+007F) or a C1 control (U+0080
/// to U+009F): what a terminal reads as a command (ESC starts a sequence, U+009B is CSI on its
/// own) and what XML 1.0 does not allow, or allows only as a reference.
public enum ControlCharacters {
  /// Shown in place of a control character.
  public static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// Whether `scalar` is a C0 control, DEL or a C1 control.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Whether `text` holds a control character.
  public static func found(in text: some StringProtocol) -> Bool {
    // C0 and DEL are single bytes in UTF-8, a C1 control is 0xC2 then 0x80 to 0x9F: one pass
    // over the bytes, with no decoding, for every name of every request.
    var afterC2 = false
    for byte in text.utf8 {
      if byte < 0x20 || byte == 0x7F || (afterC2 && byte <= 0x9F) { return true }
      afterC2 = byte == 0xC2
    }
    return false
  }

  /// `text` with each control character replaced by U+FFFD, except those in `keeping` (a
  /// message's own line breaks).
  public static func shown(_ text: String, keeping: Set<Unicode.Scalar> = []) -> String {
    guard found(in: text) else { return text }
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      shown.append(isControl(scalar) && !keeping.contains(scalar) ? replacement : scalar)
    }
    return String(shown)
  }
}

/// Text written into an XML 1.0 document (an SVG's `<text>` or an attribute value).
public enum XMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` as references, and every character XML 1.0 does not
  /// allow (C0 controls, tab and line breaks included, since a name has none, the noncharacters
  /// U+FFFE and U+FFFF) and every C1 control replaced by U+FFFD: such characters cannot be
  /// escaped, and a document holding one is not XML.
  public static func escaped(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case _
      where ControlCharacters.isControl(scalar) || scalar.value == 0xFFFE
        || scalar.value == 0xFFFF:
        escaped.unicodeScalars.append(ControlCharacters.replacement)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
