import Foundation
import NutritionLog
import TerminalUI
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Edit rules": the screen only picks the edit;
// the store's rules (a swap or removal drops the portion, an invalid portion is not kept, eating
// locks the preferred day) and the editable-day gate are the engine's.

extension NutritionScreen {
  /// Sends `edit` of `date` through the sync engine and performs what it asks for. A refused
  /// edit changes nothing; its reason goes to the status line. Answers whether it was applied.
  @discardableResult
  func apply(_ edit: NutritionEdit, on date: CalendarDay? = nil, now: Date) -> Bool {
    syncPlanView(now: now)
    do {
      let effects = try sync.edit(edit, on: date ?? shown, at: editMoment(now: now))
      perform(effects, now: now)
      return true
    } catch {
      host?.show(message: said { NutritionText.describe(error) })
      return false
    }
  }

  /// `words` written in the trainee's language (the helpers read it while the screen draws).
  func said(_ words: () -> String) -> String {
    NutritionText.$text.withValue(text) { words() }
  }

  /// Performs the store's effects: the preferred day goes to its file; a rejected portion is
  /// said.
  func perform(_ effects: [NutritionEditEffect], now: Date) {
    for effect in effects {
      switch effect {
      case .lockPreferredDay(let day):
        guard let file = preferredDayFile else { continue }
        do {
          try file.save(day, now: now)
        } catch {
          host?.show(message: "The plan day could not be kept: \(error).")
        }
      case .portionRejected(_, let problem):
        host?.show(message: said { NutritionText.describe(problem) })
      case .deletePreferredDay, .actionRefused:
        break
      }
    }
  }

  /// Whether the day shown can be edited; when not, says why (the engine's refusal).
  func ensureEditable() -> Bool {
    do {
      try checkEditableDay(shown, today: today)
      return true
    } catch {
      host?.show(message: said { NutritionText.describe(error) })
      return false
    }
  }

  // MARK: Tick, swap, remove, delete

  /// Enter or space: ticks (or unticks) the selected item, food or whole meal.
  func tickSelected(now: Date) {
    guard ensureEditable(), let (row, content) = selection() else { return }
    switch row {
    case .meal(let mealId):
      guard let meal = content.meal(mealId) else { return }
      if meal.removed {
        host?.show(message: text(.nutritionMealDeleted, ["meal": meal.name]))
      } else if meal.status == .replaced {
        host?.show(message: text(.nutritionReplacedCounts))
      } else if meal.status == .eatenOutside {
        apply(.setMealStatus(mealId: mealId, status: .planned), now: now)
      } else {
        let items = meal.items.filter { !$0.removed }
        guard !items.isEmpty else { return }
        let eaten = !items.allSatisfy(\.eaten)
        apply(.setItemsEaten(itemIds: items.map(\.id), eaten: eaten), now: now)
      }
    case .item(let mealId, let itemId):
      guard let item = content.item(itemId, in: mealId) else { return }
      guard !item.removed else {
        host?.show(message: text(.nutritionItemRemoved, ["item": item.name]))
        return
      }
      apply(.setEaten(itemId: itemId, eaten: !item.eaten), now: now)
    case .food(let mealId, let foodId):
      let eaten = content.addedFood(foodId, in: mealId)?.eaten != false
      apply(.setFoodEaten(mealId: mealId, itemId: foodId, eaten: !eaten), now: now)
    case .replacement:
      host?.show(message: text(.nutritionReplacedUndo))
    case .customMeal(let mealId):
      guard let meal = content.customMeal(mealId) else { return }
      let eaten = !meal.items.allSatisfy { $0.eaten != false }
      apply(.setCustomMealEaten(mealId: mealId, eaten: eaten), now: now)
    case .customFood(let mealId, let foodId):
      let item = content.customMeal(mealId)?.items.first { $0.id == foodId }
      let eaten = item?.eaten != false
      apply(.setCustomMealItemEaten(mealId: mealId, itemId: foodId, eaten: !eaten), now: now)
    }
  }

  /// `s`: chooses the selected plan item's next option (after the last, the main one again).
  func swapSelected(now: Date) {
    guard ensureEditable(), let (row, content) = selection() else { return }
    guard case .item(let mealId, let itemId) = row,
      let item = content.item(itemId, in: mealId),
      let planItem = content.planItem(itemId, in: mealId)
    else {
      host?.show(message: text(.nutritionSwapHint))
      return
    }
    guard !item.removed else {
      host?.show(message: text(.nutritionItemRemoved, ["item": item.name]))
      return
    }
    guard planItem.options.count > 1, let main = planItem.mainOption else {
      host?.show(message: text(.nutritionNoOtherOption, ["item": item.name]))
      return
    }
    let index = planItem.options.firstIndex { $0.id == item.optionId } ?? 0
    let next = planItem.options[(index + 1) % planItem.options.count]
    if apply(
      .setSwap(itemId: itemId, optionId: next.id == main.id ? nil : next.id, option: nil), now: now)
    {
      host?.show(message: text(.nutritionSwapped, ["next": next.name, "item": item.name]))
    }
  }

  /// `x`: removes the selected plan item (or puts it back), added food, composed-meal food or
  /// replacement.
  func removeSelected(now: Date) {
    guard ensureEditable(), let (row, content) = selection() else { return }
    switch row {
    case .item(let mealId, let itemId):
      guard let item = content.item(itemId, in: mealId) else { return }
      apply(.setItemRemoved(itemId: itemId, removed: !item.removed), now: now)
    case .food(let mealId, let foodId):
      apply(.removeFood(mealId: mealId, itemId: foodId), now: now)
    case .replacement(let mealId):
      apply(.setReplacement(mealId: mealId, replacement: nil), now: now)
    case .customFood(let mealId, let foodId):
      guard var meal = content.customMeal(mealId) else { return }
      meal.items.removeAll { $0.id == foodId }
      apply(meal.items.isEmpty ? .removeCustomMeal(mealId: mealId) : .setCustomMeal(meal), now: now)
    case .meal, .customMeal:
      host?.show(message: text(.nutritionRemoveHint))
    }
  }

