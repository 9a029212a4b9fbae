import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Edit maps and day keys": the store's maps are flat, every date
// in one map.
// These views and the coding put the partitions back together under the spec's names, for replay
// output and for reading a whole state back; the app itself keeps the state in memory only.

extension NutritionEdits {
  public var eaten: [String: Bool] { flat(\.snapshot.eaten) }
  public var swaps: [String: String] { flat(\.snapshot.swaps) }
  /// Render data of swaps the plan payload does not carry. Local only, never sent.
  public var swapOptions: [String: NutritionOptionDto] { flat(\.swapOptions) }
  public var removed: [String: Bool] { flat(\.snapshot.removed) }
  public var aiMeals: [String: [CustomMealItem]] { flat(\.snapshot.aiMeals) }
  public var mealStatus: [String: MealStatus] { flat(\.snapshot.mealStatus) }
  public var replacement: [String: MealReplacement] { flat(\.snapshot.replacement) }
  public var removedMeals: [String: Bool] { flat(\.snapshot.removedMeals) }
  public var customMeals: [String: CustomMeal] { flat(\.snapshot.customMeals) }
  public var portions: [String: ItemPortion] { flat(\.snapshot.portions) }

  /// The snapshot maps of every held date in one, keys keeping their date prefix.
  var everyDay: NutritionDaySnapshot {
    NutritionDaySnapshot(
      eaten: eaten, swaps: swaps, removed: removed, aiMeals: aiMeals, mealStatus: mealStatus,
      replacement: replacement, removedMeals: removedMeals, customMeals: customMeals,
      portions: portions)
  }

  /// One map across every held date.
  private func flat<Value>(_ map: KeyPath<DayEdits, [String: Value]>) -> [String: Value] {
    var all: [String: Value] = [:]
    for day in days.values {
      all.merge(day[keyPath: map]) { current, _ in current }
    }
    return all
  }
}

extension NutritionEdits: Codable {
  enum CodingKeys: String, CodingKey {
    case eaten, swaps, swapOptions, removed, aiMeals, mealStatus, replacement, removedMeals
    case customMeals, portions, viewPlanId, viewDayId, preferredPlanId, preferredDayId
    case preferredUntilMs
  }

  /// Reads the flat maps, each entry going to the date its key starts with. A key without a
  /// `dateKey__` prefix fails naming the map and the key.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    func read<Value: Decodable>(
      _ key: CodingKeys, into map: WritableKeyPath<DayEdits, [String: Value]>
    ) throws {
      let entries = try container.decodeOptional([String: Value].self, forKey: key) ?? [:]
      for (entryKey, value) in entries {
        guard let dateKey = Self.dateKey(ofKey: entryKey), !dateKey.isEmpty else {
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: container.codingPath + [key, WireKey(entryKey)],
              debugDescription: "is not a dateKey__id key"))
        }
        days[dateKey, default: DayEdits()][keyPath: map][entryKey] = value
      }
    }
    try read(.eaten, into: \.snapshot.eaten)
    try read(.swaps, into: \.snapshot.swaps)
    try read(.swapOptions, into: \.swapOptions)
    try read(.removed, into: \.snapshot.removed)
    try read(.aiMeals, into: \.snapshot.aiMeals)
    try read(.mealStatus, into: \.snapshot.mealStatus)
    try read(.replacement, into: \.snapshot.replacement)
    try read(.removedMeals, into: \.snapshot.removedMeals)
    try read(.customMeals, into: \.snapshot.customMeals)
    try read(.portions, into: \.snapshot.portions)
    viewPlanId = try container.decodeOptional(String.self, forKey: .viewPlanId)
    viewDayId = try container.decodeOptional(String.self, forKey: .viewDayId)
    if let planId = try container.decodeOptional(String.self, forKey: .preferredPlanId),
      let dayId = try container.decodeOptional(String.self, forKey: .preferredDayId),
      let untilMs = try container.decodeOptional(Double.self, forKey: .preferredUntilMs)
    {
      preferredDay = PreferredNutritionDay(planId: planId, dayId: dayId, untilMs: untilMs)
    }
  }

  /// Writes the ten maps flat under the spec's names (the nine of the day snapshot, as the
  /// snapshot writes them, and `swapOptions`), then the plan in view and the preferred day
  /// (`null` when there is none).
  public func encode(to encoder: any Encoder) throws {
    try everyDay.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(swapOptions, forKey: .swapOptions)
    try container.encode(viewPlanId, forKey: .viewPlanId)
    try container.encode(viewDayId, forKey: .viewDayId)
    try container.encode(preferredDay?.planId, forKey: .preferredPlanId)
    try container.encode(preferredDay?.dayId, forKey: .preferredDayId)
    try container.encode(preferredDay?.untilMs, forKey: .preferredUntilMs)
  }
}

/// A map key in a coding path, so a `PayloadError` names the entry.
private struct WireKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
