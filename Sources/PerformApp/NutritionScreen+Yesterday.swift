import Foundation
import NutritionLog

extension NutritionScreen {
  /// `y` copies the selected meal's eaten items from yesterday into today; `Y` every meal's.
  func copyFromYesterday(wholeDay: Bool, now: Date) {
    guard ensureEditable() else { return }
    guard shown == today else {
      host?.show(message: text(.nutritionCopyOnlyToday))
      return
    }
    let stored = storedContent(of: today.adding(days: -1))
    guard let before = stored.day, let content = currentContent().day else { return }
    let meals: [ReadOnlyMeal]
    if wholeDay {
      meals = before.meals
    } else {
      guard let (row, _) = selection(), !row.isCustom else {
        host?.show(message: text(.nutritionCopyComposedHint))
        return
      }
      guard let meal = before.meals.first(where: { $0.id == row.mealId })
      else {
        host?.show(message: text(.nutritionNoSuchMealYesterday))
        return
      }
      meals = [meal]
    }
    var copied = 0
    var skipped: [String] = []
    for meal in meals {
      let edits = YesterdayCopy.edits(
        from: meal, into: content.meals.first { $0.id == meal.id }, newID: environment.newID)
      if edits.isEmpty, meal.eaten.kcal > 0 { skipped.append(meal.name) }
      for edit in edits where apply(edit, now: now) { copied += 1 }
    }
    if wholeDay {
      let composed = (stored.snapshot?.customMeals ?? [:])
        .filter { today.adding(days: -1).dayKey.owns(entryKey: $0.key) }
        .sorted { $0.key < $1.key }
        .compactMap { YesterdayCopy.composedMeal($0.value, newID: environment.newID) }
      for meal in composed where apply(.setCustomMeal(meal), now: now) { copied += 1 }
    }
    if copied == 0 {
      host?.show(message: text(.nutritionNothingYesterday))
    } else {
      host?.show(
        message: skipped.isEmpty
          ? text(.nutritionCopied)
          : text(.nutritionCopiedSkipped, ["meals": skipped.joined(separator: ", ")])
      )
    }
  }
}
