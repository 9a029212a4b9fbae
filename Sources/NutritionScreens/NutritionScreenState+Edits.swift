import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Edit rules": the screen only picks the edit;
// the store's rules (a swap or removal drops the portion, an invalid portion is not kept, eating
// locks the preferred day) and the editable-day gate are the engine's.

extension NutritionScreenState {
  /// Sends `edit` of `date` through the store's gate and asks for what it asks for. A refused
  /// edit changes nothing; its reason goes to the status line. Answers whether it was applied.
  @discardableResult
  mutating func apply(
    _ edit: NutritionEdit, on date: CalendarDay? = nil, now: Date,
    _ turn: inout NutritionScreenTurn
  ) -> Bool {
    syncPlanView(now: now, &turn)
    do {
      let effects = try turn.edit(edit, on: date ?? shown, at: editMoment(now: now))
      perform(effects, now: now, &turn)
      return true
    } catch {
      turn.say(said(turn) { _ in NutritionText.describe(error) })
      return false
    }
  }

  /// Asks for the store's effects: the preferred day goes to its file; a rejected portion is
  /// said.
  private func perform(
    _ effects: [NutritionEditEffect], now: Date, _ turn: inout NutritionScreenTurn
  ) {
    for effect in effects {
      switch effect {
      case .lockPreferredDay(let day):
        turn.ask(.keepPreferredDay(day, now: now))
      case .portionRejected(_, let problem):
        turn.say(said(turn) { _ in NutritionText.describe(problem) })
      case .deletePreferredDay, .actionRefused:
        break
      }
    }
  }

  /// Whether the day shown can be edited; when not, says why (the engine's refusal).
  func ensureEditable(_ turn: inout NutritionScreenTurn) -> Bool {
    do {
      try checkEditableDay(shown, today: today)
      return true
    } catch {
      turn.say(said(turn) { _ in NutritionText.describe(error) })
      return false
    }
  }

  // MARK: Tick, swap, remove, delete

  /// Enter or space: ticks (or unticks) the selected item, food or whole meal.
  mutating func tickSelected(now: Date, _ turn: inout NutritionScreenTurn) {
    guard ensureEditable(&turn), let (row, content) = selection(turn.context) else { return }
    switch row {
    case .meal(let mealId):
      guard let meal = content.meal(mealId) else { return }
      if meal.removed {
        turn.say(turn.text(.nutritionMealDeleted, ["meal": meal.name]))
      } else if meal.status == .replaced {
        turn.say(turn.text(.nutritionReplacedCounts))
      } else if meal.status == .eatenOutside {
        apply(.setMealStatus(mealId: mealId, status: .planned), now: now, &turn)
      } else {
        let items = meal.items.filter { !$0.removed }
        guard !items.isEmpty else { return }
        let eaten = !items.allSatisfy(\.eaten)
        apply(.setItemsEaten(itemIds: items.map(\.id), eaten: eaten), now: now, &turn)
      }
    case .item(let mealId, let itemId):
      guard let item = content.item(itemId, in: mealId) else { return }
      guard !item.removed else {
        turn.say(turn.text(.nutritionItemRemoved, ["item": item.name]))
        return
      }
      apply(.setEaten(itemId: itemId, eaten: !item.eaten), now: now, &turn)
    case .food(let mealId, let foodId):
      let eaten = content.addedFood(foodId, in: mealId)?.eaten != false
      apply(.setFoodEaten(mealId: mealId, itemId: foodId, eaten: !eaten), now: now, &turn)
    case .replacement:
      turn.say(turn.text(.nutritionReplacedUndo))
    case .customMeal(let mealId):
      guard let meal = content.customMeal(mealId) else { return }
      let eaten = !meal.items.allSatisfy { $0.eaten != false }
      apply(.setCustomMealEaten(mealId: mealId, eaten: eaten), now: now, &turn)
    case .customFood(let mealId, let foodId):
      let item = content.customMeal(mealId)?.items.first { $0.id == foodId }
      let eaten = item?.eaten != false
      apply(.setCustomMealItemEaten(mealId: mealId, itemId: foodId, eaten: !eaten), now: now, &turn)
    }
  }

  /// `s`: chooses the selected plan item's next option (after the last, the main one again).
  mutating func swapSelected(now: Date, _ turn: inout NutritionScreenTurn) {
    guard ensureEditable(&turn), let (row, content) = selection(turn.context) else { return }
    guard case .item(let mealId, let itemId) = row,
      let item = content.item(itemId, in: mealId),
      let planItem = content.planItem(itemId, in: mealId)
    else {
      turn.say(turn.text(.nutritionSwapHint))
      return
    }
    guard !item.removed else {
      turn.say(turn.text(.nutritionItemRemoved, ["item": item.name]))
      return
    }
    guard planItem.options.count > 1, let main = planItem.mainOption else {
      turn.say(turn.text(.nutritionNoOtherOption, ["item": item.name]))
      return
    }
    let index = planItem.options.firstIndex { $0.id == item.optionId } ?? 0
    let next = planItem.options[(index + 1) % planItem.options.count]
    if apply(
      .setSwap(itemId: itemId, optionId: next.id == main.id ? nil : next.id, option: nil), now: now,
      &turn)
    {
      turn.say(turn.text(.nutritionSwapped, ["next": next.name, "item": item.name]))
    }
  }

