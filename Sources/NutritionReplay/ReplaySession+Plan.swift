import Foundation
import NutritionLog
import TraineeAPI

// NB: "acts as the screen would": the screen only offers the items, options and meals of the
// plan day it shows. When the script's `plans` hold the plan day in view, an edit naming
// anything else is a bad script (exit 2), as an unknown exercise is in `perform replay`. With
// no plans at all (or no plan day in view), ids are taken as they are.

extension ReplaySession {
  /// Refuses a `view` of a plan day the script's plans do not have, when they have any.
  func checkView(planId: String?, dayId: String?, index: Int) throws(NutritionReplayScriptError) {
    guard !plans.plans.isEmpty, let planId, let dayId else { return }
    guard let plan = plans.plans.first(where: { $0.id == planId }) else {
      throw NutritionReplayScriptError(actionIndex: index, problem: "view: no plan \(planId)")
    }
    guard plan.days.contains(where: { $0.id == dayId }) else {
      throw NutritionReplayScriptError(
        actionIndex: index, problem: "view: plan \(planId) has no day \(dayId)")
    }
  }

  /// Refuses an edit naming an item, option or meal the plan day in view does not have.
  func checkIds(of edit: NutritionEdit, index: Int) throws(NutritionReplayScriptError) {
    guard let day = planDayInView else { return }
    let name = edit.actionName
    func fail(_ problem: String) -> NutritionReplayScriptError {
      NutritionReplayScriptError(actionIndex: index, problem: "\(name): \(problem)")
    }
    let items = day.meals.flatMap(\.items)
    func item(_ id: String) throws(NutritionReplayScriptError) -> NutritionItemDto {
      guard let item = items.first(where: { $0.id == id }) else {
        throw fail("no item \(id) in plan day \(day.id)")
      }
      return item
    }
    func meal(_ id: String) throws(NutritionReplayScriptError) {
      guard day.meals.contains(where: { $0.id == id }) else {
        throw fail("no meal \(id) in plan day \(day.id)")
      }
    }
    switch edit {
    case .setEaten(let itemId, _), .setItemRemoved(let itemId, _), .setPortion(let itemId, _):
      _ = try item(itemId)
    case .setSwap(let itemId, let optionId, _):
      let found = try item(itemId)
      if let optionId, found.option(optionId) == nil {
        throw fail("item \(itemId) has no option \(optionId)")
      }
    case .addFood(let mealId, _), .setMealStatus(let mealId, _), .setReplacement(let mealId, _),
      .setMealRemoved(let mealId, _):
      try meal(mealId)
    default:
      return
    }
  }

  /// The plan day in view, when the script's plans have it.
  private var planDayInView: NutritionPlanDayDto? {
    guard let planId = edits.viewPlanId, let dayId = edits.viewDayId else { return nil }
    return plans.plans.first { $0.id == planId }?.days.first { $0.id == dayId }
  }
}

extension NutritionEdit {
  /// The replay action that makes this edit.
  var actionName: String {
    switch self {
    case .setEaten: "tick"
    case .setSwap: "swap"
    case .setPortion: "portion"
    case .setItemRemoved: "removeItem"
    case .addFood: "addFood"
    case .setMealStatus: "mealStatus"
    case .setReplacement: "replaceMeal"
    case .setMealRemoved: "removeMeal"
    case .setCustomMeal: "customMeal"
    case .setItemsEaten: "setItemsEaten"
    case .setMealSwaps: "setMealSwaps"
    case .updateFood: "updateFood"
    case .removeFood: "removeFood"
    case .setFoodEaten: "setFoodEaten"
    case .removeCustomMeal: "removeCustomMeal"
    case .setCustomMealEaten: "setCustomMealEaten"
    case .setCustomMealItemEaten: "setCustomMealItemEaten"
    }
  }
}
