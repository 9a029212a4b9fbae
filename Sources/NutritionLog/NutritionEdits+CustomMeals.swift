import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "The preferred day and the home hint": adding or ticking a
// custom meal records eating. A custom meal is a whole: saving one with an existing id replaces it.

extension NutritionEdits {
  /// Adds composed meal `meal` to the day, or replaces the one with its id. Records eating.
  public mutating func setCustomMeal(
    dateKey: String, meal: CustomMeal, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    try Self.checkId(meal.id, "meal.id")
    var seen: Set<String> = []
    for (index, item) in meal.items.enumerated() {
      try Self.check(item.entry, "meal.items[\(index)]")
      guard seen.insert(item.id).inserted else {
        throw .duplicateFood(mealId: meal.id, itemId: item.id)
      }
    }
    editDay(dateKey) { day in day.snapshot.customMeals[Self.key(dateKey, meal.id)] = meal }
    return lockPreferredFrom(dateKey: dateKey, at: moment)
  }

  /// Deletes composed meal `mealId` from the day.
  public mutating func removeCustomMeal(
    dateKey: String, mealId: String
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    let key = try customMealKey(dateKey, mealId)
    editDay(dateKey) { day in day.snapshot.customMeals[key] = nil }
    return []
  }

  /// Ticks (or unticks) every item of composed meal `mealId`. Ticking records eating.
  public mutating func setCustomMealEaten(
    dateKey: String, mealId: String, eaten: Bool, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    let key = try customMealKey(dateKey, mealId)
    editDay(dateKey) { day in
      for index in day.snapshot.customMeals[key]!.items.indices {
        day.snapshot.customMeals[key]!.items[index].eaten = eaten
      }
    }
    return eaten ? lockPreferredFrom(dateKey: dateKey, at: moment) : []
  }

  /// Ticks (or unticks) item `itemId` of composed meal `mealId`. Ticking records eating.
  public mutating func setCustomMealItemEaten(
    dateKey: String, mealId: String, itemId: String, eaten: Bool, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    let key = try customMealKey(dateKey, mealId)
    try Self.checkId(itemId, "itemId")
    guard
      let index = days[dateKey]?.snapshot.customMeals[key]?.items.firstIndex(where: {
        $0.id == itemId
      })
    else { throw .unknownFood(mealId: mealId, itemId: itemId) }
    editDay(dateKey) { day in day.snapshot.customMeals[key]!.items[index].eaten = eaten }
    return eaten ? lockPreferredFrom(dateKey: dateKey, at: moment) : []
  }

  /// The key of composed meal `mealId` on `dateKey`, or the refusal saying it is not there.
  private func customMealKey(
    _ dateKey: String, _ mealId: String
  ) throws(NutritionEditRefusal) -> String {
    try Self.checkDateKey(dateKey)
    try Self.checkId(mealId, "mealId")
    let key = Self.key(dateKey, mealId)
    guard days[dateKey]?.snapshot.customMeals[key] != nil else {
      throw .unknownCustomMeal(mealId: mealId)
    }
    return key
  }
}
