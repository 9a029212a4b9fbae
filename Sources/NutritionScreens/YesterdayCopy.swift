import Foundation
import NutritionLog
import TerminalScreens
import TraineeAPI

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Eat as planned, faster": copying from
// yesterday eats today what was eaten then, through the same edits as by hand. A plan item eaten
// yesterday as planned (same option, same amount) that today's same meal has is ticked; anything
// else eaten (a swapped or resized item, an added food, a replacement) is added to today's meal as
// a food with the figures it was eaten with, so the day counts exactly what was eaten yesterday. A
// composed meal (`Y` only: it has no plan meal to select today) becomes a new composed meal of
// today holding its eaten items with new ids and without the meal-log link: the log stays
// yesterday's.

/// The edits that copy one meal's eaten items from yesterday into today.
enum YesterdayCopy {
  /// The edits copying what was eaten in `yesterday` into `today`, the same meal of today's
  /// plan day (`nil`: today's plan has no such meal, and nothing is copied). Items already
  /// eaten today are not ticked twice; foods get ids from `newID`.
  static func edits(
    from yesterday: ReadOnlyMeal, into today: ReadOnlyMeal?, newID: () -> String
  ) -> [NutritionEdit] {
    guard let today, !yesterday.removed, !today.removed, today.status != .replaced else {
      return []
    }
    var ticks: [String] = []
    var foods: [CustomMealItem] = []
    func food(_ name: String, _ macros: MacrosDto, qty: Double? = nil, unit: String? = nil) {
      foods.append(
        CustomMealItem(
          id: newID(), name: name, kcal: macros.kcal, protein: macros.protein,
          carbs: macros.carbs, fat: macros.fat, eaten: true, qty: qty, unit: unit))
    }
    if yesterday.status == .replaced, let replacement = yesterday.replacement {
      food(replacement.name, replacement.macros)
    } else {
      for item in yesterday.items where item.eaten && !item.removed {
        let planned = today.items.first { $0.id == item.id && !$0.removed }
        if let planned, !item.swapped, !planned.swapped, planned.macros == item.macros {
          if !planned.eaten { ticks.append(item.id) }
        } else {
          food(item.name, item.macros, qty: item.qty, unit: item.unit)
        }
      }
    }
    for added in yesterday.added where added.eaten {
      food(added.name, added.macros)
    }
    var edits: [NutritionEdit] = []
    if !ticks.isEmpty { edits.append(.setItemsEaten(itemIds: ticks, eaten: true)) }
    edits += foods.map { .addFood(mealId: today.id, item: $0) }
    return edits
  }

  /// The composed meal of today copying `meal`'s eaten items from yesterday, with new ids from
  /// `newID`, ticked, without `logId` or `source`; `nil` when nothing of it was eaten.
  static func composedMeal(_ meal: CustomMeal, newID: () -> String) -> CustomMeal? {
    let items = meal.items.filter { $0.eaten != false }.map { item in
      var copy = item
      copy.id = newID()
      copy.eaten = true
      return copy
    }
    guard !items.isEmpty else { return nil }
    return CustomMeal(id: newID(), label: meal.label, items: items)
  }
}
