import Foundation
import NutritionLog
import TerminalScreens

extension NutritionScreenState {
  /// `y` copies the selected meal's eaten items from yesterday into today; `Y` every meal's.
  mutating func copyFromYesterday(
    wholeDay: Bool, now: Date, _ turn: inout NutritionScreenTurn
  ) {
    guard ensureEditable(&turn) else { return }
    guard shown == today else {
      turn.say(turn.text(.nutritionCopyOnlyToday))
      return
    }
    let stored = storedContent(of: today.adding(days: -1), edits: turn.edits)
    guard let before = stored.day, let content = currentContent(turn.context).day else { return }
    let meals: [ReadOnlyMeal]
    if wholeDay {
      meals = before.meals
    } else {
      guard let (row, _) = selection(turn.context), !row.isCustom else {
        turn.say(turn.text(.nutritionCopyComposedHint))
        return
      }
      guard let meal = before.meals.first(where: { $0.id == row.mealId })
      else {
        turn.say(turn.text(.nutritionNoSuchMealYesterday))
        return
      }
      meals = [meal]
    }
    var copied = 0
    var skipped: [String] = []
    for meal in meals {
      let edits = YesterdayCopy.edits(
        from: meal, into: content.meals.first { $0.id == meal.id }, newID: turn.context.newID)
      if edits.isEmpty, meal.eaten.kcal > 0 { skipped.append(meal.name) }
      for edit in edits {
        if apply(edit, now: now, &turn) { copied += 1 }
      }
    }
    if wholeDay {
      let composed = (stored.snapshot?.customMeals ?? [:])
        .filter { today.adding(days: -1).dayKey.owns(entryKey: $0.key) }
        .sorted { $0.key < $1.key }
        .compactMap { YesterdayCopy.composedMeal($0.value, newID: turn.context.newID) }
      for meal in composed {
        if apply(.setCustomMeal(meal), now: now, &turn) { copied += 1 }
      }
    }
    if copied == 0 {
      turn.say(turn.text(.nutritionNothingYesterday))
    } else {
      turn.say(
        skipped.isEmpty
          ? turn.text(.nutritionCopied)
          : turn.text(.nutritionCopiedSkipped, ["meals": skipped.joined(separator: ", ")])
      )
    }
  }
}
