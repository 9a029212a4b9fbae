import Foundation
import NutritionLog
import TerminalUI
import TextColumns
import TraineeAPI

// NB: the food flow (docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal
// app"), for a food the catalog does not have: the form opens where a catalog food would be looked
// for (`m` on a meal, Tab in the search or barcode field, `m` among the foods found) and the food
// it makes goes the same way, as one `addFood`, `setCustomMeal` or `setReplacement` through the
// sync engine, so it is saved like any edit. Esc leaves it with no edit at all.

extension NutritionScreen {
  /// Tab in the search or barcode field: the same food typed in by hand instead, named after
  /// the words searched for. Answers whether the form opened.
  func startManualFoodFromField() -> Bool {
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
  func handleManualFood(_ key: Key, now: Date) {
    guard case .manualFood(let target, var form) = mode else { return }
    switch form.handle(key) {
    case .editing:
      mode = .manualFood(target, form)
    case .cancelled:
      mode = .browsing
    case .submitted(let food):
      mode = .browsing
      let item = NutritionFoodAmount.item(food, id: environment.newID())
      let what = [food.name, NutritionText.amount(food.grams, "g")].filter { !$0.isEmpty }
      place(
        item, described: what.joined(separator: " "), source: .manual, for: target, now: now)
    }
  }

  /// The form's lines under the day, and where the cursor sits among them.
  func manualFoodLines() -> (lines: [StyledLine], cursor: (row: Int, column: Int))? {
    guard case .manualFood(let target, let form) = mode else { return nil }
    return manualFoodLines(form, title: text(.nutritionByHandTitle, ["title": target.title]))
  }

  /// `form`'s lines under `title`, and where the cursor sits among them; `hint` says what
  /// Enter on the last field does (adds the food, or goes on to the meal log's photo).
  func manualFoodLines(
    _ form: NutritionManualFoodForm, title: String, hint: AppString = .nutritionFiguresHint
  ) -> (lines: [StyledLine], cursor: (row: Int, column: Int))? {
    var lines = [StyledLine(title, TextStyle(bold: true))]
    var cursor = (row: 0, column: 0)
    let labelColumns =
      NutritionManualFoodForm.Field.allCases
      .map { TextColumns.of(NutritionText.label($0)) }.max() ?? 0
    for field in NutritionManualFoodForm.Field.allCases {
      let editor = form.editor(field)
      let focused = field == form.focus
      let label =
        (focused ? "▸ " : "  ") + NutritionText.padded(NutritionText.label(field), to: labelColumns)
        + "  "
      var line = StyledLine([
        StyledRun(label, TextStyle(bold: focused)), StyledRun(editor.text),
      ])
      if editor.text.isEmpty { line.append(Self.placeholder(field), TextStyle(dim: true)) }
      if focused {
        let typed = String(editor.text.prefix(editor.cursor))
        cursor = (lines.count, TextColumns.of(label) + TextColumns.of(typed))
      }
      lines.append(line)
    }
    if let problem = form.problem {
      lines.append(StyledLine(NutritionText.describe(problem), TextStyle(foreground: .red)))
    } else {
      lines.append(
        StyledLine(
          NutritionText.text(hint),
          TextStyle(dim: true)))
    }
    return (lines, cursor)
  }

  /// What an empty field means.
  private static func placeholder(_ field: NutritionManualFoodForm.Field) -> String {
    switch field {
    case .name: NutritionText.text(.nutritionFieldRequired)
    case .amount: NutritionText.text(.nutritionFieldOptional)
    case .kcal: NutritionText.text(.nutritionFieldRequired)
    case .protein, .carbs, .fat: "0"
    }
  }
}
