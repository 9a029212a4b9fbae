import Foundation

// NB: docs/specs/nutrition-day.md, "What each map holds" says `replacement` is the one entry
// standing in for a whole plan meal, without its fields. Ours is one food entry, the `AddedFood` a
// `CustomMealItem` holds, plus the `source` and `logId` a `CustomMeal` has, so a replacement logged
// from a photo links to its meal-log row. A replaced meal is eaten: the app never writes `eaten`,
// but one sent as `false` is kept and leaves the replacement out of the sums, as the server always
// read it; anything but true or false is ignored, and refused where input is checked
// (`CodingUserInfoKey.checkedInput`; docs/decisions/wire-types-shared-by-the-app-and-the-server.md
// "One nutrition diary").

/// The single entry that stands in for a whole plan meal (status `REPLACED`). Stored in
/// `replacement` under `dateKey__mealId`.
///
/// The food's fields (`replacement.name`, `replacement.qty`...) are those of its `entry`, written
/// flat in the replacement's JSON object beside `source` and `logId`.
@dynamicMemberLookup
public struct MealReplacement: Codable, Equatable, Sendable {
  /// The food: id, name, macros and the amount it is rescaled from.
  public var entry: AddedFood
  /// Where the entry came from (a photo, a search...), as the sender named it.
  public var source: String?
  /// The meal-log row this entry is linked to.
  public var logId: String?
  /// `nil` when the sender did not say (eaten); only `false` leaves it out of the sums.
  public var eaten: Bool?

  public init(
    _ entry: AddedFood, source: String? = nil, logId: String? = nil, eaten: Bool? = nil
  ) {
    self.entry = entry
    self.source = source
    self.logId = logId
    self.eaten = eaten
  }

  public init(
    id: String, name: String, kcal: Double = 0, protein: Double = 0, carbs: Double = 0,
    fat: Double = 0, mbp: JSONValue? = nil, qty: Double? = nil, unit: String? = nil,
    base: JSONValue? = nil, food: JSONValue? = nil, barcode: String? = nil,
    source: String? = nil, logId: String? = nil
  ) {
    let entry = AddedFood(
      id: id, name: name, kcal: kcal, protein: protein, carbs: carbs, fat: fat, mbp: mbp,
      qty: qty, unit: unit, base: base, food: food, barcode: barcode)
    self.init(entry, source: source, logId: logId)
  }

  /// A field of the food, read or written in place (`replacement.kcal`, `replacement.fat = 12`).
  public subscript<Value>(dynamicMember field: WritableKeyPath<AddedFood, Value>) -> Value {
    get { entry[keyPath: field] }
    set { entry[keyPath: field] = newValue }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var eaten: Bool?
    entry = try AddedFood(from: decoder) {
      eaten =
        decoder.checksInput
        ? try container.decodeOptional(Bool.self, forKey: .eaten)
        : (try? container.decodeOptional(Bool.self, forKey: .eaten)) ?? nil
    }
    self.eaten = eaten
    source = try container.decodeText(forKey: .source)
    logId = try container.decodeText(forKey: .logId)
  }

  public func encode(to encoder: any Encoder) throws {
    try entry.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(source, forKey: .source)
    try container.encodeIfPresent(logId, forKey: .logId)
    try container.encodeIfPresent(eaten, forKey: .eaten)
  }

  package enum CodingKeys: String, CodingKey, CaseIterable { case source, logId, eaten }
}
