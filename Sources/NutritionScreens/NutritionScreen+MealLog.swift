import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TextColumns

extension NutritionScreen {
  /// The form's lines under the day, and where the cursor sits among them.
  func mealLogLines() -> (lines: [StyledLine], cursor: (row: Int, column: Int))? {
    guard let entry = state.mealLogEntry else { return nil }
    let title = text(.nutritionLogTitle, ["date": NutritionText.date(entry.date)])
    guard entry.food != nil else {
      guard var form = manualFoodLines(entry.form, title: title, hint: .nutritionLogFiguresHint)
      else { return nil }
      form.lines[0] = StyledLine(title, TextStyle(bold: true))
      return form
    }
    let label = text(.nutritionLogPhoto)
    var lines = [
      StyledLine(title, TextStyle(bold: true)),
      StyledLine([StyledRun(label, TextStyle(bold: true)), StyledRun(entry.photo.text)]),
    ]
    if let problem = entry.problem {
      lines.append(StyledLine(problem, TextStyle(foreground: .red)))
    } else {
      lines.append(StyledLine(text(.nutritionLogEnterHint), TextStyle(dim: true)))
    }
    let typed = String(entry.photo.text.prefix(entry.photo.cursor))
    return (lines, (1, TextColumns.of(label) + TextColumns.of(typed)))
  }
}
