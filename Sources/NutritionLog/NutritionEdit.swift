import Foundation
import TraineeAPI

/// Every edit a trainee (or a replay script) can make to one nutrition day.
public enum NutritionEdit: Equatable, Sendable {
  case setEaten(itemId: String, eaten: Bool)
  /// Marks the listed plan items of a meal eaten (or not) at once.
  case setItemsEaten(itemIds: [String], eaten: Bool)
  case setSwap(itemId: String, optionId: String?, option: NutritionOptionDto?)
  case setMealSwaps([ItemSwap])
  case setItemRemoved(itemId: String, removed: Bool)
  case setPortion(itemId: String, portion: ItemPortion?)
  case addFood(mealId: String, item: CustomMealItem)
  case updateFood(mealId: String, item: CustomMealItem)
  case removeFood(mealId: String, itemId: String)
  case setFoodEaten(mealId: String, itemId: String, eaten: Bool)
  case setMealStatus(mealId: String, status: MealStatus)
  case setReplacement(mealId: String, replacement: MealReplacement?)
  case setMealRemoved(mealId: String, removed: Bool)
  case setCustomMeal(CustomMeal)
  case removeCustomMeal(mealId: String)
  case setCustomMealEaten(mealId: String, eaten: Bool)
  case setCustomMealItemEaten(mealId: String, itemId: String, eaten: Bool)
}

extension NutritionEdits {
  /// Applies `edit` to the day `dateKey` at `moment` and returns what should happen next. A
  /// refused edit changes nothing and returns `.actionRefused` alone.
  public mutating func apply(
    _ edit: NutritionEdit, dateKey: String, at moment: EditMoment
  ) -> [NutritionEditEffect] {
    do {
      return try perform(edit, dateKey: dateKey, at: moment)
    } catch {
      return [.actionRefused(error)]
    }
  }

  private mutating func perform(
    _ edit: NutritionEdit, dateKey key: String, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    switch edit {
    case .setEaten(let itemId, let eaten):
      try setEaten(dateKey: key, itemId: itemId, eaten: eaten, at: moment)
    case .setItemsEaten(let itemIds, let eaten):
      try setItemsEaten(dateKey: key, itemIds: itemIds, eaten: eaten, at: moment)
    case .setSwap(let itemId, let optionId, let option):
      try setSwap(dateKey: key, itemId: itemId, optionId: optionId, option: option)
    case .setMealSwaps(let swaps):
      try setMealSwaps(dateKey: key, swaps: swaps)
    case .setItemRemoved(let itemId, let removed):
      try setItemRemoved(dateKey: key, itemId: itemId, removed: removed)
    case .setPortion(let itemId, let portion):
      try setPortion(dateKey: key, itemId: itemId, portion: portion)
    case .addFood(let mealId, let item):
      try addFood(dateKey: key, mealId: mealId, item: item, at: moment)
    case .updateFood(let mealId, let item):
      try updateFood(dateKey: key, mealId: mealId, item: item)
    case .removeFood(let mealId, let itemId):
      try removeFood(dateKey: key, mealId: mealId, itemId: itemId)
    case .setFoodEaten(let mealId, let itemId, let eaten):
      try setFoodEaten(dateKey: key, mealId: mealId, itemId: itemId, eaten: eaten, at: moment)
    case .setMealStatus(let mealId, let status):
      try setMealStatus(dateKey: key, mealId: mealId, status: status, at: moment)
    case .setReplacement(let mealId, let replacement):
      try setReplacement(dateKey: key, mealId: mealId, replacement: replacement, at: moment)
    case .setMealRemoved(let mealId, let removed):
      try setMealRemoved(dateKey: key, mealId: mealId, removed: removed)
    case .setCustomMeal(let meal):
      try setCustomMeal(dateKey: key, meal: meal, at: moment)
    case .removeCustomMeal(let mealId):
      try removeCustomMeal(dateKey: key, mealId: mealId)
    case .setCustomMealEaten(let mealId, let eaten):
      try setCustomMealEaten(dateKey: key, mealId: mealId, eaten: eaten, at: moment)
    case .setCustomMealItemEaten(let mealId, let itemId, let eaten):
      try setCustomMealItemEaten(
        dateKey: key, mealId: mealId, itemId: itemId, eaten: eaten, at: moment)
    }
  }
}
