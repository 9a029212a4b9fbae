import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TextColumns

extension NutritionScreen {
  /// The form's lines under the day, and where the cursor sits among them.
  func manualFoodLines() -> (lines: [StyledLine], cursor: (row: Int, column: Int))? {
    guard case .manualFood(let target, let form) = state.mode else { return nil }
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
