import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TraineeAPI

// NB: the food flow (docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal
// app"), for a food the catalog does not have: the form opens where a catalog food would be looked
// for (`m` on a meal, Tab in the search or barcode field, `m` among the foods found) and the food
// it makes goes the same way, as one `addFood`, `setCustomMeal` or `setReplacement` through the
// sync engine, so it is saved like any edit. Esc leaves it with no edit at all.

extension NutritionScreenState {
  /// Tab in the search or barcode field: the same food typed in by hand instead, named after
  /// the words searched for. Answers whether the form opened.
  mutating func startManualFoodFromField() -> Bool {
    switch mode {
    case .searchText(let target, let editor):
      let words = editor.text.trimmingCharacters(in: .whitespaces)
      let name = NutritionFoodAmount.isBarcode(words) ? "" : words
      mode = .manualFood(target, NutritionManualFoodForm(name: name))
      return true
    case .barcodeText(let target, _):
      mode = .manualFood(target, NutritionManualFoodForm())
      return true
    default:
      return false
    }
  }

  /// A key while the hand-entry form is open: edits it, and once it is valid and submitted,
  /// puts the food where the flow was going.
  mutating func handleManualFood(_ key: Key, now: Date, _ turn: inout NutritionScreenTurn) {
    guard case .manualFood(let target, var form) = mode else { return }
    switch form.handle(key) {
    case .editing:
      mode = .manualFood(target, form)
    case .cancelled:
      mode = .browsing
    case .submitted(let food):
      mode = .browsing
      let item = NutritionFoodAmount.item(food, id: turn.newID())
      let what = [food.name, NutritionText.amount(food.grams, "g")].filter { !$0.isEmpty }
      place(
        item, described: what.joined(separator: " "), source: .manual, for: target, now: now,
        &turn)
    }
  }
}
