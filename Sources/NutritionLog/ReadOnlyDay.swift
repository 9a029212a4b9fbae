import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Which days can be edited": for a read-only day PlanScreen
// ignores the store and renders from `savedDayEdits(dateKey, savedDay)`, built from the GET /day
// response; a day with no snapshot shows the diary from `GET /v1/trainee/nutrition/menu?date=`.
// Both are the same `NutritionMenuDto`, built from a saved day by the one reading the server
// uses (TraineeAPI, NutritionMenuDto+Diary.swift), so both sources show the same meals and sums.

/// What the nutrition tab shows for a read-only day: meals with their items as chosen, what was
/// eaten, and the day's totals against the plan day's targets. Built by pure functions; nothing
/// in it can be edited.
public struct ReadOnlyDay: Equatable, Sendable {
  /// Where the day was read from.
  public enum Source: String, Equatable, Sendable {
    /// The saved snapshot of `GET /v1/trainee/nutrition/day`, applied to a plan day.
    case savedDay
    /// The diary of `GET /v1/trainee/nutrition/menu?date=` (the day has no snapshot).
    case menu
  }

  public var date: CalendarDay
  public var source: Source
  /// The plan day the meals come from; `nil` without a plan.
  public var planId: String?
  public var dayId: String?
  /// The plan day's meals, in plan order, with the day's edits applied.
  public var meals: [ReadOnlyMeal]
  /// Foods added to meals the plan day does not have, by meal id.
  public var otherFoods: [String: [MenuFoodDto]]
  /// Meals composed outside the plan.
  public var customMeals: [MenuCustomMealDto]
  /// The date's meal logs (menu only: the saved day does not carry them).
  public var logs: [MenuLogDto]
  /// What was eaten against the plan day's targets.
  public var totals: DayTotals

  /// The day shown from `diary`, whose meals are `meals` with their statuses read.
  init(
    date: CalendarDay, source: Source, diary: NutritionMenuDto, meals: [ReadOnlyMeal],
    targets: NutritionTargetsDto?
  ) {
    self.date = date
    self.source = source
    planId = diary.planId
    dayId = diary.dayId
    self.meals = meals
    otherFoods = diary.otherFoods
    customMeals = diary.customMeals
    logs = diary.logs
    totals = DayTotals(eaten: diary.eaten, targets: targets)
  }
}

/// A plan meal as it was on the day: the diary's meal with its status read. Its fields
/// (`meal.name`, `meal.items`, `meal.eaten`...) are those of the diary's meal.
@dynamicMemberLookup
public struct ReadOnlyMeal: Equatable, Sendable {
  /// The meal as the diary has it.
  public var meal: MenuMealDto
  public var status: MealStatus

  /// A field of the diary's meal.
  public subscript<Value>(dynamicMember field: KeyPath<MenuMealDto, Value>) -> Value {
    meal[keyPath: field]
  }
}

/// The day's eaten sums against the plan day's targets.
public struct DayTotals: Equatable, Sendable {
  public var eaten: MacrosDto
  /// The plan day's targets; `nil` without a plan day.
  public var targets: NutritionTargetsDto?

  /// A total with its targets.
  public init(eaten: MacrosDto, targets: NutritionTargetsDto?) {
    self.eaten = eaten
    self.targets = targets
  }

  public var kcal: MacroProgress { MacroProgress(eaten: eaten.kcal, target: targets?.kcal) }
  public var protein: MacroProgress {
    MacroProgress(eaten: eaten.protein, target: targets?.protein)
  }
  public var carbs: MacroProgress { MacroProgress(eaten: eaten.carbs, target: targets?.carbs) }
  public var fat: MacroProgress { MacroProgress(eaten: eaten.fat, target: targets?.fat) }
}

/// One macro eaten against its target.
public struct MacroProgress: Equatable, Sendable {
  public var eaten: Double
  /// `nil` when the coach set none.
  public var target: Double?

  /// What is left to the target (negative when over); `nil` without a target.
  public var remaining: Double? { target.map { $0 - eaten } }
  /// Eaten over target; `nil` without a positive target.
  public var fraction: Double? {
    guard let target, target > 0 else { return nil }
    return eaten / target
  }
}

// MARK: - From the saved day

