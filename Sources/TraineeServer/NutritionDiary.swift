import Foundation
import TraineeAPI

// NB: issue 6 "Nutrition": the diary of a date is the plan day with the day's snapshot applied,
// the trainee's own meals, and the meal logs of that date. The eaten sums count a meal log that a
// custom meal or a replacement links through `logId` once (through the snapshot), as the store
// comment in spec nutrition-day-log.md "What each map means" says the server does; a link from an
// entry the sums do not count is ignored, so the log counts by itself (docs/decisions.md, "Server
// nutrition routes (issue 6)").

/// The answer of `GET /v1/trainee/nutrition/menu?date=`: what the trainee ate on a date.
struct NutritionDiary: Encodable, Equatable, Sendable {
  var date: CalendarDate
  /// The plan day the snapshot was applied to; `nil` when the trainee has no plan.
  var planId: String?
  var dayId: String?
  var meals: [DiaryMeal]
  /// Foods added to meals that the plan day does not have, by meal id.
  var otherFoods: [String: [DiaryFood]]
  var customMeals: [DiaryCustomMeal]
  var logs: [DiaryLog]
  /// Everything counted as eaten on the date, each meal log once.
  var eaten: Macros

  enum CodingKeys: String, CodingKey {
    case date, planId, dayId, meals, otherFoods, customMeals, logs, eaten
  }

  func encode(to encoder: any Encoder) throws {
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
}

/// A plan meal as the trainee had it.
struct DiaryMeal: Encodable, Equatable, Sendable {
  var id: String
  var name: String
  var time: String?
  /// `PLANNED`, `EATEN_OUTSIDE` or `REPLACED`.
  var status: String
  var removed: Bool
  var items: [DiaryItem]
  /// Foods the trainee added to the meal.
  var added: [DiaryFood]
  /// The entry standing in for the meal when its status is `REPLACED`.
  var replacement: DiaryFood?
}

/// A plan item with the option chosen and the trainee's amount applied.
struct DiaryItem: Encodable, Equatable, Sendable {
  var id: String
  var optionId: String?
  var name: String
  var foodId: String?
  var qty: Double?
  var unit: String?
  var macros: Macros
  var swapped: Bool
  var eaten: Bool
  var removed: Bool

  enum CodingKeys: String, CodingKey {
    case id, optionId, name, foodId, qty, unit, swapped, eaten, removed
  }

  func encode(to encoder: any Encoder) throws {
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
}

/// A food the trainee added, as counted.
struct DiaryFood: Encodable, Equatable, Sendable {
  var id: String
  var name: String
  var macros: Macros
  var eaten: Bool

  init(_ food: SnapshotFood) {
    id = food.id
    name = food.name
    macros = food.macros
    eaten = food.eaten ?? true
  }

  enum CodingKeys: String, CodingKey { case id, name, eaten }

  func encode(to encoder: any Encoder) throws {
    try macros.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(eaten, forKey: .eaten)
  }
}

/// A meal the trainee composed outside the plan.
struct DiaryCustomMeal: Encodable, Equatable, Sendable {
  var id: String
  var label: String
  var logId: String?
  var items: [DiaryFood]
}

/// A meal log of the date, with its items as they were posted.
struct DiaryLog: Encodable, Equatable, Sendable {
  var id: MealLogID
  var consumedAt: String
  var items: JSONValue
  var macros: Macros
  /// `false` when a custom meal of the date or a counted replacement (a plan meal of the chosen
  /// day, `REPLACED`, not removed) links it, so its food is counted there.
  var counted: Bool

  enum CodingKeys: String, CodingKey { case id, consumedAt, items, counted }

  func encode(to encoder: any Encoder) throws {
    try macros.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(consumedAt, forKey: .consumedAt)
    try container.encode(items, forKey: .items)
    try container.encode(counted, forKey: .counted)
  }
}
