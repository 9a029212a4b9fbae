import Foundation
import TraineeAPI

@testable import NutritionLog

/// Fixed days, moments and foods the edit and snapshot tests share. Monday 5 January 2026 is
/// today (`2026-0-5`); Sunday 4 January is yesterday (`2026-0-4`).
enum NutritionEditsSamples {
  static let today = "2026-0-5"
  static let yesterday = "2026-0-4"
  /// 2026-01-05T11:00:00Z, noon in Berlin.
  static let now = Date(timeIntervalSince1970: 1_767_610_800)
  /// 2026-01-06T04:00:00Z, the next 05:00 in Berlin.
  static let nextRollover = Date(timeIntervalSince1970: 1_767_672_000)
  static let nextRolloverMs: Double = 1_767_672_000_000

  /// The tab on today, at noon.
  static let onToday = EditMoment(
    now: now, todayKey: today, shownKey: today, nextRollover: nextRollover)
  /// The tab on yesterday, at noon today.
  static let onYesterday = EditMoment(
    now: now, todayKey: today, shownKey: yesterday, nextRollover: nextRollover)

  static let apple = CustomMealItem(
    id: "a1", name: "Apple", kcal: 52, protein: 0.3, carbs: 14, fat: 0.2)
  static let banana = CustomMealItem(
    id: "b1", name: "Banana", kcal: 89, protein: 1.1, carbs: 23, fat: 0.3, eaten: true)
  static let pizza = MealReplacement(
    id: "r1", name: "Pizza", kcal: 800, protein: 30, carbs: 90, fat: 35)
  static let snack = CustomMeal(id: "c1", label: "Snack", items: [apple, banana])
  static let oats = ItemPortion(foodId: "f_oats", qty: 120)
  static let rice = NutritionOptionDto(
    id: "o_rice", name: "Rice", foodId: "f_rice", qty: 70, unit: "g", kcal: 250)

  /// Edits with plan `np1`, day `nd1` in view.
  static func viewing() -> NutritionEdits {
    var edits = NutritionEdits()
    edits.view(planId: "np1", dayId: "nd1")
    return edits
  }

  /// Applies `edit` to `edits` on `dateKey`, expecting it to be accepted.
  static func applying(
    _ edits: [NutritionEdit], on dateKey: String = today, to state: NutritionEdits = viewing(),
    at moment: EditMoment = onYesterday
  ) -> NutritionEdits {
    var state = state
    for edit in edits {
      _ = state.apply(edit, dateKey: dateKey, at: moment)
    }
    return state
  }
}
