import Foundation
import TraineeAPI

// NB: issue 6 and the helper brief: the server must not import NutritionLog, so it reads a day
// snapshot with its own types, structurally: an object whose nine maps (spec
// nutrition-day-log.md "The day snapshot"), when present, are objects of the right value types.
// Fields the sums need are kept; the rest (`mbp`, `base`, `food`...) is left to the stored text.
// A missing or null map is empty, like the client's `NutritionDaySnapshot`.

/// A day snapshot as the server reads it, to check a `PUT` body and to sum a day.
struct StoredDaySnapshot: Decodable, Equatable, Sendable {
  var eaten: [String: Bool] = [:]
  var swaps: [String: String] = [:]
  var removed: [String: Bool] = [:]
  var aiMeals: [String: [SnapshotFood]] = [:]
  var mealStatus: [String: SnapshotMealStatus] = [:]
  var replacement: [String: SnapshotFood] = [:]
  var removedMeals: [String: Bool] = [:]
  var customMeals: [String: SnapshotCustomMeal] = [:]
  var portions: [String: SnapshotPortion] = [:]

  init() {}

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    eaten = try container.decodeOptional([String: Bool].self, forKey: .eaten) ?? [:]
    swaps = try container.decodeOptional([String: String].self, forKey: .swaps) ?? [:]
    removed = try container.decodeOptional([String: Bool].self, forKey: .removed) ?? [:]
    aiMeals = try container.decodeOptional([String: [SnapshotFood]].self, forKey: .aiMeals) ?? [:]
    mealStatus =
      try container.decodeOptional([String: SnapshotMealStatus].self, forKey: .mealStatus) ?? [:]
    replacement =
      try container.decodeOptional([String: SnapshotFood].self, forKey: .replacement) ?? [:]
    removedMeals = try container.decodeOptional([String: Bool].self, forKey: .removedMeals) ?? [:]
    customMeals =
      try container.decodeOptional([String: SnapshotCustomMeal].self, forKey: .customMeals) ?? [:]
    portions =
      try container.decodeOptional([String: SnapshotPortion].self, forKey: .portions) ?? [:]
  }

  enum CodingKeys: String, CodingKey {
    case eaten, swaps, removed, aiMeals, mealStatus, replacement, removedMeals, customMeals
    case portions
  }

  /// The meal-log ids linked from the entries the sums of `dateKey` count, read against a plan
  /// day with `planMealIds`: the custom meals keyed for the date, and the replacements of its
  /// plan meals that are `REPLACED` and not removed. Those logs are counted through the snapshot;
  /// a log an entry links that is not counted (another date's key, a meal the plan day lacks or
  /// that was deleted, a replacement without the status) counts itself, so each log counts once.
  func countedLogLinks(dateKey: String, planMealIds: [String]) -> Set<String> {
    let prefix = dateKey + "__"
    let custom = customMeals.filter { $0.key.hasPrefix(prefix) }.values.compactMap(\.logId)
    let replacing = planMealIds.map { prefix + $0 }.compactMap { mealKey -> String? in
      guard mealStatus[mealKey] == .replaced, removedMeals[mealKey] != true else { return nil }
      return replacement[mealKey]?.logId
    }
    return Set(custom + replacing)
  }
}

/// `mealStatus` values; anything else is refused naming the entry.
enum SnapshotMealStatus: String, Decodable, Sendable, CaseIterable, WireEnum {
  case planned = "PLANNED"
  case eatenOutside = "EATEN_OUTSIDE"
  case replaced = "REPLACED"
}

/// A food entry of `aiMeals`, a custom meal's item, or a `replacement`.
struct SnapshotFood: Decodable, Equatable, Sendable {
  var id: String
  var name: String
  var macros: Macros
  /// `nil` when the sender did not say; only `false` leaves the food out of the sums.
  var eaten: Bool?
  var logId: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decodeText(forKey: .name) ?? ""
    macros = try Macros(from: decoder)
    eaten = try container.decodeOptional(Bool.self, forKey: .eaten)
    _ = try container.decodeOptional(Double.self, forKey: .qty)
    _ = try container.decodeText(forKey: .unit)
    _ = try container.decodeText(forKey: .barcode)
    _ = try container.decodeText(forKey: .source)
    logId = try container.decodeText(forKey: .logId)
  }

  enum CodingKeys: String, CodingKey {
    case id, name, eaten, qty, unit, barcode, source, logId
  }
}

/// A meal the trainee composed outside the plan.
struct SnapshotCustomMeal: Decodable, Equatable, Sendable {
  var id: String
  var label: String
  var items: [SnapshotFood]
  var logId: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    label = try container.decodeText(forKey: .label) ?? ""
    items = try container.decodeList(SnapshotFood.self, forKey: .items)
    _ = try container.decodeText(forKey: .source)
    logId = try container.decodeText(forKey: .logId)
  }

  enum CodingKeys: String, CodingKey { case id, label, items, source, logId }
}

/// The trainee's own amount of a plan item, in the food's canonical unit.
struct SnapshotPortion: Decodable, Equatable, Sendable {
  var foodId: String
  var qty: Double

  /// Valid as the client's `isValidPortion`: a food id and 0 < qty <= 10000.
  var isValid: Bool { !foodId.isEmpty && qty.isFinite && qty > 0 && qty <= 10_000 }
}
