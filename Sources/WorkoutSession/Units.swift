import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "The workout log" (the weight is a number, in kg) and
// docs/specs/live-activity.md, "Language and units" (text follows the chosen unit system); where
// they are silent, docs/decisions/the-live-workout.md "Weights in pounds": a weight shown in pounds
// is a rounded picture of the server's kilograms, so a value that reads as last time's placeholder
// is last time's kilograms exactly, and any other pound value is converted once, to the gram.

/// The trainee's unit system. Entered weights and distances are in it; stats and the log are
/// in kilograms and kilometres.
public enum UnitSystem: String, Codable, Equatable, Sendable, CaseIterable, WireEnum {
  case metric, imperial

  static let kilogramsPerPound = 0.45359237
  static let kilometresPerMile = 1.609344

  /// Kilograms for a weight in this system, to the gram.
  public func kilograms(_ weight: Double) -> Double {
    switch self {
    case .metric: weight
    case .imperial: (weight * Self.kilogramsPerPound * 1000).rounded() / 1000
    }
  }

  /// Kilograms for a weight in this system that may be `shown`, a weight in kilograms written in
  /// this system (last time's, as the placeholder): a weight that reads exactly as `shown` does
  /// is `shown` itself, so an unchanged placeholder never drifts; any other is
  /// ``kilograms(_:)``.
  public func kilograms(_ weight: Double, shown: Double?) -> Double {
    if let shown, displayWeight(kilograms: shown) == weight { return shown }
    return kilograms(weight)
  }

  /// A weight in kilograms shown in this system: pounds to a tenth, kilograms as they are.
  public func displayWeight(kilograms: Double) -> Double {
    switch self {
    case .metric: kilograms
    case .imperial: (kilograms / Self.kilogramsPerPound * 10).rounded() / 10
    }
  }

  /// Kilometres for a distance in this system, to the metre.
  public func kilometres(_ distance: Double) -> Double {
    switch self {
    case .metric: distance
    case .imperial: (distance * Self.kilometresPerMile * 1000).rounded() / 1000
    }
  }
}