extension ReadOnlyDay {
  /// `savedDayEdits`: `plan`'s day with the saved `snapshot` of `date` applied.
  ///
  /// `swapOptions` is the day response's render data, by item id. Entries keyed for another
  /// date are ignored. Without a plan day only added foods and composed meals are shown.
  public static func fromSavedDay(
    date: CalendarDay, snapshot: NutritionDaySnapshot,
    swapOptions: [String: NutritionOptionDto] = [:], plan: PlanDayChoice?
  ) -> ReadOnlyDay {
    let diary = NutritionMenuDto(
      date: date, plan: plan, snapshot: snapshot, swapOptions: swapOptions)
    // NB: the diary writes only the three statuses, `PLANNED` for a meal without one.
    let meals = diary.meals.map {
      ReadOnlyMeal(meal: $0, status: MealStatus(rawValue: $0.status) ?? .planned)
    }
    return ReadOnlyDay(
      date: date, source: .savedDay, diary: diary, meals: meals, targets: plan?.day.targets)
  }
}

// MARK: - From the menu

/// Why a menu answer cannot be shown as the day asked for.
public enum ReadOnlyDayError: Error, Equatable, Sendable {
  /// The menu answered for `answered`, not the day asked for.
  case menuDateMismatch(asked: CalendarDay, answered: String)
  /// A meal's `status` is not `PLANNED`, `EATEN_OUTSIDE` or `REPLACED`.
  case unknownMealStatus(mealId: String, status: String)
}

extension ReadOnlyDay {
  /// The diary of `GET /v1/trainee/nutrition/menu?date=` for `date`, as shown; `targets` are
  /// those of the plan day the menu names (`menu.planId`, `menu.dayId`). The totals are the
  /// menu's `eaten`, which counts meal logs once.
  public static func fromMenu(
    _ menu: NutritionMenuDto, date: CalendarDay, targets: NutritionTargetsDto?
  ) throws(ReadOnlyDayError) -> ReadOnlyDay {
    guard CalendarDay(isoDate: menu.date) == date else {
      throw .menuDateMismatch(asked: date, answered: menu.date)
    }
    var meals: [ReadOnlyMeal] = []
    for meal in menu.meals {
      guard let status = MealStatus(rawValue: meal.status) else {
        throw .unknownMealStatus(mealId: meal.id, status: meal.status)
      }
      var meal = meal
      if status != .replaced { meal.replacement = nil }
      meals.append(ReadOnlyMeal(meal: meal, status: status))
    }
    return ReadOnlyDay(date: date, source: .menu, diary: menu, meals: meals, targets: targets)
  }
}

// MARK: - Choosing the source

/// Why a read-only day could not be loaded.
public enum ReadOnlyDayLoadError: Error, Equatable, Sendable {
  /// `GET /v1/trainee/nutrition/day` failed.
  case day(NutritionDayTransportError)
  /// `GET /v1/trainee/nutrition/menu` failed; `problem` says how.
  case menu(problem: String)
  /// The menu's answer was not the day's.
  case invalidMenu(ReadOnlyDayError)
}

extension ReadOnlyDay {
  /// Loads read-only `date`: its saved day, and only when that has no snapshot, its menu.
  ///
  /// The saved day is read against `PlanDayChoice.choose(plans, hint: viewing, …)`; the menu
  /// is asked with the same hint and its targets are those of the plan day it names.
  public static func load(
    _ date: CalendarDay, plans: [NutritionPlanDto], viewing: PlanDayHint?,
    transport: any NutritionDayTransport,
    menu: (CalendarDay, PlanDayHint?) async throws -> NutritionMenuDto
  ) async throws(ReadOnlyDayLoadError) -> ReadOnlyDay {
    let saved: NutritionDayResponse
    do {
      saved = try await transport.getDay(date: date)
    } catch {
      throw .day(error)
    }
    if let snapshot = saved.data {
      let plan = PlanDayChoice.choose(
        plans, hint: viewing, snapshot: snapshot, dateKey: date.dayKey.rawValue)
      return fromSavedDay(
        date: date, snapshot: snapshot, swapOptions: saved.swapOptions ?? [:], plan: plan)
    }
    let answer: NutritionMenuDto
    do {
      answer = try await menu(date, viewing)
    } catch {
      throw .menu(problem: "\(error)")
    }
    let targets = plans.first { $0.id == answer.planId }?.days
      .first { $0.id == answer.dayId }?.targets
    do {
      return try fromMenu(answer, date: date, targets: targets)
    } catch {
      throw .invalidMenu(error)
    }
  }
}
