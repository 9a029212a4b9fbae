import Foundation
import TraineeAPI

// NB: spec nutrition-day-log.md "What each map means": CustomMealItem extends AiMealItem (id, name,
// kcal, protein, carbs, fat, optional mbp, eaten) with optional qty, unit, base, food and barcode.
// One Swift type serves both: the snapshot's `aiMeals` carries what the store holds, and the
// server ignores the extras. `mbp`, `base` and `food` are kept exactly as they came (their shapes
// belong to the portions and food pages), so a day read and saved again loses nothing.

/// A food the trainee added: to a plan meal (`aiMeals`) or to a composed meal (`customMeals`).
public struct CustomMealItem: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var kcal: Double
  public var protein: Double
  public var carbs: Double
  public var fat: Double
  public var mbp: JSONValue?
  /// Ticked; `nil` when the sender did not say.
  public var eaten: Bool?
  /// The amount, unit and per-unit base the app rescales the item from.
  public var qty: Double?
  public var unit: String?
  public var base: JSONValue?
  public var food: JSONValue?
  public var barcode: String?

  public init(
    id: String, name: String, kcal: Double = 0, protein: Double = 0, carbs: Double = 0,
    fat: Double = 0, mbp: JSONValue? = nil, eaten: Bool? = nil, qty: Double? = nil,
    unit: String? = nil, base: JSONValue? = nil, food: JSONValue? = nil, barcode: String? = nil
  ) {
    self.id = id
    self.name = name
    self.kcal = kcal
    self.protein = protein
    self.carbs = carbs
    self.fat = fat
    self.mbp = mbp
    self.eaten = eaten
    self.qty = qty
    self.unit = unit
    self.base = base
    self.food = food
    self.barcode = barcode
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decodeText(forKey: .name) ?? ""
    kcal = try container.decodeOptional(Double.self, forKey: .kcal) ?? 0
    protein = try container.decodeOptional(Double.self, forKey: .protein) ?? 0
    carbs = try container.decodeOptional(Double.self, forKey: .carbs) ?? 0
    fat = try container.decodeOptional(Double.self, forKey: .fat) ?? 0
    mbp = try container.decodeOptional(JSONValue.self, forKey: .mbp)
    eaten = try container.decodeOptional(Bool.self, forKey: .eaten)
    qty = try container.decodeOptional(Double.self, forKey: .qty)
    unit = try container.decodeText(forKey: .unit)
    base = try container.decodeOptional(JSONValue.self, forKey: .base)
    food = try container.decodeOptional(JSONValue.self, forKey: .food)
    barcode = try container.decodeText(forKey: .barcode)
  }

  enum CodingKeys: String, CodingKey {
    case id, name, kcal, protein, carbs, fat, mbp, eaten, qty, unit, base, food, barcode
  }

  /// The first number that cannot be written as JSON (NaN or infinite), by field name.
  var nonFiniteField: String? {
    let numbers: [(String, Double?)] = [
      ("kcal", kcal), ("protein", protein), ("carbs", carbs), ("fat", fat), ("qty", qty),
    ]
    if let field = numbers.first(where: { !($0.1?.isFinite ?? true) }) { return field.0 }
    let values: [(String, JSONValue?)] = [("mbp", mbp), ("base", base), ("food", food)]
    return values.first { !($0.1?.isFinite ?? true) }?.0
  }
}

/// A meal the trainee composed outside the plan. Stored in `customMeals` under `dateKey__id`.
public struct CustomMeal: Codable, Equatable, Sendable {
  public var id: String
  public var label: String
  public var items: [CustomMealItem]
  /// Where the meal came from (a photo, a search...), as the sender named it.
  public var source: String?
  /// The meal-log row this meal is linked to. The log keeps the photo, the history and the
  /// coach's view; the snapshot keeps the arithmetic; the server drops a linked log when it sums
  /// the day, so the meal counts once.
  public var logId: String?

  public init(
    id: String, label: String, items: [CustomMealItem] = [], source: String? = nil,
    logId: String? = nil
  ) {
    self.id = id
    self.label = label
    self.items = items
    self.source = source
    self.logId = logId
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    label = try container.decodeText(forKey: .label) ?? ""
    items = try container.decodeList(CustomMealItem.self, forKey: .items)
    source = try container.decodeText(forKey: .source)
    logId = try container.decodeText(forKey: .logId)
  }

  enum CodingKeys: String, CodingKey { case id, label, items, source, logId }
}

extension JSONValue {
  /// Whether every number inside is finite, so the value can be written as JSON.
  var isFinite: Bool {
    switch self {
    case .null, .bool, .string: true
    case .number(let number): number.isFinite
    case .array(let values): values.allSatisfy(\.isFinite)
    case .object(let values): values.values.allSatisfy(\.isFinite)
    }
  }
}
