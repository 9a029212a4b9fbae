import Foundation

/// What happened to a plan meal on a day. Stored in `mealStatus` by its wire string.
///
/// `planned` is the default and is stored as absence: an action setting it removes the entry, and
/// a reader finding no entry sees `planned`.
public enum MealStatus: String, Codable, Equatable, Sendable, CaseIterable, WireEnum {
  case planned = "PLANNED"
  /// Eaten somewhere else; the plan meal counts as eaten.
  case eatenOutside = "EATEN_OUTSIDE"
  /// A single entry (`replacement`) stands in for the whole meal.
  case replaced = "REPLACED"
}
