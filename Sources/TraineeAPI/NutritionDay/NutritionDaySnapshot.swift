import Foundation

// NB: docs/specs/nutrition-day.md, "The day snapshot": the wire format is the nine edit maps
// without `swapOptions`, keys keeping their `dateKey__` prefix. `portions` is always sent, even
// empty, so the server can tell a cleared amount from a build that does not know about amounts. A
// missing or null map decodes as empty; a wrong type fails naming the field.

/// One day's edits as the server stores them (`data` of `GET/PUT /v1/trainee/nutrition/day`).
///
/// Every key is `dateKey__id` with the day's `dateKeyOf` key (`2026-0-5__it1`), byte for byte.
public struct NutritionDaySnapshot: Codable, Equatable, Sendable {
  /// Plan items ticked, by `dateKey__itemId`. Absent means not eaten.
  @DefaultEmpty public var eaten: [String: Bool]
  /// The option id chosen in place of an item's main option, by `dateKey__itemId`.
  @DefaultEmpty public var swaps: [String: String]
  /// Plan items removed from their meal for the day, by `dateKey__itemId`.
  @DefaultEmpty public var removed: [String: Bool]
  /// Foods added to a plan meal, by `dateKey__mealId`.
  @DefaultEmpty public var aiMeals: [String: [CustomMealItem]]
  /// A plan meal's status, by `dateKey__mealId`; `PLANNED` is stored as absence.
  @DefaultEmpty public var mealStatus: [String: MealStatus]
  /// The entry standing in for a replaced plan meal, by `dateKey__mealId`.
  @DefaultEmpty public var replacement: [String: MealReplacement]
  /// Plan meals deleted for the day, by `dateKey__mealId`.
  @DefaultEmpty public var removedMeals: [String: Bool]
  /// Meals composed outside the plan, by `dateKey__mealId`.
  @DefaultEmpty public var customMeals: [String: CustomMeal]
  /// The trainee's own amounts of plan items, by `dateKey__itemId`.
  @DefaultEmpty public var portions: [String: ItemPortion]

  public init(
    eaten: [String: Bool] = [:], swaps: [String: String] = [:], removed: [String: Bool] = [:],
    aiMeals: [String: [CustomMealItem]] = [:], mealStatus: [String: MealStatus] = [:],
    replacement: [String: MealReplacement] = [:], removedMeals: [String: Bool] = [:],
    customMeals: [String: CustomMeal] = [:], portions: [String: ItemPortion] = [:]
  ) {
    self.eaten = eaten
    self.swaps = swaps
    self.removed = removed
    self.aiMeals = aiMeals
    self.mealStatus = mealStatus
    self.replacement = replacement
    self.removedMeals = removedMeals
    self.customMeals = customMeals
    self.portions = portions
  }

  /// The snapshot of a day nobody has touched.
  public static let empty = NutritionDaySnapshot()

  /// Whether no map has an entry.
  public var isEmpty: Bool {
    eaten.isEmpty && swaps.isEmpty && removed.isEmpty && aiMeals.isEmpty && mealStatus.isEmpty
      && replacement.isEmpty && removedMeals.isEmpty && customMeals.isEmpty && portions.isEmpty
  }

  package enum CodingKeys: String, CodingKey, CaseIterable {
    case eaten, swaps, removed, aiMeals, mealStatus, replacement, removedMeals, customMeals
    case portions
  }
}

extension NutritionDaySnapshot {
  /// Reads a snapshot from JSON, failing with the field that is wrong.
  public static func decode(_ data: Data) throws(PayloadError) -> NutritionDaySnapshot {
    try JSONDecoder().decodePayload(NutritionDaySnapshot.self, from: data)
  }

  /// The one encoding of this snapshot: every object's keys sorted, so two equal snapshots have
  /// the same bytes and "changed since last saved" is a byte comparison.
  ///
  /// Never fails: numbers from JSON are finite and actions refuse any that are not; a NaN put
  /// in by hand is written as the string `"NaN"` rather than lost.
  public func canonicalJSON() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    // NB: with the strategy above the only failure left is a top-level fragment, which an
    // object never is.
    return (try? encoder.encode(self)) ?? Data()
  }
}
