import Foundation

// NB: `GET /v1/trainee/nutrition/menu?date=` (the diary of that date), one shape for both ends: the
// server encodes these types and the app decodes them
// (docs/decisions/wire-types-shared-by-the-app-and-the-server.md "One nutrition diary"). Macros of
// items, foods and logs are flattened into the object; `planId` and `dayId` are written as `null`
// without a plan; absent optional fields are left out. Decoding is lenient per
// docs/architecture.md, "Wire compatibility". What the values are is NutritionMenuDto+Diary.

/// The answer of `GET /v1/trainee/nutrition/menu?date=`: what the trainee ate on a date.
public struct NutritionMenuDto: Codable, Equatable, Sendable {
  /// The day, `YYYY-MM-DD`.
  public var date: String
  /// The plan day the day's edits were applied to; `nil` without a plan.
  @WireText public var planId: String?
  @WireText public var dayId: String?
  @DefaultEmpty public var meals: [MenuMealDto]
  /// Foods added to meals the plan day does not have, by meal id.
  @DefaultEmpty public var otherFoods: [String: [MenuFoodDto]]
  @DefaultEmpty public var customMeals: [MenuCustomMealDto]
  @DefaultEmpty public var logs: [MenuLogDto]
  /// Everything counted as eaten on the date, each meal log once.
  @Defaulted<ZeroMacros> public var eaten: MacrosDto

  /// A diary as it is written.
  public init(
    date: String, planId: String?, dayId: String?, meals: [MenuMealDto],
    otherFoods: [String: [MenuFoodDto]], customMeals: [MenuCustomMealDto], logs: [MenuLogDto],
    eaten: MacrosDto
  ) {
    self.date = date
    self.planId = planId
    self.dayId = dayId
    self.meals = meals
    self.otherFoods = otherFoods
    self.customMeals = customMeals
    self.logs = logs
    self.eaten = eaten
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(date, forKey: .date)
    try container.encode(planId, forKey: .planId)
    try container.encode(dayId, forKey: .dayId)
    try container.encode(meals, forKey: .meals)
    try container.encode(otherFoods, forKey: .otherFoods)
    try container.encode(customMeals, forKey: .customMeals)
    try container.encode(logs, forKey: .logs)
    try container.encode(eaten, forKey: .eaten)
  }

  enum CodingKeys: String, CodingKey {
    case date, planId, dayId, meals, otherFoods, customMeals, logs, eaten
  }
}

/// A plan meal as the trainee had it.
public struct MenuMealDto: Codable, Equatable, Sendable {
  public var id: String
  @Defaulted<EmptyText> public var name: String
  @WireText public var time: String?
  /// `PLANNED`, `EATEN_OUTSIDE` or `REPLACED`.
  @Defaulted<PlannedStatus> public var status: String
  @Defaulted<FalseFlag> public var removed: Bool
  @DefaultEmpty public var items: [MenuItemDto]
  /// Foods the trainee added to the meal.
  @DefaultEmpty public var added: [MenuFoodDto]
  /// What stood in for the meal when its status is `REPLACED`.
  public var replacement: MenuFoodDto?

  /// A meal as it is written.
  public init(
    id: String, name: String, time: String?, status: String, removed: Bool,
    items: [MenuItemDto], added: [MenuFoodDto], replacement: MenuFoodDto?
  ) {
    self.id = id
    self.name = name
    self.time = time
    self.status = status
    self.removed = removed
    self.items = items
    self.added = added
    self.replacement = replacement
  }

  enum CodingKeys: String, CodingKey {
    case id, name, time, status, removed, items, added, replacement
  }
}

/// A menu meal's status when absent or `null`: planned.
public enum PlannedStatus: TextFallback {
  public static var value: String { "PLANNED" }
}

/// A plan item with the chosen option and the trainee's amount applied.
public struct MenuItemDto: Codable, Equatable, Sendable {
  public var id: String
  /// The option shown: the swap's, else the main option; `nil` when the item has none.
  public var optionId: String?
  public var name: String
  public var foodId: String?
  public var qty: Double?
  public var unit: String?
  /// The option's macros, scaled to the trainee's portion.
  public var macros: MacrosDto
  /// Another option than the main one was chosen.
  public var swapped: Bool
  public var eaten: Bool
  public var removed: Bool

