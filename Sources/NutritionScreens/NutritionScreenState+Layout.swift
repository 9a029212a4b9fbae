import Foundation
import NutritionLog
import TerminalScreens

// NB: docs/architecture.md, "State is a value; actions are pure". What drawing learns and the
// tab keeps: where the list is scrolled to, which row the selection stands on, and that the day
// on screen was seen saved.

extension NutritionScreenState {
  /// Scrolls `list` so that the selected row fits in `room` lines, its first line kept in view
  /// before its last; answers the selected row.
  mutating func scroll(_ list: NutritionDayList, room: Int) -> NutritionRowID? {
    let selected = list.rows.isEmpty ? nil : list.rows[resolvedSelection(in: list.rows)]
    let first = list.lines.firstIndex { $0.row == selected && $0.isPrimary }
    let last = list.lines.lastIndex { $0.row == selected }
    if let first, first < scrollTop { scrollTop = first }
    if let last, last >= scrollTop + room { scrollTop = last - room + 1 }
    if let first, first < scrollTop { scrollTop = first }
    scrollTop = min(max(0, scrollTop), max(0, list.lines.count - room))
    return selected
  }

  /// The day on screen has sync state `status`: once seen saved it counts as loaded from the
  /// server.
  mutating func noteShownDay(_ status: NutritionSyncStatus?) {
    if status == .saved { loadedDays.insert(shown.dayKey.rawValue) }
  }
}
