import CoachPrograms
import Foundation
import TraineeAPI
import TraineeRecords

// NB: docs/decisions/the-coachs-meal-plans.md, "Validation" and "Ids that last": a meal plan
// document is checked whole before anything is written, and a bad value is refused with its path
// (`days[0].meals[2].items[1].options[0].kcal`). Every id is the coach's and kept as sent: the
// server invents and renumbers none, so an item keeps its id across versions as long as the coach
// sends it back, and a trainee's day (keyed `dateKey__itemId`) keeps its ticks and swaps.

/// Checks a coach's meal plan document and renders the plan a trainee reads.
public enum CoachMealPlanDocument {
  /// The most days a meal plan has.
  public static let mostDays = 14
  /// The most meals a day has.
  public static let mostMeals = 20
  /// The most items a meal has.
  public static let mostItems = 40
  /// The most options an item has.
  public static let mostOptions = 20
  /// The longest id, food id or unit, in characters.
  public static let longestShortText = 64
  /// The most kilocalories a target or an option says.
  public static let mostKcal = 20_000.0
  /// The most grams of a macro a target or an option says.
  public static let mostGrams = 2_000.0
  /// The largest quantity of an option.
  public static let mostQuantity = 100_000.0

  /// `document` with its names trimmed; throws `invalid` naming the path of the first bad value.
  public static func checked(
    _ document: CoachMealPlanDocumentDto
  ) throws(TraineeStoreError) -> CoachMealPlanDocumentDto {
    var document = document
    document.name = try CoachProgramPlan.name(document.name, "name")
    guard (1...mostDays).contains(document.days.count) else {
      throw .invalid(field: "days", problem: "must hold 1 to \(mostDays) days")
    }
    var dayIDs: Set<String> = []
    for (d, day) in document.days.enumerated() {
      document.days[d] = try checked(day, at: "days[\(d)]", ids: &dayIDs)
    }
    return document
  }

  private static func checked(
    _ day: NutritionPlanDayDto, at path: String, ids: inout Set<String>
  ) throws(TraineeStoreError) -> NutritionPlanDayDto {
    var day = day
    try id(day.id, "\(path).id", among: &ids, "day")
    if let label = day.label { day.label = try CoachProgramPlan.name(label, "\(path).label") }
    if let targets = day.targets {
      try amount(targets.kcal, "\(path).targets.kcal", most: mostKcal)
      try amount(targets.protein, "\(path).targets.protein", most: mostGrams)
      try amount(targets.carbs, "\(path).targets.carbs", most: mostGrams)
      try amount(targets.fat, "\(path).targets.fat", most: mostGrams)
    }
    guard day.meals.count <= mostMeals else {
      throw .invalid(field: "\(path).meals", problem: "must hold at most \(mostMeals) meals")
    }
    var mealIDs: Set<String> = []
    // Item ids are unique in the day, not only the meal: a day's entries are keyed by them.
    var itemIDs: Set<String> = []
    for (m, meal) in day.meals.enumerated() {
      let at = "\(path).meals[\(m)]"
      var meal = meal
      try id(meal.id, "\(at).id", among: &mealIDs, "meal")
      meal.name = try CoachProgramPlan.name(meal.name, "\(at).name")
      if let time = meal.time, !isClockTime(time) {
        throw .invalid(field: "\(at).time", problem: "must be a time HH:mm")
      }
      guard meal.items.count <= mostItems else {
        throw .invalid(field: "\(at).items", problem: "must hold at most \(mostItems) items")
      }
      for (i, item) in meal.items.enumerated() {
        meal.items[i] = try checked(item, at: "\(at).items[\(i)]", ids: &itemIDs)
      }
      day.meals[m] = meal
    }
    return day
  }

  private static func checked(
    _ item: NutritionItemDto, at path: String, ids: inout Set<String>
  ) throws(TraineeStoreError) -> NutritionItemDto {
    var item = item
    try id(item.id, "\(path).id", among: &ids, "item of the day")
    guard (1...mostOptions).contains(item.options.count) else {
      throw .invalid(field: "\(path).options", problem: "must hold 1 to \(mostOptions) options")
    }
    var optionIDs: Set<String> = []
    for (o, option) in item.options.enumerated() {
      let at = "\(path).options[\(o)]"
      var option = option
      try id(option.id, "\(at).id", among: &optionIDs, "option")
      option.name = try CoachProgramPlan.name(option.name, "\(at).name")
      _ = try shortText(option.foodId, "\(at).foodId")
      _ = try shortText(option.unit, "\(at).unit")
      if let qty = option.qty, !(qty.isFinite && qty > 0 && qty <= mostQuantity) {
        throw .invalid(
          field: "\(at).qty", problem: "must be more than 0 and at most \(Int(mostQuantity))")
      }
      try amount(option.kcal, "\(at).kcal", most: mostKcal)
      try amount(option.protein, "\(at).protein", most: mostGrams)
      try amount(option.carbs, "\(at).carbs", most: mostGrams)
      try amount(option.fat, "\(at).fat", most: mostGrams)
      item.options[o] = option
    }
    return item
  }

  private static func id(
    _ text: String, _ field: String, among ids: inout Set<String>, _ what: String
  ) throws(TraineeStoreError) {
    _ = try shortText(text, field)
    // NB: a day's entries are keyed `dateKey__id`; an id with the separator could read as
    // another key.
    guard !text.contains(entryKeySeparator) else {
      throw .invalid(field: field, problem: "must not contain \(entryKeySeparator)")
    }
    guard ids.insert(text).inserted else {
      throw .invalid(field: field, problem: "repeats the id of an earlier \(what)")
    }
  }

  private static func shortText(
    _ text: String?, _ field: String
  ) throws(TraineeStoreError) -> String? {
    guard let text else { return nil }
    guard !text.isEmpty, text.count <= longestShortText,
      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw .invalid(
        field: field,
        problem: "must be 1 to \(longestShortText) characters without control characters")
    }
    return text
  }

  private static func amount(
    _ value: Double?, _ field: String, most: Double
  ) throws(TraineeStoreError) {
    guard let value else { return }
    guard value.isFinite, value >= 0, value <= most else {
      throw .invalid(field: field, problem: "must be 0 to \(Int(most))")
    }
  }

  private static func isClockTime(_ text: String) -> Bool {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let hour = Int(parts[0]), let minute = Int(parts[1])
    else { return false }
    return (0...23).contains(hour) && (0...59).contains(minute)
  }

  /// The plan id a trainee reads for a meal plan: `meal-plan-` and its id.
  public static func planID(_ mealPlan: CoachMealPlanID) -> String {
    planIDPrefix + "\(mealPlan)"
  }

  private static let planIDPrefix = "meal-plan-"

  /// The plan an assignee reads of `document` (checked) at `version`.
  public static func plan(
    of document: CoachMealPlanDocumentDto, mealPlan: CoachMealPlanID, version: Int
  ) -> NutritionPlanDto {
    NutritionPlanDto(
      id: planID(mealPlan), name: document.name, days: document.days, version: version)
  }
}
