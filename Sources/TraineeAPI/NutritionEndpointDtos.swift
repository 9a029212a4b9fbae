import Foundation

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage",
// nutrition: the client's view of the day, meal log and food answers. The server encodes the meal
// log and food answers from its own types (TraineeServer, FoodCatalog.swift); these are the same
// shapes, decoded leniently per docs/architecture.md, "Wire compatibility". Amounts are bounded
// where the decoder asks (MacrosDto+Sums.swift).

/// Energy and macronutrients, `{ "kcal", "protein", "carbs", "fat" }`; a missing one is 0.
public struct MacrosDto: Codable, Equatable, Sendable {
  public var kcal: Double
  public var protein: Double
  public var carbs: Double
  public var fat: Double

  /// Macros; every value defaults to 0.
  public init(kcal: Double = 0, protein: Double = 0, carbs: Double = 0, fat: Double = 0) {
    self.kcal = kcal
    self.protein = protein
    self.carbs = carbs
    self.fat = fat
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kcal = try container.decodeAmount(forKey: .kcal, of: decoder)
    protein = try container.decodeAmount(forKey: .protein, of: decoder)
    carbs = try container.decodeAmount(forKey: .carbs, of: decoder)
    fat = try container.decodeAmount(forKey: .fat, of: decoder)
  }

  enum CodingKeys: String, CodingKey { case kcal, protein, carbs, fat }
}

/// Macros that are all 0 when absent or `null` (nothing eaten).
public enum ZeroMacros: WireFallback {
  public static var value: MacrosDto { MacrosDto() }
}

/// The answer of `GET /v1/trainee/nutrition/day` and `PUT /v1/trainee/nutrition/day`:
/// `{ date, data: snapshot|null, swapOptions? }`, with the snapshot read as `Snapshot`.
public struct NutritionDayDto<Snapshot: Sendable>: Sendable {
  /// The day, `YYYY-MM-DD`.
  public var date: String
  /// The day's saved snapshot; `nil` when the server has none.
  public var data: Snapshot?
  /// Render data of swaps the plan only previews, by item id.
  public var swapOptions: [String: NutritionOptionDto]?

  /// A day document.
  public init(date: String, data: Snapshot?, swapOptions: [String: NutritionOptionDto]? = nil) {
    self.date = date
    self.data = data
    self.swapOptions = swapOptions
  }

  enum CodingKeys: String, CodingKey { case date, data, swapOptions }
}

extension NutritionDayDto: Equatable where Snapshot: Equatable {}

extension NutritionDayDto: Decodable where Snapshot: Decodable {}

/// The body of `PUT /v1/trainee/nutrition/day`: `{ date, data }`.
public struct NutritionDayRequestDto<Snapshot: Encodable>: Encodable {
  /// The day, `YYYY-MM-DD`.
  public var date: String
  /// The day's snapshot, replacing the server's.
  public var data: Snapshot

  /// The body saving `data` as the snapshot of `date`.
  public init(date: String, data: Snapshot) {
    self.date = date
    self.data = data
  }
}

extension NutritionDayRequestDto: Sendable where Snapshot: Sendable {}

/// A plan day named by plan and day id: the home hint and the menu's `planId`/`dayId` query.
public struct PlanDayHint: Codable, Hashable, Sendable {
  public var planId: String
  public var dayId: String

  /// A hint naming plan `planId`, day `dayId`.
  public init(planId: String, dayId: String) {
    self.planId = planId
    self.dayId = dayId
  }

  package var queryItems: [URLQueryItem] {
    [URLQueryItem(name: "planId", value: planId), URLQueryItem(name: "dayId", value: dayId)]
  }
}

/// One food of a meal log (`POST /v1/trainee/nutrition/logs`): a name, its macros as eaten and
/// optionally where it came from.
public struct MealLogItemDto: Codable, Equatable, Sendable {
  public var id: String?
  public var name: String
  public var foodId: String?
  public var qty: Double?
  public var unit: String?
  public var barcode: String?
  public var macros: MacrosDto

  /// A logged food.
  public init(
    id: String? = nil, name: String, foodId: String? = nil, qty: Double? = nil,
    unit: String? = nil, barcode: String? = nil, macros: MacrosDto
  ) {
    self.id = id
    self.name = name
    self.foodId = foodId
    self.qty = qty
    self.unit = unit
    self.barcode = barcode
    self.macros = macros
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeText(forKey: .id)
    name = try container.decodeText(forKey: .name) ?? ""
    foodId = try container.decodeText(forKey: .foodId)
    qty = try container.decodeOptional(Double.self, forKey: .qty)
    unit = try container.decodeText(forKey: .unit)
    barcode = try container.decodeText(forKey: .barcode)
    macros = try MacrosDto(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try macros.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(foodId, forKey: .foodId)
    try container.encodeIfPresent(qty, forKey: .qty)
    try container.encodeIfPresent(unit, forKey: .unit)
    try container.encodeIfPresent(barcode, forKey: .barcode)
  }

  enum CodingKeys: String, CodingKey { case id, name, foodId, qty, unit, barcode }
}

/// The body of `POST /v1/trainee/nutrition/logs`.
public struct MealLogRequestDto: Codable, Equatable, Sendable {
  /// The day of the log, `YYYY-MM-DD`; without it the day `consumedAt` falls on, else today.
  public var date: String?
  /// When it was eaten, ISO 8601; sent for yesterday only (docs/specs/nutrition-day.md, "Which days
  /// can be edited").
  public var consumedAt: String?
  public var items: [MealLogItemDto]
  /// What the trainee wrote about the meal (left out when `nil`, as older clients send it).
  public var description: String?
  /// The path of a photo of the meal on the trainee's device.
  public var photoPath: String?

  /// A meal log.
  public init(
    date: String? = nil, consumedAt: String? = nil, items: [MealLogItemDto],
    description: String? = nil, photoPath: String? = nil
  ) {
    self.date = date
    self.consumedAt = consumedAt
    self.items = items
    self.description = description
    self.photoPath = photoPath
  }
}

/// The answer of `POST /v1/trainee/nutrition/logs`: the log's id.
public struct LoggedMealDto: Codable, Equatable, Sendable {
  /// The log's id, a decimal string.
  @WireText public var id: String

  /// A logged meal's answer.
  public init(id: String) {
    self.id = id
  }

  enum CodingKeys: String, CodingKey { case id }
}

/// A food of the server's catalog (`GET /v1/foods/search`, `GET /v1/foods/barcode/:code`).
public struct FoodDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  /// An EAN-13 or other 8 to 14 digit code.
  @WireText public var barcode: String?
  /// The canonical unit a portion is given in, such as `g`.
  @Defaulted<GramUnit> public var unit: String
  /// Macros per 100 units.
  public var per100g: MacrosDto
  /// Where the figures come from.
  @WireText public var source: String?

  /// A catalog food.
  public init(
    id: String, name: String, barcode: String? = nil, unit: String = "g", per100g: MacrosDto,
    source: String? = nil
  ) {
    self.id = id
    self.name = name
    self.barcode = barcode
    self.unit = unit
    self.per100g = per100g
    self.source = source
  }

  enum CodingKeys: String, CodingKey { case id, name, barcode, unit, per100g, source }
}

/// A food's unit when absent or `null`: grams.
public enum GramUnit: TextFallback {
  public static var value: String { "g" }
}

/// The answer of `GET /v1/foods/search`.
public struct FoodSearchDto: Codable, Equatable, Sendable {
  /// The matching foods, best first.
  public var foods: [FoodDto]

  /// A search answer.
  public init(foods: [FoodDto]) {
    self.foods = foods
  }
}
