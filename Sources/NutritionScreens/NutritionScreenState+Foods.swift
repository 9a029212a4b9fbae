import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TraineeAPI

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app": add a food
// from search or barcode to a meal, compose a custom meal, replace a whole meal. One flow serves
// the four: find a food (search text, or a barcode), pick it, type the amount eaten (100 by
// default), then one edit: `addFood`, `setCustomMeal` or `setReplacement`. Foods carry `qty`,
// `unit`, `base` (the per-100 figures) and `food` so the amount can be changed later, as the spec's
// CustomMealItem extras intend. A food the catalog does not have is typed in by hand instead (`m`,
// Tab in the search or barcode field, `m` among the foods found) and goes where the flow was taking
// the catalog food, by the same edit.

/// Where a food found by the trainee goes.
struct NutritionFoodTarget: Equatable {
  enum Kind: Equatable {
    /// Added to plan meal `id` (`aiMeals`).
    case planMeal(id: String)
    /// Added to composed meal `id`.
    case customMeal(id: String)
    /// The first food of a meal composed now, named `label`.
    case newCustomMeal(label: String)
    /// Stands in for plan meal `mealId`.
    case replacement(mealId: String)
  }

  /// The day the flow started on: the food goes there even when the screen's day moved.
  var date: CalendarDay
  var kind: Kind
  /// What the flow is doing, for its prompts: `Add to Breakfast`.
  var title: String
}

/// How a food was found, or that it was typed in by hand; a composed meal or a replacement
/// records it as its `source`.
enum NutritionFoodSource: String {
  case search, barcode, manual
}

extension NutritionScreenState {
  /// How a food flow starts: by typing words or a barcode, or the food itself by hand.
  enum FoodEntry {
    case search, barcode, manual
    /// Kcal and macros without a food: the hand-entry form named "Quick add", on its kcal.
    case quickAdd
  }

  /// `a`, `b` or `m`: adds a food to the selected meal (plan or composed).
  mutating func startFoodEntry(_ entry: FoodEntry, _ turn: inout NutritionScreenTurn) {
    guard ensureEditable(&turn) else { return }
    guard let (row, content) = selection(turn.context) else {
      turn.say(turn.text(.nutritionNoMealHere))
      return
    }
    let name = content.mealName(of: row)
    let kind: NutritionFoodTarget.Kind
    if row.isCustom {
      kind = .customMeal(id: row.mealId)
    } else {
      if let meal = content.meal(row.mealId) {
        guard !meal.removed, meal.status != .replaced else {
          turn.say(
            meal.removed
              ? turn.text(.nutritionMealDeleted, ["meal": meal.name])
              : turn.text(.nutritionMealReplaced, ["meal": meal.name]))
          return
        }
      }
      kind = .planMeal(id: row.mealId)
    }
    let target = NutritionFoodTarget(
      date: shown, kind: kind, title: turn.text(.nutritionAddTo, ["meal": name]))
    switch entry {
    case .search: mode = .searchText(target, searchEditor())
    case .barcode: mode = .barcodeText(target, barcodeEditor())
    case .manual: mode = .manualFood(target, NutritionManualFoodForm())
    case .quickAdd:
      mode = .manualFood(
        target, NutritionManualFoodForm(name: turn.text(.nutritionQuickAdd), focus: .kcal))
    }
  }

  /// `c`: composes a meal outside the plan: its name, then its first food.
  mutating func startCustomMeal(_ turn: inout NutritionScreenTurn) {
    guard ensureEditable(&turn) else { return }
    mode = .customLabel(date: shown, LineEditor("", maxLength: 60))
  }

  /// `r`: replaces the selected plan meal with one food.
  mutating func startReplacement(_ turn: inout NutritionScreenTurn) {
    guard ensureEditable(&turn), let (row, content) = selection(turn.context) else { return }
    guard !row.isCustom, let meal = content.meal(row.mealId) else {
      turn.say(turn.text(.nutritionReplaceHint))
      return
    }
    guard !meal.removed else {
      turn.say(turn.text(.nutritionMealDeleted, ["meal": meal.name]))
      return
    }
    let target = NutritionFoodTarget(
      date: shown, kind: .replacement(mealId: meal.id),
      title: turn.text(.nutritionReplaceMealTitle, ["meal": meal.name]))
    mode = .searchText(target, searchEditor())
  }

  func searchEditor(_ text: String = "") -> LineEditor {
    LineEditor(text, maxLength: 64)
  }

  func barcodeEditor(_ text: String = "") -> LineEditor {
    LineEditor(text, maxLength: 14, allowed: Set("0123456789"))
  }

  // MARK: Typing

