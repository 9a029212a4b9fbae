import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TraineeAPI
import TraineeClient

// NB: docs/architecture.md, "State is a value; actions are pure". Everything the Nutrition tab
// remembers is this value; a key, a network answer or a look at the clock is a
// `NutritionScreenAction` that `reduce(_:now:context:)` turns into the next state and the
// effects to perform. `NutritionScreen` performs them and draws.

/// What the Nutrition tab remembers: the day on screen, the plans, the older days read, the
/// selection and the flow the keys are in.
struct NutritionScreenState: Equatable {
  /// The device's zone, as of the last look at the clock.
  var timeZone: TimeZone
  /// The device's day, as of the last look at the clock.
  var today: CalendarDay
  /// The day on screen.
  var shown: CalendarDay
  /// The coach's plans.
  var plans: NutritionPlansLoad = .loading
  /// When the plans shown were fetched, and why the server's could not be had; `nil` before
  /// any answer.
  var plansAsOf: NutritionPlansAsOf?
  /// When plans that failed, or came from the copy, are fetched again by themselves.
  var plansRetryAt: Date?
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
  /// The meal log being entered (`L`), over the day.
  var mealLogEntry: MealLogEntry?

  /// The tab at `now` in `timeZone`, showing today; `loadedDays` are the days kept on this
  /// device.
  init(now: Date, timeZone: TimeZone, loadedDays: Set<String> = []) {
    self.timeZone = timeZone
    today = NutritionCalendar(timeZone: timeZone).day(of: now)
    shown = today
    self.loadedDays = loadedDays
  }

  /// The calendar of the device's zone.
  var calendar: NutritionCalendar { NutritionCalendar(timeZone: timeZone) }

  /// Whether the day on screen can be edited (today or yesterday).
  var isEditable: Bool { isEditableDay(shown, today: today) }

  /// Whether the keys type into a field or a form.
  var isEditingText: Bool {
    if mealLogEntry != nil { return true }
    return switch mode {
    case .portion, .customLabel, .searchText, .barcodeText, .amount, .manualFood: true
    case .browsing, .searching, .results: false
    }
  }
}

/// When the plans shown were fetched, and why the server's latest could not be had (`nil`:
/// they are the server's latest answer).
struct NutritionPlansAsOf: Equatable {
  var fetchedAt: Date
  var failure: TraineeAPIError?
}

/// The coach's plans as far as the screen knows them.
enum NutritionPlansLoad: Equatable {
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
enum ReadOnlyDayLoad: Equatable {
  case loading
  case loaded(ReadOnlyDay)
  case failed(String)
}

/// What the keys of the Nutrition screen do now: browse the day, or one step of a flow.
enum NutritionMode: Equatable {
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
