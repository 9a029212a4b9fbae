import Foundation

// NB: docs/behaviour.md, "The nutrition day": the wire shape shared with the server. Ids and names
// are required; everything else is optional and decodes to a default (docs/architecture.md, "Wire
// compatibility"). Labels, times and units also accept JSON numbers (`@WireText`).

/// The answer of `GET /v1/trainee/nutrition/plans`: the trainee's nutrition plans.
public struct NutritionPlansDto: Codable, Equatable, Sendable {
  @DefaultEmpty public var plans: [NutritionPlanDto]

  public init(plans: [NutritionPlanDto]) {
    self.plans = plans
  }

  enum CodingKeys: String, CodingKey { case plans }
}

/// One nutrition plan a coach prescribed, with its days (a training day, a rest day...).
public struct NutritionPlanDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  @DefaultEmpty public var days: [NutritionPlanDayDto]
  /// The version of a studio's meal plan the trainee reads; absent for an imported plan
  /// (docs/decisions/the-coachs-meal-plans.md, "What the trainee reads").
  public var version: Int?

  public init(id: String, name: String, days: [NutritionPlanDayDto] = [], version: Int? = nil) {
    self.id = id
    self.name = name
    self.days = days
    self.version = version
  }

  enum CodingKeys: String, CodingKey { case id, name, days, version }
}

/// One day of a nutrition plan: its targets and its meals.
public struct NutritionPlanDayDto: Codable, Equatable, Sendable {
  public var id: String
  @WireText public var label: String?
  public var targets: NutritionTargetsDto?
  @DefaultEmpty public var meals: [NutritionMealDto]

  public init(
    id: String, label: String? = nil, targets: NutritionTargetsDto? = nil,
    meals: [NutritionMealDto] = []
  ) {
    self.id = id
    self.label = label
    self.targets = targets
    self.meals = meals
  }

  enum CodingKeys: String, CodingKey { case id, label, targets, meals }
}

/// A day's targets; a coach may leave any of them out.
public struct NutritionTargetsDto: Codable, Equatable, Sendable {
  public var kcal: Double?
  public var protein: Double?
  public var carbs: Double?
  public var fat: Double?

  public init(
    kcal: Double? = nil, protein: Double? = nil, carbs: Double? = nil, fat: Double? = nil
  ) {
    self.kcal = kcal
    self.protein = protein
    self.carbs = carbs
    self.fat = fat
  }

  enum CodingKeys: String, CodingKey { case kcal, protein, carbs, fat }
}

/// Targets that are all unset when absent or `null`.
public enum NoTargets: WireFallback {
  public static var value: NutritionTargetsDto { NutritionTargetsDto() }
}

/// One meal of a plan day, at an optional `time` (`HH:mm`).
public struct NutritionMealDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  @WireText public var time: String?
  @DefaultEmpty public var items: [NutritionItemDto]

  public init(id: String, name: String, time: String? = nil, items: [NutritionItemDto] = []) {
    self.id = id
    self.name = name
    self.time = time
    self.items = items
  }

  enum CodingKeys: String, CodingKey { case id, name, time, items }
}

/// One item of a meal: the foods the coach allows in that slot.
public struct NutritionItemDto: Codable, Equatable, Sendable {
  public var id: String
  /// The first option is the item's main option; a swap chooses another option's id.
  @DefaultEmpty public var options: [NutritionOptionDto]

  public init(id: String, options: [NutritionOptionDto] = []) {
    self.id = id
    self.options = options
  }

  /// The main option: the first one, `nil` when the coach gave none.
  public var mainOption: NutritionOptionDto? { options.first }

  /// The option with `id`, `nil` when the item has none.
  public func option(_ id: String) -> NutritionOptionDto? {
    options.first { $0.id == id }
  }

  enum CodingKeys: String, CodingKey { case id, options }
}

/// One food an item may be: `qty` of `unit` with its macros. Missing macros are 0.
public struct NutritionOptionDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var foodId: String?
  public var qty: Double?
  @WireText public var unit: String?
  @Defaulted<ZeroAmount> public var kcal: Double
  @Defaulted<ZeroAmount> public var protein: Double
  @Defaulted<ZeroAmount> public var carbs: Double
  @Defaulted<ZeroAmount> public var fat: Double

  public init(
    id: String, name: String, foodId: String? = nil, qty: Double? = nil, unit: String? = nil,
    kcal: Double = 0, protein: Double = 0, carbs: Double = 0, fat: Double = 0
  ) {
    self.id = id
    self.name = name
    self.foodId = foodId
    self.qty = qty
    self.unit = unit
    self.kcal = kcal
    self.protein = protein
    self.carbs = carbs
    self.fat = fat
  }

  enum CodingKeys: String, CodingKey {
    case id, name, foodId, qty, unit, kcal, protein, carbs, fat
  }
}
