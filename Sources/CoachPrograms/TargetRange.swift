import Foundation
import TraineeAPI

// NB: docs/decisions/what-the-coach-sees.md, "How a target compares": a coach's target is free
// text. A number ("8", "60", "60 kg"), a range ("8-12", "8–12") or a floor ("8+") is compared
// with the logged number; anything else ("AMRAP", "BW", "RPE 8", "60 lb") is shown and not
// compared, since guessing what words mean would mark sets wrongly.

/// The numbers a coach's target allows, both ends included.
struct TargetRange: Equatable {
  var low: Double
  var high: Double

  /// The numbers from `low` to `high`.
  init(low: Double, high: Double) {
    self.low = low
    self.high = high
  }

  /// The range `text` states, or `nil` when it is not a number, a range or a floor.
  init?(_ text: String) {
    var text = text.trimmingCharacters(in: .whitespaces).lowercased()
    if text.hasSuffix("kg") { text = String(text.dropLast(2)).trimmingCharacters(in: .whitespaces) }
    if text.hasSuffix("+"), let floor = Self.number(text.dropLast()) {
      (low, high) = (floor, .infinity)
      return
    }
    let ends = text.split(
      maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "–" })
    guard let low = Self.number(ends[0]) else { return nil }
    guard ends.count == 2 else {
      (self.low, high) = (low, low)
      return
    }
    guard let high = Self.number(ends[1]), low <= high else { return nil }
    (self.low, self.high) = (low, high)
  }

  /// How `value` compares with the range.
  func compare(_ value: Double) -> TargetComparison {
    let slack = 1e-9
    if value < low - slack { return .below }
    if value > high + slack { return .above }
    return .within
  }

  /// A plain decimal number (digits, at most one point), or `nil`.
  static func number(_ text: Substring) -> Double? {
    let text = text.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      text.filter({ $0 == "." }).count <= 1, text.first != ".", text.last != "."
    else { return nil }
    return Double(text)
  }
}

extension TargetComparison {
  /// How the logged `value` (a number, or text such as a logged RIR "2") compares with the
  /// coach's `target` text.
  static func of(_ value: JSONValue?, against target: String) -> TargetComparison {
    guard let range = TargetRange(target) else { return .notCompared }
    switch value {
    case .number(let number): return range.compare(number)
    case .string(let text):
      guard let number = TargetRange.number(Substring(text)) else { return .notCompared }
      return range.compare(number)
    default: return .notCompared
    }
  }
}
