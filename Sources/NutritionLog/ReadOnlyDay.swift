import Foundation
import TraineeAPI

// NB: spec nutrition-day-log.md "The editable day window": for a read-only day PlanScreen ignores
// the store and renders from `savedDayEdits(dateKey, savedDay)`, built from the GET /day
// response; a day with no snapshot shows the diary from `GET /v1/trainee/nutrition/menu?date=`.
// The saved day is read by the rules the server's diary uses (TraineeServer,
// NutritionDiary+Build.swift), so both sources show the same meals and sums:
// - a plan item counts when ticked or when its meal is `EATEN_OUTSIDE`, unless the item or its
//   meal is removed or the meal is `REPLACED` (then the replacement counts instead);
// - the chosen option is the swap's option from the plan, else the day's swap render data,
//   else the main option;
// - a valid portion on the chosen option's food scales its macros by `qty / option.qty`;
// - added foods and composed-meal items count unless `eaten` is `false`.

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
  public var otherFoods: [String: [ReadOnlyFood]]
  /// Meals composed outside the plan.
  public var customMeals: [ReadOnlyCustomMeal]
  /// The date's meal logs (menu only: the saved day does not carry them).
  public var logs: [ReadOnlyLog]
  /// What was eaten against the plan day's targets.
  public var totals: DayTotals
}

/// A plan meal as it was on the day.
public struct ReadOnlyMeal: Equatable, Sendable {
  public var id: String
  public var name: String
  public var time: String?
  public var status: MealStatus
  /// Deleted for the day: shown struck out, counts nothing.
  public var removed: Bool
  public var items: [ReadOnlyItem]
  /// Foods the trainee added to the meal.
  public var added: [ReadOnlyFood]
  /// What stood in for the meal when its status is `REPLACED`.
  public var replacement: ReadOnlyFood?
  /// What the meal adds to the day's totals.
  public var eaten: MacrosDto
}

/// A plan item with the chosen option and the trainee's amount applied.
public struct ReadOnlyItem: Equatable, Sendable {
  public var id: String
  /// The option shown: the swap's, else the main option; `nil` when the item has none.
  public var optionId: String?
  public var name: String
  public var foodId: String?
  public var qty: Double?
  public var unit: String?
  /// The option's macros, scaled to the trainee's portion.
  public var macros: MacrosDto
  /// Another option than the main one was chosen.
  public var swapped: Bool
  public var eaten: Bool
  public var removed: Bool
}

/// A food the trainee added, or a replacement.
public struct ReadOnlyFood: Equatable, Sendable {
  public var id: String
  public var name: String
  public var macros: MacrosDto
  public var eaten: Bool
}

/// A meal composed outside the plan.
public struct ReadOnlyCustomMeal: Equatable, Sendable {
  public var id: String
  public var label: String
  public var logId: String?
  public var items: [ReadOnlyFood]
}

/// A meal log of the date.
public struct ReadOnlyLog: Equatable, Sendable {
  public var id: String
  public var consumedAt: String
  public var macros: MacrosDto
  /// `false` when a composed meal or replacement links it, so it counts there.
  public var counted: Bool
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

/// A plan day and the plan it belongs to.
public struct PlanDayChoice: Equatable, Sendable {
  public var planId: String
  public var day: NutritionPlanDayDto

  /// Plan `planId`'s day `day`.
  public init(planId: String, day: NutritionPlanDayDto) {
    self.planId = planId
    self.day = day
  }

