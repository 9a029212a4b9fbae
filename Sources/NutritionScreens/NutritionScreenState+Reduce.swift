import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TraineeAPI

extension NutritionScreenState {
  /// Applies `action` at `now`, reading `context`, and answers the effects to perform, in order.
  /// Reads no clock, file or network.
  mutating func reduce(
    _ action: NutritionScreenAction, now: Date, context: NutritionScreenContext
  ) -> [NutritionScreenEffect] {
    // NB: only the sentences built inside `said` are in the trainee's language, as before the
    // screen was a value; the rest of a turn runs with `NutritionText`'s default.
    var turn = NutritionScreenTurn(context)
    reduce(action, now: now, &turn)
    return turn.effects
  }

  private mutating func reduce(
    _ action: NutritionScreenAction, now: Date, _ turn: inout NutritionScreenTurn
  ) {
    switch action {
    case .opened:
      turn.ask(.showDay(today))
      loadPlans(&turn)
    case .key(let key):
      refresh(now: now, &turn)
      if handle(key, now: now, &turn) == .ignored { turn.ask(.passKeyOn) }
    case .refresh:
      refresh(now: now, &turn)
    case .scheduledRefresh:
      let before = (today, turn.edits.preferredDay)
      refresh(now: now, &turn)
      if before != (today, turn.edits.preferredDay) { turn.ask(.redraw) }
    case .upkeep:
      upkeep(now: now, &turn)
    case .serverIsBack:
      if plans.plans == nil || plansAsOf?.failure != nil { loadPlans(&turn) }
      turn.ask(.serverAnswered)
    case .preferredDayRead(let load):
      restorePreferredDay(load, &turn)
    case .plansFetched(let result):
      finishLoadingPlans(result, now: now, &turn)
    case .readOnlyDayFetched(let date, let result):
      finishLoadingReadOnlyDay(date, result, &turn)
    case .foodsFound(let query, let target, let request, let result):
      finishSearch(query, for: target, request: request, result, &turn)
    case .barcodeFound(let barcode, let target, let request, let result):
      finishLookUp(barcode, for: target, request: request, result, &turn)
    case .photoChecked(let path, let readable):
      photoChecked(path: path, readable: readable, now: now, &turn)
    case .mealLogSettled(let outcome):
      mealLogSettled(outcome, now: now, &turn)
    case .edit(let edit, let date):
      apply(edit, on: date, now: now, &turn)
    }
  }

  /// A key, in whatever flow is open.
  private mutating func handle(
    _ key: Key, now: Date, _ turn: inout NutritionScreenTurn
  ) -> KeyResult {
    if mealLogEntry != nil {
      handleMealLog(key, now: now, &turn)
      return .handled
    }
    switch mode {
    case .browsing: return handleBrowsing(key, now: now, &turn)
    case .results: return handleResults(key)
    case .searching:
      guard key == .escape else { return .ignored }
      mode = .browsing
      return .handled
    case .portion, .customLabel, .searchText, .barcodeText, .amount:
      if key == .tab, startManualFoodFromField() { return .handled }
      if key == .tab || key == .backTab { return .ignored }
      handleText(key, now: now, &turn)
      return .handled
    case .manualFood:
      handleManualFood(key, now: now, &turn)
      return .handled
    }
  }

  // MARK: Browsing keys

  private mutating func handleBrowsing(
    _ key: Key, now: Date, _ turn: inout NutritionScreenTurn
  ) -> KeyResult {
    switch key {
    case .character("j"), .down: moveSelection(by: 1, turn.context)
    case .character("k"), .up: moveSelection(by: -1, turn.context)
    case .pageDown: moveSelection(by: 10, turn.context)
    case .pageUp: moveSelection(by: -10, turn.context)
    case .home: moveSelection(by: -Int.max / 2, turn.context)
    case .end: moveSelection(by: Int.max / 2, turn.context)
    case .enter, .character(" "): tickSelected(now: now, &turn)
    case .character("s"): swapSelected(now: now, &turn)
    case .character("p"): startPortion(now: now, &turn)
    case .character("x"): removeSelected(now: now, &turn)
    case .character("a"): startFoodEntry(.search, &turn)
    case .character("b"): startFoodEntry(.barcode, &turn)
    case .character("m"): startFoodEntry(.manual, &turn)
    case .character("+"): startFoodEntry(.quickAdd, &turn)
    case .character("y"): copyFromYesterday(wholeDay: false, now: now, &turn)
    case .character("Y"): copyFromYesterday(wholeDay: true, now: now, &turn)
    case .character("L"): startMealLog(&turn)
    case .character("c"): startCustomMeal(&turn)
    case .character("r"): startReplacement(&turn)
    case .character("d"): deleteSelectedMeal(now: now, &turn)
    case .character("["), .character("h"): go(to: shown.adding(days: -1), now: now, &turn)
    case .character("]"), .character("l"): go(to: shown.adding(days: 1), now: now, &turn)
    case .character("t"): go(to: today, now: now, &turn)
    case .character("v"): pickNextPlanDay(now: now, &turn)
    case .character("g"): reload(&turn)
    default: return .ignored
    }
    return .handled
  }

  /// Moves the selection `offset` rows down (up when negative), staying on the list.
  mutating func moveSelection(by offset: Int, _ context: NutritionScreenContext) {
    let rows = currentList(columns: 80, context).rows
    guard !rows.isEmpty else { return }
    let index = resolvedSelection(in: rows)
    let target = min(max(0, index + offset), rows.count - 1)
    selectedIndex = target
    selectedRow = rows[target]
  }

  /// The index of the selected row in `rows`: where it is, or where it was when it went away.
  mutating func resolvedSelection(in rows: [NutritionRowID]) -> Int {
    if let selectedRow, let index = rows.firstIndex(of: selectedRow) {
      selectedIndex = index
      return index
    }
    let index = min(max(0, selectedIndex), max(0, rows.count - 1))
    selectedIndex = index
    selectedRow = rows.isEmpty ? nil : rows[index]
    return index
  }

  /// The selected row, resolved against the day as it is now.
  mutating func selection(
    _ context: NutritionScreenContext
  ) -> (row: NutritionRowID, content: NutritionDayContent)? {
    let rows = currentList(columns: 80, context).rows
    guard !rows.isEmpty else { return nil }
    return (rows[resolvedSelection(in: rows)], currentContent(context))
  }
}
