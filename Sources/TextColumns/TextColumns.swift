import Foundation

/// How many columns text takes in a monospaced terminal, and text cut to fit a width.
///
/// Wide (East Asian) characters take two columns; combining marks, format characters and the
/// zero-width space take none. Shared by the Live Activity's terminal card and the terminal app so
/// both measure alike.
public enum TextColumns {
  /// The columns `text` takes in a terminal.
  public static func of(_ text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { $0 + of(scalar: $1) }
  }

  /// The columns one scalar takes: 0, 1 or 2.
  public static func of(scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.value == 0x200B { return 0 }
    return isWide(scalar.value) ? 2 : 1
  }

  /// `text` cut to `limit` columns with `…` at the cut; empty when not even one character fits.
  public static func fit(_ text: String, columns limit: Int) -> String {
    fit(text, within: Double(limit)) { Double(of($0)) }
  }

  /// `text` cut to fit `limit` as `measure` counts it, with `…` at the cut; empty when not even
  /// one character fits (an ellipsis alone says nothing).
  public static func fit(
    _ text: String, within limit: Double, measure: (String) -> Double
  )
    -> String
  {
    guard measure(text) > limit else { return text }
    var kept = ""
    for character in text {
      let next = kept + String(character)
      if measure(next + "…") > limit { break }
      kept = next
    }
    let trimmed = kept.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? "" : trimmed + "…"
  }

  /// East Asian wide and fullwidth ranges (Unicode's EastAsianWidth W and F, abridged).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}
