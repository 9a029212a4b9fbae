import Foundation
import TextColumns

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity previews and Apple layer", and
// docs/specs/live-activity.md, "The rest on the card": the previews draw the clocks the way the
// system does from the content's dates (`Text(timerInterval:)` on iOS): the workout clock counts
// up, the rest clock counts down to its end and then up while overdue. These are the only strings
// the renderings make; every other word comes prepared.

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
  static func columns(_ text: String) -> Int { TextColumns.of(text) }

  /// An estimate of `text`'s width in a sans-serif font of `size`.
  static func estimate(_ text: String, size: Double) -> Double {
    let ems = text.unicodeScalars.reduce(0.0) { total, scalar in
      switch TextColumns.of(scalar: scalar) {
      case 0: total
      case 2: total + 1.0
      default: total + (scalar.properties.isUppercase ? 0.68 : 0.56)
      }
    }
    return ems * size
  }

  /// `text` cut to `columns` terminal columns.
  static func fit(_ text: String, columns limit: Int) -> String {
    TextColumns.fit(text, columns: limit)
  }

  /// `text` cut to `width` in the SVG's font of `size`.
  static func fit(_ text: String, width: Double, size: Double) -> String {
    TextColumns.fit(text, within: width) { estimate($0, size: size) }
  }
}
