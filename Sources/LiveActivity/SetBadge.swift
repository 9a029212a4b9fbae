import TraineeAPI
import WorkoutSession

// NB: docs/specs/live-activity.md, "What the card shows": the app's set-row letters and colours.
// Colours travel resolved (hex), never as names the Apple layer would have to look up.

/// A set-type badge: a letter on a colour.
public struct SetBadge: Codable, Hashable, Sendable {
  /// `W`, `F`, `D`, `S`, `O` or `N`.
  public var letter: String
  /// `#RRGGBB`.
  public var colorHex: String

  /// Creates a badge.
  public init(letter: String, colorHex: String) {
    self.letter = letter
    self.colorHex = colorHex
  }

  /// Warm-up: orange.
  public static let warmup = SetBadge(letter: "W", colorHex: "#FF9500")
  /// Failure: red.
  public static let failure = SetBadge(letter: "F", colorHex: "#FF3B30")
  /// Drop set: blue.
  public static let drop = SetBadge(letter: "D", colorHex: "#007AFF")
  /// A working set of an exercise in a superset group: neutral grey.
  public static let superset = SetBadge(letter: "S", colorHex: "#8E8E93")
  /// Other: neutral grey.
  public static let other = SetBadge(letter: "O", colorHex: "#8E8E93")
  /// A normal working set: neutral grey (the position is spelled out beside it).
  public static let normal = SetBadge(letter: "N", colorHex: "#8E8E93")

  /// The badge of a set of `type` in an exercise whose superset group is `supersetGroup`.
  public static func of(_ type: SetType, supersetGroup: String?) -> SetBadge {
    switch type {
    case .warmup: .warmup
    case .failure: .failure
    case .drop: .drop
    case .other: .other
    case .working:
      (supersetGroup.map { !$0.isEmpty } ?? false) ? .superset : .normal
    }
  }
}