  /// `d`: deletes the selected meal for the day (a plan meal comes back with `d` again; a
  /// composed meal is gone).
  func deleteSelectedMeal(now: Date) {
    guard ensureEditable(), let (row, content) = selection() else { return }
    if row.isCustom {
      let label = content.mealName(of: row)
      if apply(.removeCustomMeal(mealId: row.mealId), now: now) {
        host?.show(message: text(.nutritionDeleted, ["label": label]))
      }
      return
    }
    guard let meal = content.meal(row.mealId) else {
      host?.show(message: text(.nutritionNoMealFoods))
      return
    }
    if apply(.setMealRemoved(mealId: meal.id, removed: !meal.removed), now: now) {
      selectedRow = .meal(meal.id)
      host?.show(
        message: meal.removed
          ? text(.nutritionMealBack, ["meal": meal.name])
          : text(.nutritionMealDeletedForDay, ["meal": meal.name]))
    }
  }

  // MARK: Portions

  /// `p`: asks for the trainee's amount of the selected plan item, or of an added food.
  func startPortion(now: Date) {
    guard ensureEditable(), let (row, content) = selection() else { return }
    switch row {
    case .item(let mealId, let itemId):
      guard let item = content.item(itemId, in: mealId), !item.removed else { return }
      guard let foodId = item.foodId, !foodId.isEmpty else {
        host?.show(message: text(.nutritionNoFoodAmount, ["item": item.name]))
        return
      }
      let planned = content.planItem(itemId, in: mealId)?.options
        .first { $0.id == item.optionId }?.qty
      let target = NutritionPortionTarget.planItem(
        date: shown, itemId: itemId, foodId: foodId, name: item.name, unit: item.unit,
        planned: planned)
      mode = .portion(target, amountEditor(item.qty))
    case .food(let mealId, let foodId):
      guard let item = content.addedFood(foodId, in: mealId) else { return }
      startFoodPortion(.addedFood(date: shown, mealId: mealId, item: item), item: item)
    case .customFood(let mealId, let foodId):
      guard let item = content.customMeal(mealId)?.items.first(where: { $0.id == foodId }) else {
        return
      }
      startFoodPortion(.composedFood(date: shown, mealId: mealId, item: item), item: item)
    case .meal, .customMeal, .replacement:
      host?.show(message: text(.nutritionPortionHint))
    }
  }

  private func startFoodPortion(_ target: NutritionPortionTarget, item: CustomMealItem) {
    guard NutritionFoodAmount.base(of: item) != nil else {
      host?.show(message: text(.nutritionNoAmount, ["item": item.name]))
      return
    }
    mode = .portion(target, amountEditor(item.qty))
  }

  /// A numeric field holding `qty`.
  func amountEditor(_ qty: Double?) -> LineEditor {
    LineEditor(qty.map(NutritionText.number) ?? "", maxLength: 8, allowed: LineEditor.numeric)
  }

  /// The amount typed for `target`: an empty field on a plan item goes back to the plan's
  /// amount. Answers whether the flow is over.
  func commitPortion(_ target: NutritionPortionTarget, text: String, now: Date) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch target {
    case .planItem(let date, let itemId, let foodId, _, _, _):
      guard !trimmed.isEmpty else {
        apply(.setPortion(itemId: itemId, portion: nil), on: date, now: now)
        return true
      }
      guard let portion = checkedPortion(trimmed, foodId: foodId) else { return false }
      apply(.setPortion(itemId: itemId, portion: portion), on: date, now: now)
      return true
    case .addedFood(let date, let mealId, let item), .composedFood(let date, let mealId, let item):
      guard checkedPortion(trimmed, foodId: item.id) != nil,
        let qty = NutritionText.parseAmount(trimmed),
        let rescaled = NutritionFoodAmount.rescaled(item, qty: qty)
      else { return false }
      if case .addedFood = target {
        apply(.updateFood(mealId: mealId, item: rescaled), on: date, now: now)
      } else {
        let content = currentContent()
        guard var meal = content.customMeal(mealId),
          let index = meal.items.firstIndex(where: { $0.id == item.id })
        else { return true }
        meal.items[index] = rescaled
        apply(.setCustomMeal(meal), on: date, now: now)
      }
      return true
    }
  }

  /// The portion `text` gives, or `nil` after saying why it is not one (the field stays open).
  private func checkedPortion(_ text: String, foodId: String) -> ItemPortion? {
    guard let qty = NutritionText.parseAmount(text) else {
      host?.show(message: self.text(.nutritionNotAnAmount, ["text": text]))
      return nil
    }
    let portion = ItemPortion(foodId: foodId, qty: qty)
    if let problem = portion.problem {
      host?.show(message: said { NutritionText.describe(problem) })
      return nil
    }
    return portion
  }
}

/// Whose amount the portion field sets.
enum NutritionPortionTarget {
  /// A plan item's chosen option, whose food is `foodId`.
  case planItem(
    date: CalendarDay, itemId: String, foodId: String, name: String, unit: String?,
    planned: Double?)
  /// A food added to plan meal `mealId`.
  case addedFood(date: CalendarDay, mealId: String, item: CustomMealItem)
  /// A food of composed meal `mealId`.
  case composedFood(date: CalendarDay, mealId: String, item: CustomMealItem)
}
