import Foundation
import TraineeAPI

// NB: spec nutrition-day-log.md "What each map means" names `replacement` "the single entry that
// stands in for a whole plan meal" without its fields. Ours is one food entry, with the fields of
// a `CustomMealItem` that describe food (no `eaten`: a replaced meal is eaten), plus the `source`
// and `logId` a `CustomMeal` has, so a replacement logged from a photo links to its meal-log row.

/// The single entry that stands in for a whole plan meal (status `REPLACED`). Stored in
/// `replacement` under `dateKey__mealId`.
public struct MealReplacement: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var kcal: Double
  public var protein: Double
  public var carbs: Double
  public var fat: Double
  public var mbp: JSONValue?
  public var qty: Double?
  public var unit: String?
  public var base: JSONValue?
  public var food: JSONValue?
  public var barcode: String?
  public var source: String?
  public var logId: String?

  public init(
    id: String, name: String, kcal: Double = 0, protein: Double = 0, carbs: Double = 0,
    fat: Double = 0, mbp: JSONValue? = nil, qty: Double? = nil, unit: String? = nil,
    base: JSONValue? = nil, food: JSONValue? = nil, barcode: String? = nil,
    source: String? = nil, logId: String? = nil
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
    self.source = source
    self.logId = logId
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
    qty = try container.decodeOptional(Double.self, forKey: .qty)
    unit = try container.decodeText(forKey: .unit)
    base = try container.decodeOptional(JSONValue.self, forKey: .base)
    food = try container.decodeOptional(JSONValue.self, forKey: .food)
    barcode = try container.decodeText(forKey: .barcode)
    source = try container.decodeText(forKey: .source)
    logId = try container.decodeText(forKey: .logId)
  }

  enum CodingKeys: String, CodingKey {
    case id, name, kcal, protein, carbs, fat, mbp, qty, unit, base, food, barcode, source, logId
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
