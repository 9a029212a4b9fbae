import Foundation

// NB: docs/specs/nutrition-day.md, "What each map holds" (`portions`) and docs/behaviour.md, "The
// nutrition day": a portion is valid when `foodId` is non-empty and `qty` is finite, > 0 and <=
// 10000. Anything else clears the entry.

/// The trainee's own amount of a plan item: `qty` of the food `foodId`, in the food's canonical
/// unit. Stored in `portions` under `dateKey__itemId`.
public struct ItemPortion: Codable, Equatable, Sendable {
  /// The largest amount a portion can hold, in the food's canonical unit.
  public static let maximumQuantity: Double = 10_000

  /// The food the amount was set on; a swap to another option drops the portion.
  public var foodId: String
  public var qty: Double

  public init(foodId: String, qty: Double) {
    self.foodId = foodId
    self.qty = qty
  }

  package enum CodingKeys: String, CodingKey, CaseIterable { case foodId, qty }

  /// Why this portion cannot be stored, or `nil` when it is valid.
  public var problem: PortionProblem? {
    if foodId.isEmpty { return .emptyFoodId }
    if !qty.isFinite { return .notFinite }
    if qty <= 0 { return .notPositive }
    if qty > Self.maximumQuantity { return .tooLarge(maximum: Self.maximumQuantity) }
    return nil
  }

  /// Whether the portion may be stored and counted (`isValidPortion`).
  public var isValid: Bool { problem == nil }
}

/// Why a portion is not valid. An invalid portion is not stored: setting one clears the entry.
public enum PortionProblem: Equatable, Sendable {
  case emptyFoodId
  /// The amount is NaN or infinite.
  case notFinite
  /// The amount is zero or negative.
  case notPositive
  case tooLarge(maximum: Double)

  /// The problem's name in replay output.
  public var code: String {
    switch self {
    case .emptyFoodId: "emptyFoodId"
    case .notFinite: "notFinite"
    case .notPositive: "notPositive"
    case .tooLarge: "tooLarge"
    }
  }
}
