import Foundation
import LiveActivity
import NutritionLog
import TerminalUI
import TraineeAPI

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app", Nutrition;
// docs/specs/nutrition-day.md. The screen holds no edit of its own: every change is a
// `NutritionEdit` sent through `NutritionSync.edit(_:on:at:)`, whose gate refuses read-only and
// future days, and the day on screen is rebuilt from the store each time
// (`ReadOnlyDay.fromSavedDay`, the rules the server's diary sums by), so the totals drawn are the
// totals saved.

/// The Nutrition tab: one day of the trainee's nutrition plan with everything they did to it.
///
/// Today and yesterday are edited through the sync engine: tick, swap, portion, remove, add a
/// food by search, barcode or by hand, compose a meal, replace or delete a meal. Older days are
/// read from the server and shown read-only, with the reason at the top. The day's totals are
/// drawn against the plan day's targets, and the engine's sync state as "saved", "saving…" or
/// "offline, will retry".
@MainActor
public final class NutritionScreen: AppScreen {
  let environment: NutritionScreenEnvironment
  weak var host: (any ScreenHost)?
  let preferredDayFile: PreferredDayFile?

  /// The device's calendar, as of the last look at the clock.
  var calendar: NutritionCalendar
  /// The device's day, as of the last look at the clock.
  var today: CalendarDay
  /// The day on screen.
  var shown: CalendarDay
  /// The coach's plans.
  var plans: NutritionPlansLoad = .loading
  /// When the plans shown were fetched, and why the server's could not be had (nil: they are
  /// the server's latest answer).
  var plansAsOf: (fetchedAt: Date, failure: TraineeAPIError?)?
  /// When plans that failed, or came from the copy, are fetched again by themselves.
  public internal(set) var plansRetryAt: Date?
  var plansRetryDelay: TimeInterval = 5
  var plansInFlight = false
  /// Days known to have been loaded from the server: with something kept on this device at
  /// launch, or seen saved since. Any other editable day the server cannot be reached for is
  /// said to be never loaded.
  var loadedDays: Set<String> = []
  /// The plan day the trainee chose with `v`, by date.
  var planDayPicks: [CalendarDay: PlanDayHint] = [:]
  /// Days older than the editable window, read from the server.
  var readOnlyDays: [CalendarDay: ReadOnlyDayLoad] = [:]
  /// The selected row, and where it was, for when it goes away.
  var selectedRow: NutritionRowID?
  var selectedIndex = 0
  /// The first list line drawn.
  var scrollTop = 0
  /// What the keys do now.
  var mode: NutritionMode = .browsing
  /// Counts requests whose answer the mode waits for; a late answer of an older one is dropped.
  var requestCount = 0
  /// Runs `refresh(now:)` at every midnight and 05:00 (`keepTodayCurrent(clock:)`).
  var todayRefresh: Task<Void, Never>?
  /// The language the tab writes its numbers and dates in (the settings').
  public var language: @MainActor () -> ActivityLanguage = { .en }
  /// The tab's texts in the trainee's language.
  /// The territory the tab writes dates for (the environment's), or `nil`.
  public var region: String?
  var text: AppText { AppText(language(), region: region) }
  /// The meal log being entered (`L`), over the day.
  var mealLogEntry: MealLogEntry?
  /// The meal logs waiting for the server (`nil`: meal logs are off). Each one the server takes
  /// links its composed meal to the log.
  public var mealLogs: MealLogOutbox? {
    didSet { mealLogs?.onOutcome = { [weak self] in self?.mealLogSettled($0) } }
  }

  /// A Nutrition screen on `environment`, drawing through `host`. Shows today, starts loading
  /// the plans and restores the preferred plan day from its file.
  public init(environment: NutritionScreenEnvironment, host: any ScreenHost) {
    self.environment = environment
    self.host = host
    preferredDayFile = environment.dataDirectory.map { PreferredDayFile(directory: $0) }
    let now = environment.now()
    calendar = NutritionCalendar(timeZone: environment.timeZone())
    today = calendar.day(of: now)
    shown = today
    restorePreferredDay(now: now)
    loadedDays = Set(environment.sync.edits.dateKeys)
    environment.sync.show(today)
    loadPlans()
  }

  /// The sync engine the screen edits through.
  var sync: NutritionSync { environment.sync }

