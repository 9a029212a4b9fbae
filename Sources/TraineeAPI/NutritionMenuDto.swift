import Foundation

// NB: issue 6 "`GET /v1/trainee/nutrition/menu?date=` (the diary of that date)": the shape is
// the server's NutritionDiary (TraineeServer/NutritionDiary.swift); macros of items, foods and
// logs are flattened into the object, as the server writes them.

/// The answer of `GET /v1/trainee/nutrition/menu?date=`: what the trainee ate on a date.
public struct NutritionMenuDto: Decodable, Equatable, Sendable {
  /// The day, `YYYY-MM-DD`.
  public var date: String
  /// The plan day the day's edits were applied to; `nil` without a plan.
  public var planId: String?
  public var dayId: String?
  public var meals: [MenuMealDto]
  /// Foods added to meals the plan day does not have, by meal id.
  public var otherFoods: [String: [MenuFoodDto]]
  public var customMeals: [MenuCustomMealDto]
  public var logs: [MenuLogDto]
  /// Everything counted as eaten on the date.
  public var eaten: MacrosDto

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    date = try container.decode(String.self, forKey: .date)
    planId = try container.decodeText(forKey: .planId)
    dayId = try container.decodeText(forKey: .dayId)
    meals = try container.decodeList(MenuMealDto.self, forKey: .meals)
    otherFoods =
      try container.decodeOptional([String: [MenuFoodDto]].self, forKey: .otherFoods) ?? [:]
    customMeals = try container.decodeList(MenuCustomMealDto.self, forKey: .customMeals)
    logs = try container.decodeList(MenuLogDto.self, forKey: .logs)
    eaten = try container.decodeOptional(MacrosDto.self, forKey: .eaten) ?? MacrosDto()
  }

  enum CodingKeys: String, CodingKey {
    case date, planId, dayId, meals, otherFoods, customMeals, logs, eaten
  }
}

/// A plan meal as the trainee had it.
public struct MenuMealDto: Decodable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var time: String?
  /// `PLANNED`, `EATEN_OUTSIDE` or `REPLACED`.
  public var status: String
  public var removed: Bool
  public var items: [MenuItemDto]
  /// Foods the trainee added to the meal.
  public var added: [MenuFoodDto]
  /// What stood in for the meal when its status is `REPLACED`.
  public var replacement: MenuFoodDto?

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decodeText(forKey: .name) ?? ""
    time = try container.decodeText(forKey: .time)
    status = try container.decodeText(forKey: .status) ?? "PLANNED"
    removed = try container.decodeOptional(Bool.self, forKey: .removed) ?? false
    items = try container.decodeList(MenuItemDto.self, forKey: .items)
    added = try container.decodeList(MenuFoodDto.self, forKey: .added)
    replacement = try container.decodeOptional(MenuFoodDto.self, forKey: .replacement)
  }

  enum CodingKeys: String, CodingKey {
    case id, name, time, status, removed, items, added, replacement
  }
}

/// A plan item with the chosen option and the trainee's amount applied.
public struct MenuItemDto: Decodable, Equatable, Sendable {
  public var id: String
  public var optionId: String?
  public var name: String
  public var foodId: String?
  public var qty: Double?
  public var unit: String?
  public var macros: MacrosDto
  public var swapped: Bool
  public var eaten: Bool
  public var removed: Bool

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

  enum CodingKeys: String, CodingKey {
    case id, optionId, name, foodId, qty, unit, swapped, eaten, removed
  }
}

/// A food the trainee added, as counted.
public struct MenuFoodDto: Decodable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var macros: MacrosDto
  public var eaten: Bool

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeText(forKey: .id) ?? ""
    name = try container.decodeText(forKey: .name) ?? ""
    macros = try MacrosDto(from: decoder)
    eaten = try container.decodeOptional(Bool.self, forKey: .eaten) ?? true
  }

  enum CodingKeys: String, CodingKey { case id, name, eaten }
}

/// A meal the trainee composed outside the plan.
public struct MenuCustomMealDto: Decodable, Equatable, Sendable {
  public var id: String
  public var label: String
  /// The meal log the custom meal was posted as, counted once through it.
  public var logId: String?
  public var items: [MenuFoodDto]

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeText(forKey: .id) ?? ""
    label = try container.decodeText(forKey: .label) ?? ""
    logId = try container.decodeText(forKey: .logId)
    items = try container.decodeList(MenuFoodDto.self, forKey: .items)
  }

  enum CodingKeys: String, CodingKey { case id, label, logId, items }
}

/// A meal log of the date, with its items as posted.
public struct MenuLogDto: Decodable, Equatable, Sendable {
  /// The log's id, a decimal string.
  public var id: String
  /// When it was eaten, ISO 8601.
  public var consumedAt: String
  /// The items as they were posted.
  public var items: JSONValue
  public var macros: MacrosDto
  /// `false` when an entry counted on the date links it by `logId` (a custom meal keyed for the
  /// date, or the replacement of a `REPLACED`, not-removed meal of the chosen plan day), so its
  /// food is counted there; any other link is ignored.
  public var counted: Bool

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let id = try container.decodeText(forKey: .id) else {
      throw DecodingError.keyNotFound(
        CodingKeys.id, .init(codingPath: container.codingPath, debugDescription: "is missing"))
    }
    self.id = id
    consumedAt = try container.decode(String.self, forKey: .consumedAt)
    items = try container.decodeOptional(JSONValue.self, forKey: .items) ?? .array([])
    macros = try MacrosDto(from: decoder)
    counted = try container.decodeOptional(Bool.self, forKey: .counted) ?? true
  }

  enum CodingKeys: String, CodingKey { case id, consumedAt, items, counted }
}

/// The answer of `GET /v1/trainee/home`: today in the request's zone, the next workout and
/// today's nutrition day.
public struct HomeDto: Decodable, Equatable, Sendable {
  /// Today in the request's `X-Timezone`, `YYYY-MM-DD`.
  public var date: String
  public var nextWorkout: NextWorkoutDto?
  public var nutrition: HomeNutritionDto?

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    date = try container.decode(String.self, forKey: .date)
    nextWorkout = try container.decodeOptional(NextWorkoutDto.self, forKey: .nextWorkout)
    nutrition = try container.decodeOptional(HomeNutritionDto.self, forKey: .nutrition)
  }

  enum CodingKeys: String, CodingKey { case date, nextWorkout, nutrition }
}

/// The program day the trainee does next.
public struct NextWorkoutDto: Codable, Equatable, Sendable {
  public var planId: String
  public var dayId: String
  public var title: String

  /// A next workout.
  public init(planId: String, dayId: String, title: String) {
    self.planId = planId
    self.dayId = dayId
    self.title = title
  }
}

/// Today's nutrition day on the home screen: the plan day's targets and what was eaten.
public struct HomeNutritionDto: Decodable, Equatable, Sendable {
  public var planId: String
  public var dayId: String
  public var targets: NutritionTargetsDto
  public var eaten: MacrosDto

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    planId = try container.decode(String.self, forKey: .planId)
    dayId = try container.decode(String.self, forKey: .dayId)
    targets =
      try container.decodeOptional(NutritionTargetsDto.self, forKey: .targets)
      ?? NutritionTargetsDto()
    eaten = try container.decodeOptional(MacrosDto.self, forKey: .eaten) ?? MacrosDto()
  }

  enum CodingKeys: String, CodingKey { case planId, dayId, targets, eaten }
}