  /// `x`: removes the selected plan item (or puts it back), added food, composed-meal food or
  /// replacement.
  mutating func removeSelected(now: Date, _ turn: inout NutritionScreenTurn) {
    guard ensureEditable(&turn), let (row, content) = selection(turn.context) else { return }
    switch row {
    case .item(let mealId, let itemId):
      guard let item = content.item(itemId, in: mealId) else { return }
      apply(.setItemRemoved(itemId: itemId, removed: !item.removed), now: now, &turn)
    case .food(let mealId, let foodId):
      apply(.removeFood(mealId: mealId, itemId: foodId), now: now, &turn)
    case .replacement(let mealId):
      apply(.setReplacement(mealId: mealId, replacement: nil), now: now, &turn)
    case .customFood(let mealId, let foodId):
      guard var meal = content.customMeal(mealId) else { return }
      meal.items.removeAll { $0.id == foodId }
      apply(
        meal.items.isEmpty ? .removeCustomMeal(mealId: mealId) : .setCustomMeal(meal), now: now,
        &turn)
    case .meal, .customMeal:
      turn.say(turn.text(.nutritionRemoveHint))
    }
  }

  /// `d`: deletes the selected meal for the day (a plan meal comes back with `d` again; a
  /// composed meal is gone).
  mutating func deleteSelectedMeal(now: Date, _ turn: inout NutritionScreenTurn) {
    guard ensureEditable(&turn), let (row, content) = selection(turn.context) else { return }
    if row.isCustom {
      let label = content.mealName(of: row)
      if apply(.removeCustomMeal(mealId: row.mealId), now: now, &turn) {
        turn.say(turn.text(.nutritionDeleted, ["label": label]))
      }
      return
    }
    guard let meal = content.meal(row.mealId) else {
      turn.say(turn.text(.nutritionNoMealFoods))
      return
    }
    if apply(.setMealRemoved(mealId: meal.id, removed: !meal.removed), now: now, &turn) {
      selectedRow = .meal(meal.id)
      turn.say(
        meal.removed
          ? turn.text(.nutritionMealBack, ["meal": meal.name])
          : turn.text(.nutritionMealDeletedForDay, ["meal": meal.name]))
    }
  }

  // MARK: Portions

  /// `p`: asks for the trainee's amount of the selected plan item, or of an added food.
  mutating func startPortion(now: Date, _ turn: inout NutritionScreenTurn) {
    guard ensureEditable(&turn), let (row, content) = selection(turn.context) else { return }
    switch row {
    case .item(let mealId, let itemId):
      guard let item = content.item(itemId, in: mealId), !item.removed else { return }
      guard let foodId = item.foodId, !foodId.isEmpty else {
        turn.say(turn.text(.nutritionNoFoodAmount, ["item": item.name]))
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
      startFoodPortion(.addedFood(date: shown, mealId: mealId, item: item), item: item, &turn)
    case .customFood(let mealId, let foodId):
      guard let item = content.customMeal(mealId)?.items.first(where: { $0.id == foodId }) else {
        return
      }
      startFoodPortion(.composedFood(date: shown, mealId: mealId, item: item), item: item, &turn)
    case .meal, .customMeal, .replacement:
      turn.say(turn.text(.nutritionPortionHint))
    }
  }

  private mutating func startFoodPortion(
    _ target: NutritionPortionTarget, item: CustomMealItem, _ turn: inout NutritionScreenTurn
  ) {
    guard NutritionFoodAmount.base(of: item) != nil else {
      turn.say(turn.text(.nutritionNoAmount, ["item": item.name]))
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
  mutating func commitPortion(
    _ target: NutritionPortionTarget, text: String, now: Date, _ turn: inout NutritionScreenTurn
  ) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch target {
    case .planItem(let date, let itemId, let foodId, _, _, _):
      guard !trimmed.isEmpty else {
        apply(.setPortion(itemId: itemId, portion: nil), on: date, now: now, &turn)
        return true
      }
      guard let portion = checkedPortion(trimmed, foodId: foodId, &turn) else { return false }
      apply(.setPortion(itemId: itemId, portion: portion), on: date, now: now, &turn)
      return true
    case .addedFood(let date, let mealId, let item), .composedFood(let date, let mealId, let item):
      guard checkedPortion(trimmed, foodId: item.id, &turn) != nil,
        let qty = NutritionText.parseAmount(trimmed),
        let rescaled = NutritionFoodAmount.rescaled(item, qty: qty)
      else { return false }
      if case .addedFood = target {
        apply(.updateFood(mealId: mealId, item: rescaled), on: date, now: now, &turn)
      } else {
        let content = currentContent(turn.context)
        guard var meal = content.customMeal(mealId),
          let index = meal.items.firstIndex(where: { $0.id == item.id })
        else { return true }
        meal.items[index] = rescaled
        apply(.setCustomMeal(meal), on: date, now: now, &turn)
      }
      return true
    }
  }

  /// The portion `text` gives, or `nil` after saying why it is not one (the field stays open).
  private func checkedPortion(
    _ text: String, foodId: String, _ turn: inout NutritionScreenTurn
  ) -> ItemPortion? {
    guard let qty = NutritionText.parseAmount(text) else {
      turn.say(turn.text(.nutritionNotAnAmount, ["text": text]))
      return nil
    }
    let portion = ItemPortion(foodId: foodId, qty: qty)
    if let problem = portion.problem {
      turn.say(said(turn) { _ in NutritionText.describe(problem) })
      return nil
    }
    return portion
  }
}

/// Whose amount the portion field sets.
enum NutritionPortionTarget: Equatable {
  /// A plan item's chosen option, whose food is `foodId`.
  case planItem(
    date: CalendarDay, itemId: String, foodId: String, name: String, unit: String?,
    planned: Double?)
  /// A food added to plan meal `mealId`.
  case addedFood(date: CalendarDay, mealId: String, item: CustomMealItem)
  /// A food of composed meal `mealId`.
  case composedFood(date: CalendarDay, mealId: String, item: CustomMealItem)
}
