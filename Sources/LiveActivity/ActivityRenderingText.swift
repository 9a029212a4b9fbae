import Foundation

// NB: issue 5 "Seeing it on Linux" and spec workout-live-activity.md "The rest timer": the
// previews draw the clocks the way the system does from the content's dates (`Text(timerInterval:)`
// on iOS): the workout clock counts up, the rest clock counts down to its end and then up while
// overdue. These are the only strings the renderings make; every other word comes prepared.

/// The clocks as the system would draw them at one moment.
enum RenderedClock {
  /// `7:05`, or `1:02:03` from an hour on; negative counts as zero.
  static func text(seconds: Int) -> String {
    let seconds = max(0, seconds)
    let hours = seconds / 3600
    let minutes = seconds / 60 % 60
    let rest = seconds % 60
    let paddedSeconds = rest < 10 ? "0\(rest)" : "\(rest)"
    guard hours > 0 else { return "\(minutes):\(paddedSeconds)" }
    return "\(hours):\(minutes < 10 ? "0\(minutes)" : "\(minutes)"):\(paddedSeconds)"
  }

  /// The workout clock at `now`: whole seconds since `start`.
  static func elapsed(since start: Date, at now: Date) -> String {
    text(seconds: Int(now.timeIntervalSince(start).rounded(.down)))
  }

  /// The rest clock at `now`: the seconds left, rounded up (so `0:01` shows until the very end),
  /// then, from the end on, the whole seconds overdue.
  static func rest(_ rest: CardRest, at now: Date) -> (text: String, overdue: Bool) {
    if rest.isOverdue(at: now) {
      return (text(seconds: Int(now.timeIntervalSince(rest.endsAt).rounded(.down))), true)
    }
    return (text(seconds: Int(rest.endsAt.timeIntervalSince(now).rounded(.up))), false)
  }
}

/// How wide text is drawn: terminal columns, and an estimate of an SVG's sans-serif advance.
///
/// Wide (East Asian) characters take two columns or a full em; combining marks take none.
enum TextWidth {
  /// The columns `text` takes in a terminal.
  static func columns(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
  }

  /// An estimate of `text`'s width in a sans-serif font of `size`.
  static func estimate(_ text: String, size: Double) -> Double {
    let ems = text.unicodeScalars.reduce(0.0) { total, scalar in
      switch columns(of: scalar) {
      case 0: total
      case 2: total + 1.0
      default: total + (scalar.properties.isUppercase ? 0.68 : 0.56)
      }
    }
    return ems * size
  }

  /// `text` cut to fit `limit` (columns, or the estimate's units) with `…` at the cut; empty
  /// when not even one character fits.
  static func fit(_ text: String, within limit: Double, measure: (String) -> Double) -> String {
    guard measure(text) > limit else { return text }
    var kept = ""
    for character in text {
      let next = kept + String(character)
      if measure(next + "…") > limit { break }
      kept = next
    }
    let trimmed = kept.trimmingCharacters(in: .whitespaces)
    // An ellipsis alone says nothing: leave the space empty instead.
    return trimmed.isEmpty ? "" : trimmed + "…"
  }

  /// `text` cut to `columns` terminal columns.
  static func fit(_ text: String, columns limit: Int) -> String {
    fit(text, within: Double(limit)) { Double(columns($0)) }
  }

  /// `text` cut to `width` in the SVG's font of `size`.
  static func fit(_ text: String, width: Double, size: Double) -> String {
    fit(text, within: width) { estimate($0, size: size) }
  }

  private static func columns(of scalar: Unicode.Scalar) -> Int {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.value == 0x200B { return 0 }
    return isWide(scalar.value) ? 2 : 1
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
