import Foundation
import TraineeAPI

/// What an edit asks the front end to do. Edits return effects; the store performs them.
public enum NutritionEditEffect: Equatable, Sendable {
  /// The edit recorded eating on today with a plan day in view and no preferred day active:
  /// save `day` as the preferred day (`savePreferredNutritionDay`, which never overwrites an
  /// active entry).
  case lockPreferredDay(PreferredNutritionDay)
  /// Delete the persisted preferred day (`clear()`).
  case deletePreferredDay
  /// The portion given for `itemId` was not valid, so the entry was cleared instead.
  case portionRejected(itemId: String, problem: PortionProblem)
  /// The edit changed nothing, for `reason`.
  case actionRefused(NutritionEditRefusal)

  /// The effect's name in replay output.
  public var name: String {
    switch self {
    case .lockPreferredDay: "lockPreferredDay"
    case .deletePreferredDay: "deletePreferredDay"
    case .portionRejected: "portionRejected"
    case .actionRefused: "actionRefused"
    }
  }
}