  /// An item as it is written.
  public init(
    id: String, optionId: String?, name: String, foodId: String?, qty: Double?, unit: String?,
    macros: MacrosDto, swapped: Bool, eaten: Bool, removed: Bool
  ) {
    self.id = id
    self.optionId = optionId
    self.name = name
    self.foodId = foodId
    self.qty = qty
    self.unit = unit
    self.macros = macros
    self.swapped = swapped
    self.eaten = eaten
    self.removed = removed
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    optionId = try container.decodeText(forKey: .optionId)
    name = try container.decodeText(forKey: .name) ?? ""
    foodId = try container.decodeText(forKey: .foodId)
    qty = try container.decodeOptional(Double.self, forKey: .qty)
    unit = try container.decodeText(forKey: .unit)
    macros = try MacrosDto(from: decoder)
    swapped = try container.decodeOptional(Bool.self, forKey: .swapped) ?? false
    eaten = try container.decodeOptional(Bool.self, forKey: .eaten) ?? false
    removed = try container.decodeOptional(Bool.self, forKey: .removed) ?? false
  }

  public func encode(to encoder: any Encoder) throws {
    try macros.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(optionId, forKey: .optionId)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(foodId, forKey: .foodId)
    try container.encodeIfPresent(qty, forKey: .qty)
    try container.encodeIfPresent(unit, forKey: .unit)
    try container.encode(swapped, forKey: .swapped)
    try container.encode(eaten, forKey: .eaten)
    try container.encode(removed, forKey: .removed)
  }

  enum CodingKeys: String, CodingKey {
    case id, optionId, name, foodId, qty, unit, swapped, eaten, removed
  }
}

/// A food the trainee added, or a replacement, as counted.
public struct MenuFoodDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var macros: MacrosDto
  public var eaten: Bool

  /// A food as it is written.
  public init(id: String, name: String, macros: MacrosDto, eaten: Bool) {
    self.id = id
    self.name = name
    self.macros = macros
    self.eaten = eaten
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeText(forKey: .id) ?? ""
    name = try container.decodeText(forKey: .name) ?? ""
    macros = try MacrosDto(from: decoder)
    eaten = try container.decodeOptional(Bool.self, forKey: .eaten) ?? true
  }

  public func encode(to encoder: any Encoder) throws {
    try macros.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(eaten, forKey: .eaten)
  }

  enum CodingKeys: String, CodingKey { case id, name, eaten }
}

/// A meal the trainee composed outside the plan.
public struct MenuCustomMealDto: Codable, Equatable, Sendable {
  @Defaulted<EmptyText> public var id: String
  @Defaulted<EmptyText> public var label: String
  /// The meal log the composed meal was posted as, counted once through it.
  @WireText public var logId: String?
  @DefaultEmpty public var items: [MenuFoodDto]

  /// A composed meal as it is written.
  public init(id: String, label: String, logId: String?, items: [MenuFoodDto]) {
    self.id = id
    self.label = label
    self.logId = logId
    self.items = items
  }

  enum CodingKeys: String, CodingKey { case id, label, logId, items }
}

/// A meal log of the date, with its items as posted.
public struct MenuLogDto: Codable, Equatable, Sendable {
  /// The log's id, a decimal string.
  public var id: String
  /// When it was eaten, ISO 8601.
  public var consumedAt: String
  /// The items as they were posted.
  public var items: JSONValue
  /// The sum of the items' macros, rounded to 0.1.
  public var macros: MacrosDto
  /// `false` when an entry counted on the date links it by `logId` (a composed meal keyed for
  /// the date, or the replacement of a `REPLACED`, not-removed meal of the chosen plan day), so
  /// its food is counted there; any other link is ignored.
  public var counted: Bool

  /// A meal log as it is written.
  public init(
    id: String, consumedAt: String, items: JSONValue = .array([]), macros: MacrosDto,
    counted: Bool
  ) {
    self.id = id
    self.consumedAt = consumedAt
    self.items = items
    self.macros = macros
    self.counted = counted
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeRequiredText(forKey: .id)
    consumedAt = try container.decode(String.self, forKey: .consumedAt)
    items = try container.decodeOptional(JSONValue.self, forKey: .items) ?? .array([])
    macros = try MacrosDto(from: decoder)
    counted = try container.decodeOptional(Bool.self, forKey: .counted) ?? true
  }

  public func encode(to encoder: any Encoder) throws {
    try macros.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(consumedAt, forKey: .consumedAt)
    try container.encode(items, forKey: .items)
    try container.encode(counted, forKey: .counted)
  }

  enum CodingKeys: String, CodingKey { case id, consumedAt, items, counted }
}
