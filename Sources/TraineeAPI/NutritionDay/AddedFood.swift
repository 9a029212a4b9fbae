import Foundation

// NB: docs/specs/nutrition-day.md, "What each map holds": CustomMealItem extends AiMealItem (id,
// name, kcal, protein, carbs, fat, optional mbp, eaten) with optional qty, unit, base, food and
// barcode; a `replacement` is one such food without `eaten`. The fields they share are read,
// written and checked here, once; each owner adds its own fields to the same JSON object. `mbp`,
// `base` and `food` are kept exactly as they came (their shapes belong to the portions and food
// pages), so a day read and saved again loses nothing.

/// A food the trainee entered: its id, name and macros, and the amount the app rescales it from.
/// Added to a meal as a `CustomMealItem`, or standing in for one as a `MealReplacement`.
public struct AddedFood: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var kcal: Double
  public var protein: Double
  public var carbs: Double
  public var fat: Double
  public var mbp: JSONValue?
  /// The amount, unit and per-unit base the app rescales the food from.
  public var qty: Double?
  public var unit: String?
  public var base: JSONValue?
  public var food: JSONValue?
  public var barcode: String?

  public init(
    id: String, name: String, kcal: Double = 0, protein: Double = 0, carbs: Double = 0,
    fat: Double = 0, mbp: JSONValue? = nil, qty: Double? = nil, unit: String? = nil,
    base: JSONValue? = nil, food: JSONValue? = nil, barcode: String? = nil
  ) {
    self.id = id
    self.name = name
    self.kcal = kcal
    self.protein = protein
    self.carbs = carbs
    self.fat = fat
    self.mbp = mbp
    self.qty = qty
    self.unit = unit
    self.base = base
    self.food = food
    self.barcode = barcode
  }

  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, afterMbp: {})
  }

  /// Reads the food's fields of the object `decoder` holds, in wire order, running `afterMbp`
  /// between `mbp` and `qty`: where AiMealItem has `eaten`, so an item with several bad fields is
  /// refused naming the same one first as when the item read every field itself.
  package init(from decoder: any Decoder, afterMbp: () throws -> Void) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decodeText(forKey: .name) ?? ""
    kcal = try container.decodeAmount(forKey: .kcal, of: decoder)
    protein = try container.decodeAmount(forKey: .protein, of: decoder)
    carbs = try container.decodeAmount(forKey: .carbs, of: decoder)
    fat = try container.decodeAmount(forKey: .fat, of: decoder)
    mbp = try container.decodeOptional(JSONValue.self, forKey: .mbp)
    try afterMbp()
    qty = try container.decodeOptional(Double.self, forKey: .qty)
    unit = try container.decodeText(forKey: .unit)
    base = try container.decodeOptional(JSONValue.self, forKey: .base)
    food = try container.decodeOptional(JSONValue.self, forKey: .food)
    barcode = try container.decodeText(forKey: .barcode)
  }

  package enum CodingKeys: String, CodingKey, CaseIterable {
    case id, name, kcal, protein, carbs, fat, mbp, qty, unit, base, food, barcode
  }

  /// The food's macros as the day's totals count them.
  public var macros: MacrosDto {
    MacrosDto(kcal: kcal, protein: protein, carbs: carbs, fat: fat)
  }

  /// The first number that cannot be written as JSON (NaN or infinite), by field name.
  package var nonFiniteField: String? {
    let numbers: [(String, Double?)] = [
      ("kcal", kcal), ("protein", protein), ("carbs", carbs), ("fat", fat), ("qty", qty),
    ]
    if let field = numbers.first(where: { !($0.1?.isFinite ?? true) }) { return field.0 }
    let values: [(String, JSONValue?)] = [("mbp", mbp), ("base", base), ("food", food)]
    return values.first { !($0.1?.isFinite ?? true) }?.0
  }
}

extension JSONValue {
  /// Whether every number inside is finite, so the value can be written as JSON.
  package var isFinite: Bool {
    switch self {
    case .null, .bool, .string: true
    case .number(let number): number.isFinite
    case .array(let values): values.allSatisfy(\.isFinite)
    case .object(let values): values.values.allSatisfy(\.isFinite)
    }
  }
}
