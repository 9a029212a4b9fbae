import Foundation
import NutritionLog
import TerminalScreens
import TraineeAPI

/// The day on screen, ready to lay out.
struct NutritionDayContent: Equatable {
  /// The day's meals and totals: from the store on an editable day, from the server otherwise;
  /// `nil` while an older day loads or when it failed.
  var day: ReadOnlyDay?
  /// The plan day the meals come from.
  var plan: PlanDayChoice?
  /// The store's snapshot of the day, on an editable day.
  var snapshot: NutritionDaySnapshot?
  /// A line saying what is loading or what failed.
  var notice: String?
}

extension NutritionScreenState {
  /// The day on screen as it stands now.
  func currentContent(_ context: NutritionScreenContext) -> NutritionDayContent {
    let text = context.text
    let plansNotice: String?
    switch plans {
    case .loading: plansNotice = text(.nutritionLoadingPlans)
    case .failed(let message):
      // "g tries again" only while a retry is due: a refused token is not retried.
      plansNotice = plansRetryAt == nil ? message : message + text(.nutritionTriesAgain)
    case .loaded: plansNotice = nil
    }
    guard isEditable else {
      switch readOnlyDays[shown] {
      case .loaded(let day)?:
        let plan = allPlanDays.first { $0.planId == day.planId && $0.day.id == day.dayId }
        return NutritionDayContent(day: day, plan: plan, snapshot: nil, notice: nil)
      case .failed(let message)?:
        return NutritionDayContent(notice: message)
      case .loading?, nil:
        return NutritionDayContent(
          notice: plansNotice ?? text(.nutritionLoadingDay, ["date": NutritionText.date(shown)]))
      }
    }
    var content = storedContent(of: shown, edits: context.edits)
    content.notice = plansNotice
    return content
  }

  /// An editable day (today or yesterday) as the store holds it, against its plan day.
  func storedContent(of date: CalendarDay, edits: NutritionEdits) -> NutritionDayContent {
    let dateKey = date.dayKey
    let snapshot = edits.collectDaySnapshot(dateKey.rawValue)
    var swapOptions: [String: NutritionOptionDto] = [:]
    for (key, option) in edits.swapOptions(on: dateKey.rawValue)
    where dateKey.owns(entryKey: key) {
      swapOptions[String(key.dropFirst(dateKey.entryPrefix.count))] = option
    }
    let plan = planDay(for: date, edits: edits)
    let day = ReadOnlyDay.fromSavedDay(
      date: date, snapshot: snapshot, swapOptions: swapOptions, plan: plan)
    return NutritionDayContent(day: day, plan: plan, snapshot: snapshot, notice: nil)
  }

  /// The day on screen laid out for `columns`.
  func currentList(columns: Int, _ context: NutritionScreenContext) -> NutritionDayList {
    let content = currentContent(context)
    guard let day = content.day else { return NutritionDayList() }
    return NutritionDayList(
      day: day, plan: content.plan?.day, snapshot: content.snapshot, columns: columns,
      timeZone: context.timeZone)
  }
}

extension NutritionDayContent {
  /// The plan meal `mealId` as shown.
  func meal(_ mealId: String) -> ReadOnlyMeal? {
    day?.meals.first { $0.id == mealId }
  }

  /// Plan item `itemId` of meal `mealId` as shown.
  func item(_ itemId: String, in mealId: String) -> MenuItemDto? {
    meal(mealId)?.items.first { $0.id == itemId }
  }

  /// Plan item `itemId` of meal `mealId` in the plan day, with all its options.
  func planItem(_ itemId: String, in mealId: String) -> NutritionItemDto? {
    plan?.day.meals.first { $0.id == mealId }?.items.first { $0.id == itemId }
  }

  /// The composed meal `mealId` as the store holds it.
  func customMeal(_ mealId: String) -> CustomMeal? {
    guard let day else { return nil }
    return snapshot?.customMeals[aiKey(day.date.dayKey, mealId)]
  }

  /// The food `foodId` added to plan meal `mealId`, as the store holds it.
  func addedFood(_ foodId: String, in mealId: String) -> CustomMealItem? {
    guard let day else { return nil }
    return snapshot?.aiMeals[aiKey(day.date.dayKey, mealId)]?.first { $0.id == foodId }
  }

  /// The name of the meal `row` belongs to, for prompts.
  func mealName(of row: NutritionRowID) -> String {
    if row.isCustom {
      return day?.customMeals.first { $0.id == row.mealId }?.label ?? "the meal"
    }
    return meal(row.mealId)?.name ?? "the meal"
  }
}
