import Foundation

// NB: docs/specs/nutrition-day.md, "What each map holds": CustomMealItem extends AiMealItem with
// optional qty, unit, base, food and barcode; the food's fields are an `AddedFood`, and the item
// adds `eaten`. One Swift type serves both: the snapshot's `aiMeals` carries what the store holds,
// and the sums ignore the extras. An item's `source` and `logId` are not kept; where input is
// checked (`CodingUserInfoKey.checkedInput`), one sent must be text or a number, as the server
// always required.

/// A food the trainee added: to a plan meal (`aiMeals`) or to a composed meal (`customMeals`).
///
/// The food's fields (`item.name`, `item.qty`...) are those of its `entry`, written flat in the
/// item's JSON object beside `eaten`.
@dynamicMemberLookup
public struct CustomMealItem: Codable, Equatable, Sendable {
  /// The food: id, name, macros and the amount it is rescaled from.
  public var entry: AddedFood
  /// Ticked; `nil` when the sender did not say.
  public var eaten: Bool?

  public init(_ entry: AddedFood, eaten: Bool? = nil) {
    self.entry = entry
    self.eaten = eaten
  }

  public init(
    id: String, name: String, kcal: Double = 0, protein: Double = 0, carbs: Double = 0,
    fat: Double = 0, mbp: JSONValue? = nil, eaten: Bool? = nil, qty: Double? = nil,
    unit: String? = nil, base: JSONValue? = nil, food: JSONValue? = nil, barcode: String? = nil
  ) {
    let entry = AddedFood(
      id: id, name: name, kcal: kcal, protein: protein, carbs: carbs, fat: fat, mbp: mbp,
      qty: qty, unit: unit, base: base, food: food, barcode: barcode)
    self.init(entry, eaten: eaten)
  }

  /// A field of the food, read or written in place (`item.kcal`, `item.qty = 200`).
  public subscript<Value>(dynamicMember field: WritableKeyPath<AddedFood, Value>) -> Value {
    get { entry[keyPath: field] }
    set { entry[keyPath: field] = newValue }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var eaten: Bool?
    entry = try AddedFood(from: decoder) {
      eaten = try container.decodeOptional(Bool.self, forKey: .eaten)
    }
    self.eaten = eaten
    if decoder.checksInput {
      _ = try container.decodeText(forKey: .source)
      _ = try container.decodeText(forKey: .logId)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try entry.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(eaten, forKey: .eaten)
  }

  package enum CodingKeys: String, CodingKey, CaseIterable { case eaten, source, logId }
}

/// A meal the trainee composed outside the plan. Stored in `customMeals` under `dateKey__id`.
public struct CustomMeal: Codable, Equatable, Sendable {
  public var id: String
  @Defaulted<EmptyText> public var label: String
  @DefaultEmpty public var items: [CustomMealItem]
  /// Where the meal came from (a photo, a search...), as the sender named it.
  @WireText public var source: String?
  /// The meal-log row this meal is linked to. The log keeps the photo, the history and the
  /// coach's view; the snapshot keeps the arithmetic; the server drops a linked log when it sums
  /// the day, so the meal counts once.
  @WireText public var logId: String?

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

  package enum CodingKeys: String, CodingKey, CaseIterable { case id, label, items, source, logId }
}