  /// The plan day a saved day is read against: the hinted one (the plan day in view) when the
  /// plans have it, else the day whose meals and items the snapshot names most (the first on a
  /// tie), else the first day of all; `nil` without any plan day. The server's choice.
  public static func choose(
    _ plans: [NutritionPlanDto], hint: PlanDayHint?, snapshot: NutritionDaySnapshot?,
    dateKey: String
  ) -> PlanDayChoice? {
    let days = plans.flatMap { plan in plan.days.map { PlanDayChoice(planId: plan.id, day: $0) } }
    if let hint,
      let hinted = days.first(where: { $0.planId == hint.planId && $0.day.id == hint.dayId })
    {
      return hinted
    }
    guard let snapshot else { return days.first }
    let named = snapshot.namedIds(dateKey: dateKey)
    let scored = days.map { choice in
      let ids = choice.day.meals.flatMap { [$0.id] + $0.items.map(\.id) }
      return (choice, ids.filter(named.contains).count)
    }
    let best = scored.map(\.1).max() ?? 0
    return best > 0 ? scored.first { $0.1 == best }?.0 : days.first
  }
}

extension NutritionDaySnapshot {
  /// Every item and meal id a key of `dateKey` names.
  func namedIds(dateKey: String) -> Set<String> {
    let keys =
      Array(eaten.keys) + Array(swaps.keys) + Array(removed.keys) + Array(aiMeals.keys)
      + Array(mealStatus.keys) + Array(replacement.keys) + Array(removedMeals.keys)
      + Array(portions.keys)
    let prefix = dateKey + entryKeySeparator
    return Set(keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
  }
}

extension ReadOnlyDay {
  /// `savedDayEdits`: `plan`'s day with the saved `snapshot` of `date` applied.
  ///
  /// `swapOptions` is the day response's render data, by item id. Entries keyed for another
  /// date are ignored. Without a plan day only added foods and composed meals are shown.
  public static func fromSavedDay(
    date: CalendarDay, snapshot: NutritionDaySnapshot,
    swapOptions: [String: NutritionOptionDto] = [:], plan: PlanDayChoice?
  ) -> ReadOnlyDay {
    let dateKey = date.dayKey
    let meals = (plan?.day.meals ?? []).map {
      ReadOnlyMeal($0, snapshot: snapshot, swapOptions: swapOptions, dateKey: dateKey)
    }
    let planMealKeys = Set(meals.map { aiKey(dateKey, $0.id) })
    var otherFoods: [String: [ReadOnlyFood]] = [:]
    for (key, foods) in snapshot.aiMeals
    where dateKey.owns(entryKey: key) && !planMealKeys.contains(key)
      && snapshot.removedMeals[key] != true
    {
      otherFoods[String(key.dropFirst(dateKey.entryPrefix.count))] = foods.map(ReadOnlyFood.init)
    }
    let customMeals = snapshot.customMeals.filter { dateKey.owns(entryKey: $0.key) }
      .sorted { $0.key < $1.key }
      .map {
        ReadOnlyCustomMeal(
          id: $0.value.id, label: $0.value.label, logId: $0.value.logId,
          items: $0.value.items.map(ReadOnlyFood.init))
      }
    let eaten = sum(
      meals.map(\.eaten) + otherFoods.values.joined().filter(\.eaten).map(\.macros)
        + customMeals.flatMap(\.items).filter(\.eaten).map(\.macros))
    return ReadOnlyDay(
      date: date, source: .savedDay, planId: plan?.planId, dayId: plan?.day.id, meals: meals,
      otherFoods: otherFoods, customMeals: customMeals, logs: [],
      totals: DayTotals(eaten: eaten, targets: plan?.day.targets))
  }
}

extension ReadOnlyMeal {
  init(
    _ meal: NutritionMealDto, snapshot: NutritionDaySnapshot,
    swapOptions: [String: NutritionOptionDto], dateKey: DayKey
  ) {
    let mealKey = aiKey(dateKey, meal.id)
    let status = snapshot.mealStatus[mealKey] ?? .planned
    id = meal.id
    name = meal.name
    time = meal.time
    self.status = status
    removed = snapshot.removedMeals[mealKey] == true
    added = (snapshot.aiMeals[mealKey] ?? []).map(ReadOnlyFood.init)
    replacement = status == .replaced ? snapshot.replacement[mealKey].map(ReadOnlyFood.init) : nil
    items = meal.items.map { item in
      ReadOnlyItem(
        item, snapshot: snapshot, swapOption: swapOptions[item.id], dateKey: dateKey,
        mealEatenOutside: status == .eatenOutside)
    }
    eaten = ReadOnlyMeal.eatenSum(
      removed: removed, status: status, items: items, added: added, replacement: replacement)
  }

