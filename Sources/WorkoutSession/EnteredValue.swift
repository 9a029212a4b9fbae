import Foundation
import TraineeAPI

// NB: the spec keeps entered values as raw strings so editing stays smooth; these functions read
// them when a set is checked or logged. `.` or `,` is the decimal separator
// (docs/decisions/the-live-workout.md, "Workout engine").

/// Reading numbers out of what a trainee or a coach typed.
public enum EnteredValue {
  /// A non-negative decimal number such as `72.5` or `72,5`; `nil` for anything else
  /// (signs, exponents, letters, more than one separator).
  public static func decimal(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var digits = 0
    var separators = 0
    var normalized = ""
    for character in trimmed {
      switch character {
      case "0"..."9":
        digits += 1
        normalized.append(character)
      case ".", ",":
        separators += 1
        normalized.append(".")
      default:
        return nil
      }
    }
    guard digits > 0, separators <= 1 else { return nil }
    if normalized.hasPrefix(".") { normalized = "0" + normalized }
    return Double(normalized)
  }

  /// A non-negative whole number such as `8`; `nil` for anything else.
  public static func wholeNumber(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.count <= 9, trimmed.allSatisfy(\.isASCII),
      trimmed.allSatisfy(\.isNumber)
    else { return nil }
    return Int(trimmed)
  }

  /// A duration typed as `h:mm:ss`, `m:ss`, `mm:ss` or a plain number of minutes, in seconds.
  ///
  /// A trainee logging cardio thinks in minutes (`20` is twenty minutes); a coach's rest is read
  /// by ``restToSeconds(_:)`` instead, where a plain number is seconds.
  public static func durationSeconds(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.contains(":") { return clockSeconds(trimmed) }
    guard let minutes = decimal(trimmed) else { return nil }
    return Int((minutes * 60).rounded())
  }

  /// `m:ss`, `mm:ss` or `h:mm:ss` in seconds; seconds (and minutes after hours) must be two digits
  /// below 60.
  static func clockSeconds(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard (2...3).contains(parts.count),
      let numbers = Optional(parts.compactMap(wholeNumber)), numbers.count == parts.count
    else { return nil }
    for (index, part) in parts.enumerated() where index > 0 {
      guard part.count == 2, numbers[index] < 60 else { return nil }
    }
    return numbers.reduce(0) { $0 * 60 + $1 }
  }

  /// Shortest text for a number: `60`, `57.5`, `126.8`.
  public static func text(_ number: Double) -> String {
    WireNumber.text((number * 1000).rounded() / 1000)
  }
}
