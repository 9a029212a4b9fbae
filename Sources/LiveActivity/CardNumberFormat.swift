import Foundation
import WorkoutSession

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity content": numbers are written here,
// per language (`72,5 kg` in German), and converted to the card's unit system; the Apple layer
// formats nothing. No `Locale` is consulted.

/// How the card writes numbers in one language.
struct CardNumberFormat: Sendable {
  var decimalSeparator: String

  /// `value` rounded to `maximumFractionDigits`, trailing zeros dropped down to
  /// `minimumFractionDigits`, with the language's decimal separator and no grouping.
  func decimal(
    _ value: Double, maximumFractionDigits: Int, minimumFractionDigits: Int = 0
  ) -> String {
    let scale = Int64(pow(10, Double(maximumFractionDigits)).rounded())
    // Beyond what Int64 holds scaled, the fraction is meaningless: write the whole number.
    guard value.isFinite, abs(value) * Double(scale) < 9e15 else {
      return value.isFinite ? String(format: "%.0f", value) : missingValue
    }
    let scaled = Int64((abs(value) * Double(scale)).rounded())
    let whole = String(scaled / scale)
    var fraction = String(scaled % scale)
    fraction = String(repeating: "0", count: maximumFractionDigits - fraction.count) + fraction
    while fraction.count > minimumFractionDigits, fraction.hasSuffix("0") {
      fraction.removeLast()
    }
    let sign = value < 0 && scaled > 0 ? "-" : ""
    return sign + whole + (fraction.isEmpty ? "" : decimalSeparator + fraction)
  }
}

/// Unit conversions between the session's unit system and the card's.
enum CardUnits {
  static let kilogramsPerPound = 0.45359237
  static let kilometresPerMile = 1.609344

  /// A weight entered in `from` expressed in `to`.
  static func weight(_ value: Double, from: UnitSystem, to: UnitSystem) -> Double {
    switch (from, to) {
    case (.metric, .imperial): value / kilogramsPerPound
    case (.imperial, .metric): value * kilogramsPerPound
    default: value
    }
  }

  /// A distance entered in `from` expressed in `to`.
  static func distance(_ value: Double, from: UnitSystem, to: UnitSystem) -> Double {
    switch (from, to) {
    case (.metric, .imperial): value / kilometresPerMile
    case (.imperial, .metric): value * kilometresPerMile
    default: value
    }
  }
}

/// `seconds` as `m:ss`, or `h:mm:ss` from an hour on.
func clockText(seconds: Int) -> String {
  let hours = seconds / 3600
  let minutes = seconds % 3600 / 60
  let rest = seconds % 60
  func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
  if hours > 0 { return "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" }
  return "\(minutes):\(twoDigits(rest))"
}