  /// Whether the day on screen can be edited (today or yesterday).
  var isEditable: Bool { isEditableDay(shown, today: today) }

  // MARK: AppScreen

  public func handle(_ key: Key, now: Date) -> KeyResult {
    refresh(now: now)
    if mealLogEntry != nil {
      handleMealLog(key, now: now)
      return .handled
    }
    switch mode {
    case .browsing: return handleBrowsing(key, now: now)
    case .results: return handleResults(key, now: now)
    case .searching:
      guard key == .escape else { return .ignored }
      mode = .browsing
      return .handled
    case .portion, .customLabel, .searchText, .barcodeText, .amount:
      if key == .tab, startManualFoodFromField() { return .handled }
      if key == .tab || key == .backTab { return .ignored }
      handleText(key, now: now)
      return .handled
    case .manualFood:
      handleManualFood(key, now: now)
      return .handled
    }
  }

  public var keyHelp: [KeyHelp] {
    if let entry = mealLogEntry {
      return entry.food == nil
        ? [
          KeyHelp("Tab/Enter", text(.nutritionKeyNextField)),
          KeyHelp("Enter " + text(.nutritionFieldFat), text(.nutritionKeyOnToPhoto)),
          KeyHelp("Esc", text(.keyCancel)),
        ] : [KeyHelp("Enter", text(.nutritionKeyLogTheMeal)), KeyHelp("Esc", text(.keyCancel))]
    }
    switch mode {
    case .searchText, .barcodeText:
      return [
        KeyHelp("Enter", text(.nutritionKeyDone)), KeyHelp("Tab", text(.nutritionKeyEnterByHand)),
        KeyHelp("Esc", text(.keyCancel)),
      ]
    case .portion, .customLabel, .amount:
      return [KeyHelp("Enter", text(.nutritionKeyDone)), KeyHelp("Esc", text(.keyCancel))]
    case .manualFood:
      return [
        KeyHelp("Tab/Enter", text(.nutritionKeyNextField)),
        KeyHelp("Shift-Tab", text(.nutritionKeyPreviousField)),
        KeyHelp("Enter " + text(.nutritionFieldFat), text(.nutritionKeyAdd)),
        KeyHelp("Esc", text(.keyCancel)),
      ]
    case .searching:
      return [KeyHelp("Esc", text(.keyCancel))]
    case .results:
      return [
        KeyHelp("j/k ↓/↑", text(.nutritionKeyMove)), KeyHelp("Enter", text(.nutritionKeyPick)),
        KeyHelp("m", text(.nutritionKeyEnterByHand)), KeyHelp("Esc", text(.keyCancel)),
      ]
    case .browsing:
      let moving = [KeyHelp("j/k ↓/↑", text(.nutritionKeyMove))]
      let days = [
        KeyHelp("[ ] h/l", text(.nutritionKeyPreviousNextDay)),
        KeyHelp("t", text(.nutritionKeyToday)), KeyHelp("v", text(.nutritionKeyPlanDay)),
        KeyHelp("g", text(.keyRefresh)),
      ]
      guard isEditable else {
        return moving + [KeyHelp("L", text(.nutritionKeyLogMealToday))] + days
      }
      return moving + [
        KeyHelp("Enter/space", text(.nutritionKeyTick)), KeyHelp("s", text(.nutritionKeySwap)),
        KeyHelp("p", text(.nutritionKeyPortion)), KeyHelp("x", text(.nutritionKeyRemoveItem)),
        KeyHelp("a", text(.nutritionKeyAddFood)), KeyHelp("b", text(.nutritionKeyBarcode)),
        KeyHelp("m", text(.nutritionKeyFoodByHand)), KeyHelp("+", text(.nutritionKeyQuickAdd)),
        KeyHelp("y", text(.nutritionKeyMealAsYesterday)),
        KeyHelp("Y", text(.nutritionKeyDayAsYesterday)), KeyHelp("L", text(.nutritionKeyLogMeal)),
        KeyHelp("c", text(.nutritionKeyCompose)), KeyHelp("r", text(.nutritionKeyReplaceMeal)),
        KeyHelp("d", text(.nutritionKeyDeleteMeal)),
      ] + days
    }
  }