  /// A key while a field is open: edits it, and on Enter moves the flow on.
  mutating func handleText(_ key: Key, now: Date, _ turn: inout NutritionScreenTurn) {
    switch mode {
    case .portion(let target, var editor):
      switch editor.handle(key) {
      case .editing: mode = .portion(target, editor)
      case .cancelled: mode = .browsing
      case .committed(let text):
        mode = .portion(target, editor)
        if commitPortion(target, text: text, now: now, &turn) { mode = .browsing }
      }
    case .customLabel(let date, var editor):
      switch editor.handle(key) {
      case .editing: mode = .customLabel(date: date, editor)
      case .cancelled: mode = .browsing
      case .committed(let text):
        let label = text.trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty else {
          mode = .customLabel(date: date, editor)
          turn.say(turn.text(.nutritionNameTheMeal))
          return
        }
        let target = NutritionFoodTarget(
          date: date, kind: .newCustomMeal(label: label),
          title: turn.text(.nutritionNewMealTitle, ["label": label]))
        mode = .searchText(target, searchEditor())
      }
    case .searchText(let target, var editor):
      switch editor.handle(key) {
      case .editing: mode = .searchText(target, editor)
      case .cancelled: mode = .browsing
      case .committed(let text):
        let query = text.trimmingCharacters(in: .whitespaces)
        if query.isEmpty {
          mode = .searchText(target, editor)
          turn.say(turn.text(.nutritionTypeFoodName))
        } else if NutritionFoodAmount.isBarcode(query) {
          lookUp(barcode: query, for: target, &turn)
        } else {
          search(query, for: target, &turn)
        }
      }
    case .barcodeText(let target, var editor):
      switch editor.handle(key) {
      case .editing: mode = .barcodeText(target, editor)
      case .cancelled: mode = .browsing
      case .committed(let text):
        guard NutritionFoodAmount.isBarcode(text) else {
          mode = .barcodeText(target, editor)
          turn.say(turn.text(.nutritionBarcodeDigits))
          return
        }
        lookUp(barcode: text, for: target, &turn)
      }
    case .amount(let target, let food, let source, var editor):
      switch editor.handle(key) {
      case .editing: mode = .amount(target, food, source: source, editor)
      case .cancelled: mode = .browsing
      case .committed(let text):
        mode = .amount(target, food, source: source, editor)
        if commitAmount(text, of: food, source: source, for: target, now: now, &turn) {
          mode = .browsing
        }
      }
    case .browsing, .searching, .results, .manualFood:
      break
    }
  }

  /// A key while the foods found are listed.
  mutating func handleResults(_ key: Key) -> KeyResult {
    guard case .results(let target, let query, let foods, let index) = mode else { return .ignored }
    switch key {
    case .character("j"), .down:
      mode = .results(target, query: query, foods: foods, index: min(index + 1, foods.count - 1))
    case .character("k"), .up:
      mode = .results(target, query: query, foods: foods, index: max(index - 1, 0))
    case .enter, .character(" "):
      mode = .amount(target, foods[index], source: .search, amountEditor(100))
    case .character("m"):
      mode = .manualFood(target, NutritionManualFoodForm(name: query))
    case .escape:
      mode = .searchText(target, searchEditor(query))
    default:
      return .ignored
    }
    return .handled
  }

  // MARK: The amount

  /// Puts `text` of `food` where `target` says. Answers whether the flow is over.
  private mutating func commitAmount(
    _ text: String, of food: FoodDto, source: NutritionFoodSource,
    for target: NutritionFoodTarget, now: Date, _ turn: inout NutritionScreenTurn
  ) -> Bool {
    guard let qty = NutritionText.parseAmount(text) else {
      turn.say(turn.text(.nutritionNotAnAmount, ["text": text]))
      return false
    }
    if let problem = ItemPortion(foodId: food.id, qty: qty).problem {
      turn.say(NutritionText.describe(problem))
      return false
    }
    let item = NutritionFoodAmount.item(from: food, qty: qty, id: turn.newID())
    place(
      item, described: "\(food.name) \(NutritionText.amount(qty, food.unit))", source: source,
      for: target, now: now, &turn)
    return true
  }

  /// Puts `item` where `target` says, in one edit, selects it and says `what` went where. A
  /// refused edit says why and changes nothing.
  mutating func place(
    _ item: CustomMealItem, described what: String, source: NutritionFoodSource,
    for target: NutritionFoodTarget, now: Date, _ turn: inout NutritionScreenTurn
  ) {
    var item = item
    let edit: NutritionEdit
    let row: NutritionRowID
    switch target.kind {
    case .planMeal(let mealId):
      edit = .addFood(mealId: mealId, item: item)
      row = .food(mealId: mealId, foodId: item.id)
    case .customMeal(let mealId):
      let key = target.date.dayKey
      guard var meal = turn.edits.collectDaySnapshot(key.rawValue).customMeals[aiKey(key, mealId)]
      else {
        turn.say(turn.text(.nutritionMealGone))
        return
      }
      while meal.items.contains(where: { $0.id == item.id }) { item.id = turn.newID() }
      meal.items.append(item)
      edit = .setCustomMeal(meal)
      row = .customFood(mealId: mealId, foodId: item.id)
    case .newCustomMeal(let label):
      let meal = CustomMeal(
        id: turn.newID(), label: label, items: [item], source: source.rawValue)
      edit = .setCustomMeal(meal)
      row = .customMeal(meal.id)
    case .replacement(let mealId):
      edit = .setReplacement(
        mealId: mealId,
        replacement: NutritionFoodAmount.replacement(item, id: turn.newID(), source: source))
      row = .replacement(mealId: mealId)
    }
    if apply(edit, on: target.date, now: now, &turn) {
      selectedRow = row
      turn.say("\(target.title): \(what).")
    }
  }
}
