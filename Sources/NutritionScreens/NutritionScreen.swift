import Foundation
import LiveActivity
import NutritionLog
import TerminalScreens
import TerminalUI
import TraineeAPI

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app", Nutrition;
// docs/specs/nutrition-day.md. The screen holds no edit of its own: every change is a
// `NutritionEdit` sent through `NutritionSync.edit(_:on:at:)`, whose gate refuses read-only and
// future days, and the day on screen is rebuilt from the store each time
// (`ReadOnlyDay.fromSavedDay`, the rules the server's diary sums by), so the totals drawn are the
// totals saved. The screen's memory is a value, `NutritionScreenState`, changed only by its
// reducer (docs/architecture.md, "State is a value; actions are pure"); this class performs what
// the reducer asks for and draws.

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
  /// Everything the tab remembers.
  var state: NutritionScreenState
  /// Runs `refresh(now:)` at every midnight and 05:00 (`keepTodayCurrent(clock:)`).
  var todayRefresh: Task<Void, Never>?
  /// The language the tab writes its numbers and dates in (the settings').
  public var language: @MainActor () -> ActivityLanguage = { .en }
  /// The territory the tab writes dates for (the environment's), or `nil`.
  public var region: String?
  /// The tab's texts in the trainee's language.
  var text: AppText { AppText(language(), region: region) }
  /// The meal logs waiting for the server (`nil`: meal logs are off). Each one the server takes
  /// links its composed meal to the log.
  public var mealLogs: MealLogOutbox? {
    didSet {
      mealLogs?.onOutcome = { [weak self] in
        guard let self else { return }
        send(.mealLogSettled($0), now: environment.now())
      }
    }
  }

  /// A Nutrition screen on `environment`, drawing through `host`. Shows today, starts loading
  /// the plans and restores the preferred plan day from its file.
  public init(environment: NutritionScreenEnvironment, host: any ScreenHost) {
    self.environment = environment
    self.host = host
    preferredDayFile = environment.dataDirectory.map { PreferredDayFile(directory: $0) }
    let now = environment.now()
    state = NutritionScreenState(now: now, timeZone: environment.timeZone())
    if let preferredDayFile, sync.edits.preferredDay == nil {
      send(.preferredDayRead(preferredDayFile.load(now: now)), now: now)
    }
    state.loadedDays = Set(environment.sync.edits.dateKeys)
    send(.opened, now: now)
  }

  /// The sync engine the screen edits through.
  var sync: NutritionSync { environment.sync }

  /// When plans that failed, or came from the copy, are fetched again by themselves.
  public var plansRetryAt: Date? { state.plansRetryAt }

  /// What the reducer reads now: the engine's store and sync states, the zone, the language.
  var context: NutritionScreenContext {
    let environment = environment
    return NutritionScreenContext(
      edits: sync.edits, statuses: sync.statuses, timeZone: environment.timeZone(), text: text,
      canLogMeals: mealLogs != nil, newID: { MainActor.assumeIsolated { environment.newID() } })
  }

  /// Takes a new look at the clock: a new day moves today (and the day shown, when it was
  /// today), and an expired preferred day is forgotten, in the store and on disk.
  public func refresh(now: Date) {
    send(.refresh, now: now)
  }

  /// The server answers again (another screen saw it): plans shown from the copy or missing are
  /// fetched again, and days waiting for the network are loaded and saved now.
  public func serverIsBack() {
    send(.serverIsBack, now: environment.now())
  }

  /// Background upkeep, called every second: plans that failed or came from the copy are
  /// fetched again when their retry time comes, and plans older than their stale time are
  /// fetched again.
  public func upkeep(now: Date) {
    send(.upkeep, now: now)
  }

  /// Sends `edit` of `date` (the day shown when `nil`) through the sync engine. A refused edit
  /// changes nothing; its reason goes to the status line. Answers whether it was applied.
  @discardableResult
  func apply(_ edit: NutritionEdit, on date: CalendarDay? = nil, now: Date) -> Bool {
    send(.edit(edit, on: date), now: now).contains { if case .edit = $0 { true } else { false } }
  }

  /// The day on screen as it stands now.
  func currentContent() -> NutritionDayContent {
    state.currentContent(context)
  }

  // MARK: AppScreen

  public func handle(_ key: Key, now: Date) -> KeyResult {
    send(.key(key), now: now).contains(.passKeyOn) ? .ignored : .handled
  }

  public var keyHelp: [KeyHelp] {
    if let entry = state.mealLogEntry {
      return entry.food == nil
        ? [
          KeyHelp("Tab/Enter", text(.nutritionKeyNextField)),
          KeyHelp("Enter " + text(.nutritionFieldFat), text(.nutritionKeyOnToPhoto)),
          KeyHelp("Esc", text(.keyCancel)),
        ] : [KeyHelp("Enter", text(.nutritionKeyLogTheMeal)), KeyHelp("Esc", text(.keyCancel))]
    }
    switch state.mode {
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
      guard state.isEditable else {
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

  public var isEditingText: Bool { state.isEditingText }
}
