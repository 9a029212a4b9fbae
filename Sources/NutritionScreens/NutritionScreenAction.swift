import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TraineeAPI
import TraineeClient

// NB: docs/architecture.md, "State is a value; actions are pure". The reducer reads the store
// (the sync engine's edit maps) as a value in `NutritionScreenContext` and applies every edit to
// its own copy first, through the same gate (`NutritionEdits.edit(_:on:at:)`), so it knows at
// once whether the edit is taken and what the day looks like after it; the driver then applies
// the same edits to the engine in the same order, which answers the same.

/// Something that happens to the Nutrition tab: a key, a look at the clock, an answer.
enum NutritionScreenAction: Equatable {
  /// The tab opens: today is shown and the plans are asked for.
  case opened
  /// A key press.
  case key(Key)
  /// A look at the clock: a new day moves today, an expired preferred day is forgotten.
  case refresh
  /// The midnight and 05:00 look at the clock (`keepTodayCurrent`): a refresh, redrawn when
  /// today or the preferred day moved.
  case scheduledRefresh
  /// The second's upkeep: plans due again are fetched.
  case upkeep
  /// Another screen saw the server answer.
  case serverIsBack
  /// The preferred day's file, read at launch.
  case preferredDayRead(PreferredDayLoad)
  /// The plans' answer (or their kept copy), or why there is none.
  case plansFetched(Result<KeptAnswer<NutritionPlansDto>, TraineeAPIError>)
  /// An older day's answer.
  case readOnlyDayFetched(CalendarDay, Result<ReadOnlyDay, ReadOnlyDayLoadError>)
  /// The catalog's answer to search `request`.
  case foodsFound(
    query: String, for: NutritionFoodTarget, request: Int, Result<[FoodDto], TraineeAPIError>)
  /// The catalog's answer to barcode `request`.
  case barcodeFound(
    barcode: String, for: NutritionFoodTarget, request: Int, Result<FoodDto, TraineeAPIError>)
  /// Whether the photo path typed into the meal log names a readable file.
  case photoChecked(path: String, readable: Bool)
  /// The server took or refused a meal log.
  case mealLogSettled(MealLogOutbox.Outcome)
  /// An edit of `date` (the day shown when `nil`), from outside the keys.
  case edit(NutritionEdit, on: CalendarDay?)
}

/// What the Nutrition tab asks its driver to do.
enum NutritionScreenEffect: Equatable {
  /// The key was not the tab's: the app may use it.
  case passKeyOn
  /// A one-line message in the status bar.
  case say(String)
  /// Draw again (something changed outside a key press).
  case redraw
  /// Changes the engine's edit maps in a way no rule refuses.
  case changeStore(NutritionStoreChange)
  /// Sends `edit` through the engine's gate (taken already by the reducer's copy).
  case edit(NutritionEdit, on: CalendarDay, at: EditMoment)
  /// Writes the preferred day locked by an edit to its file.
  case keepPreferredDay(PreferredNutritionDay, now: Date)
  /// Deletes the preferred day's file once it expired.
  case forgetExpiredPreferredDay(now: Date)
  /// Tells the engine the day on screen (it fetches the day once per mount).
  case showDay(CalendarDay)
  /// Tells the engine the device's day changed.
  case todayChanged
  /// The server answered: saves waiting for the network are sent now.
  case serverAnswered
  /// Fetches the plans (`plansFetched`).
  case fetchPlans
  /// Reads an older day from the server against `plans` (`readOnlyDayFetched`).
  case fetchReadOnlyDay(CalendarDay, plans: [NutritionPlanDto], hint: PlanDayHint?)
  /// Asks the catalog for foods matching `query` (`foodsFound`).
  case searchFoods(String, for: NutritionFoodTarget, request: Int)
  /// Asks the catalog for the food with `barcode` (`barcodeFound`).
  case lookUpBarcode(String, for: NutritionFoodTarget, request: Int)
  /// Checks that `path` names a readable file (`photoChecked`).
  case checkPhoto(path: String)
  /// Keeps a meal log in the outbox until the server has it; says so.
  case keepMealLog(PendingMealLog, name: String)
}

/// A change of the edit maps that no rule refuses: the plan day in view, the preferred day,
/// today's pick.
enum NutritionStoreChange: Equatable {
  case view(planId: String, dayId: String)
  case restorePreferredDay(PreferredNutritionDay)
  case expirePreferredDay(now: Date)
  case setTodayPick(planId: String, dayId: String, at: EditMoment)

  /// Applies the change to `edits`.
  func apply(to edits: inout NutritionEdits) {
    switch self {
    case .view(let planId, let dayId): edits.view(planId: planId, dayId: dayId)
    case .restorePreferredDay(let day): edits.restorePreferredDay(day)
    case .expirePreferredDay(let now): edits.expirePreferredDay(now: now)
    case .setTodayPick(let planId, let dayId, let moment):
      _ = try? edits.setTodayPick(planId: planId, dayId: dayId, at: moment)
    }
  }
}

/// What the reducer reads besides the state: the store as it stands, the sync states, the
/// device's zone, the trainee's language and where new ids come from.
struct NutritionScreenContext {
  /// The engine's edit maps.
  var edits: NutritionEdits
  /// The engine's sync state of each day shown in this mount.
  var statuses: [CalendarDay: NutritionSyncStatus] = [:]
  /// The device's zone now.
  var timeZone: TimeZone
  /// The tab's texts in the trainee's language.
  var text: AppText
  /// Whether meal logs can be sent (there is an outbox).
  var canLogMeals = false
  /// A new id for an added food, a composed meal, a replacement or a meal log.
  var newID: () -> String
}

/// One run of the reducer: the context it reads (its store a copy that takes each edit as it
/// is made) and the effects it asked for so far.
struct NutritionScreenTurn {
  var context: NutritionScreenContext
  private(set) var effects: [NutritionScreenEffect] = []

  init(_ context: NutritionScreenContext) {
    self.context = context
  }

  /// The store as it stands after this turn's edits.
  var edits: NutritionEdits { context.edits }
  /// The tab's texts.
  var text: AppText { context.text }

  /// A new id.
  func newID() -> String { context.newID() }

  /// Asks for `effect`.
  mutating func ask(_ effect: NutritionScreenEffect) {
    effects.append(effect)
  }

  /// Puts `message` in the status bar.
  mutating func say(_ message: String) {
    effects.append(.say(message))
  }

  /// Changes the store's copy and asks the driver to change the store the same way.
  mutating func change(_ change: NutritionStoreChange) {
    change.apply(to: &context.edits)
    effects.append(.changeStore(change))
  }

  /// Applies `edit` to the store's copy through the gate; when taken, asks the driver to send
  /// it to the engine and answers the store's effects. A refused edit changes nothing.
  mutating func edit(
    _ edit: NutritionEdit, on day: CalendarDay, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    let effects = try context.edits.edit(edit, on: day, at: moment)
    self.effects.append(.edit(edit, on: day, at: moment))
    return effects
  }
}