  public var isEditingText: Bool {
    if mealLogEntry != nil { return true }
    return switch mode {
    case .portion, .customLabel, .searchText, .barcodeText, .amount, .manualFood: true
    case .browsing, .searching, .results: false
    }
  }

  // MARK: Browsing keys

  private func handleBrowsing(_ key: Key, now: Date) -> KeyResult {
    switch key {
    case .character("j"), .down: moveSelection(by: 1)
    case .character("k"), .up: moveSelection(by: -1)
    case .pageDown: moveSelection(by: 10)
    case .pageUp: moveSelection(by: -10)
    case .home: moveSelection(by: -Int.max / 2)
    case .end: moveSelection(by: Int.max / 2)
    case .enter, .character(" "): tickSelected(now: now)
    case .character("s"): swapSelected(now: now)
    case .character("p"): startPortion(now: now)
    case .character("x"): removeSelected(now: now)
    case .character("a"): startFoodEntry(.search, now: now)
    case .character("b"): startFoodEntry(.barcode, now: now)
    case .character("m"): startFoodEntry(.manual, now: now)
    case .character("+"): startFoodEntry(.quickAdd, now: now)
    case .character("y"): copyFromYesterday(wholeDay: false, now: now)
    case .character("Y"): copyFromYesterday(wholeDay: true, now: now)
    case .character("L"): startMealLog(now: now)
    case .character("c"): startCustomMeal(now: now)
    case .character("r"): startReplacement(now: now)
    case .character("d"): deleteSelectedMeal(now: now)
    case .character("["), .character("h"): go(to: shown.adding(days: -1), now: now)
    case .character("]"), .character("l"): go(to: shown.adding(days: 1), now: now)
    case .character("t"): go(to: today, now: now)
    case .character("v"): pickNextPlanDay(now: now)
    case .character("g"): reload(now: now)
    default: return .ignored
    }
    return .handled
  }

  /// Moves the selection `offset` rows down (up when negative), staying on the list.
  func moveSelection(by offset: Int) {
    let rows = currentList(columns: 80).rows
    guard !rows.isEmpty else { return }
    let index = resolvedSelection(in: rows)
    let target = min(max(0, index + offset), rows.count - 1)
    selectedIndex = target
    selectedRow = rows[target]
  }

  /// The index of the selected row in `rows`: where it is, or where it was when it went away.
  func resolvedSelection(in rows: [NutritionRowID]) -> Int {
    if let selectedRow, let index = rows.firstIndex(of: selectedRow) {
      selectedIndex = index
      return index
    }
    let index = min(max(0, selectedIndex), max(0, rows.count - 1))
    selectedIndex = index
    selectedRow = rows.isEmpty ? nil : rows[index]
    return index
  }
}

/// The coach's plans as far as the screen knows them.
enum NutritionPlansLoad {
  case loading
  case loaded([NutritionPlanDto])
  case failed(String)

  /// The plans once loaded.
  var plans: [NutritionPlanDto]? {
    if case .loaded(let plans) = self { return plans }
    return nil
  }
}

/// An older day as far as the screen knows it.
enum ReadOnlyDayLoad {
  case loading
  case loaded(ReadOnlyDay)
  case failed(String)
}

/// What the keys of the Nutrition screen do now: browse the day, or one step of a flow.
enum NutritionMode {
  case browsing
  /// Typing the trainee's amount of a plan item or of an added food.
  case portion(NutritionPortionTarget, LineEditor)
  /// Typing the name of a meal to compose.
  case customLabel(date: CalendarDay, LineEditor)
  /// Typing what to search the food catalog for.
  case searchText(NutritionFoodTarget, LineEditor)
  /// Typing a barcode.
  case barcodeText(NutritionFoodTarget, LineEditor)
  /// Waiting for the catalog's answer to `what` (request `request`).
  case searching(NutritionFoodTarget, what: String, request: Int)
  /// Picking one of the foods found.
  case results(NutritionFoodTarget, query: String, foods: [FoodDto], index: Int)
  /// Typing how much of `food` was eaten.
  case amount(NutritionFoodTarget, FoodDto, source: NutritionFoodSource, LineEditor)
  /// Typing a food the catalog does not have, by hand.
  case manualFood(NutritionFoodTarget, NutritionManualFoodForm)
}