  /// What a meal adds to the day: nothing when removed; its replacement when replaced;
  /// otherwise its eaten, kept items and its eaten added foods.
  static func eatenSum(
    removed: Bool, status: MealStatus, items: [ReadOnlyItem], added: [ReadOnlyFood],
    replacement: ReadOnlyFood?
  ) -> MacrosDto {
    if removed { return MacrosDto() }
    if status == .replaced {
      return replacement.map { $0.eaten ? $0.macros : MacrosDto() } ?? MacrosDto()
    }
    return sum(
      items.filter { $0.eaten && !$0.removed }.map(\.macros)
        + added.filter(\.eaten).map(\.macros))
  }
}

extension ReadOnlyItem {
  init(
    _ item: NutritionItemDto, snapshot: NutritionDaySnapshot, swapOption: NutritionOptionDto?,
    dateKey: DayKey, mealEatenOutside: Bool
  ) {
    let key = eatenKey(dateKey, item.id)
    let swapId = snapshot.swaps[key]
    let rendered = swapOption.flatMap { $0.id == swapId ? $0 : nil }
    let option = swapId.flatMap { item.option($0) ?? rendered } ?? item.mainOption
    var macros = option.map(MacrosDto.init(option:)) ?? MacrosDto()
    var qty = option?.qty
    if let portion = snapshot.portions[key], portion.isValid, let option,
      portion.foodId == option.foodId, let planned = option.qty, planned > 0
    {
      macros = macros.scaled(by: portion.qty / planned)
      qty = portion.qty
    }
    id = item.id
    optionId = option?.id
    name = option?.name ?? ""
    foodId = option?.foodId
    self.qty = qty
    unit = option?.unit
    self.macros = macros
    swapped = swapId != nil && swapId != item.mainOption?.id
    eaten = snapshot.eaten[key] == true || mealEatenOutside
    removed = snapshot.removed[key] == true
  }
}

extension ReadOnlyFood {
  init(_ food: AddedFood, eaten: Bool) {
    self.init(id: food.id, name: food.name, macros: food.macros, eaten: eaten)
  }

  init(_ item: CustomMealItem) {
    self.init(item.entry, eaten: item.eaten != false)
  }

  /// A replaced meal is eaten.
  init(_ replacement: MealReplacement) {
    self.init(replacement.entry, eaten: true)
  }

  init(_ food: MenuFoodDto) {
    self.init(id: food.id, name: food.name, macros: food.macros, eaten: food.eaten)
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
      let items = meal.items.map {
        ReadOnlyItem(
          id: $0.id, optionId: $0.optionId, name: $0.name, foodId: $0.foodId, qty: $0.qty,
          unit: $0.unit, macros: $0.macros, swapped: $0.swapped, eaten: $0.eaten,
          removed: $0.removed)
      }
      let added = meal.added.map(ReadOnlyFood.init)
      let replacement = status == .replaced ? meal.replacement.map(ReadOnlyFood.init) : nil
      meals.append(
        ReadOnlyMeal(
          id: meal.id, name: meal.name, time: meal.time, status: status, removed: meal.removed,
          items: items, added: added, replacement: replacement,
          eaten: ReadOnlyMeal.eatenSum(
            removed: meal.removed, status: status, items: items, added: added,
            replacement: replacement)))
    }
    return ReadOnlyDay(
      date: date, source: .menu, planId: menu.planId, dayId: menu.dayId, meals: meals,
      otherFoods: menu.otherFoods.mapValues { $0.map(ReadOnlyFood.init) },
      customMeals: menu.customMeals.map {
        ReadOnlyCustomMeal(
          id: $0.id, label: $0.label, logId: $0.logId, items: $0.items.map(ReadOnlyFood.init))
      },
      logs: menu.logs.map {
        ReadOnlyLog(id: $0.id, consumedAt: $0.consumedAt, macros: $0.macros, counted: $0.counted)
      },
      totals: DayTotals(eaten: menu.eaten, targets: targets))
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

// MARK: - Macros

extension MacrosDto {
  init(option: NutritionOptionDto) {
    self.init(kcal: option.kcal, protein: option.protein, carbs: option.carbs, fat: option.fat)
  }

  func scaled(by factor: Double) -> MacrosDto {
    MacrosDto(
      kcal: kcal * factor, protein: protein * factor, carbs: carbs * factor, fat: fat * factor)
  }

  static func + (lhs: MacrosDto, rhs: MacrosDto) -> MacrosDto {
    MacrosDto(
      kcal: lhs.kcal + rhs.kcal, protein: lhs.protein + rhs.protein, carbs: lhs.carbs + rhs.carbs,
      fat: lhs.fat + rhs.fat)
  }
}

/// The sum of `values`, in order.
func sum(_ values: [MacrosDto]) -> MacrosDto {
  values.reduce(MacrosDto(), +)
}
