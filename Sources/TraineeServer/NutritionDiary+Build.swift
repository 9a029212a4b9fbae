import Foundation
import TraineeAPI

// NB: how the sums read the snapshot (spec nutrition-day-log.md "What each map means"):
// - a plan item counts when ticked, or when its meal is `EATEN_OUTSIDE`, unless the item or its
//   meal is removed or the meal is `REPLACED` (then the replacement counts instead);
// - the chosen option is the swap's option when the plan has it, else the main option: the
//   server has no `swapOptions` (they are never sent), so an automatic alternative counts as the
//   main option;
// - a valid portion on the chosen option's food scales its macros by `qty / option.qty`;
// - added foods and custom-meal items count unless `eaten` is `false`;
// - a meal log counts unless an entry the sums count links it by `logId`: a custom meal of the
//   date, or the replacement of a plan meal of the chosen day that is `REPLACED` and not removed
//   (the entry stands for the log, its `eaten` decides). A link from an entry not counted is
//   ignored, so every log is counted exactly once, through the snapshot or by itself.

/// The spec's `dateKeyOf` of a date: zero-based, unpadded month, `2026-0-5` for 5 January 2026.
func dayKey(_ date: CalendarDate) -> String {
  "\(date.year)-\(date.month - 1)-\(date.day)"
}

/// A plan day and the plan it belongs to.
struct ChosenPlanDay: Equatable, Sendable {
  var planId: String
  var day: NutritionPlanDayDto
}

/// The plan day a date is read against: the hinted one when the plans have it, else the day whose
/// meals and items the snapshot names most (the first on a tie), else the first day of all.
func choosePlanDay(
  _ plans: [NutritionPlanDto], hint: (planId: String, dayId: String)?,
  snapshot: StoredDaySnapshot?, date: CalendarDate
) -> ChosenPlanDay? {
  let days = plans.flatMap { plan in plan.days.map { ChosenPlanDay(planId: plan.id, day: $0) } }
  if let hint,
    let hinted = days.first(where: { $0.planId == hint.planId && $0.day.id == hint.dayId })
  {
    return hinted
  }
  guard let snapshot else { return days.first }
  let named = snapshot.namedIds(dateKey: dayKey(date))
  let scored = days.map { choice in
    let ids = choice.day.meals.flatMap { [$0.id] + $0.items.map(\.id) }
    return (choice, ids.filter(named.contains).count)
  }
  let best = scored.max { $0.1 < $1.1 }?.1 ?? 0
  return best > 0 ? scored.first { $0.1 == best }?.0 : days.first
}

extension StoredDaySnapshot {
  /// Every item and meal id a key of `dateKey` names.
  func namedIds(dateKey: String) -> Set<String> {
    let keys: [String] =
      Array(eaten.keys) + Array(swaps.keys) + Array(removed.keys) + Array(aiMeals.keys)
      + Array(mealStatus.keys) + Array(replacement.keys) + Array(removedMeals.keys)
      + Array(portions.keys)
    let prefix = dateKey + "__"
    return Set(keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
  }
}

extension NutritionDiary {
  /// The diary of `date`: `plan`'s day with `snapshot` applied, and `logs`.
  init(
    date: CalendarDate, plan: ChosenPlanDay?, snapshot: StoredDaySnapshot?, logs: [MealLog]
  ) throws {
    let edits = snapshot ?? StoredDaySnapshot()
    let key = dayKey(date)
    func keyed(_ id: String) -> String { "\(key)__\(id)" }
    self.date = date
    planId = plan?.planId
    dayId = plan?.day.id
    meals = (plan?.day.meals ?? []).map { DiaryMeal($0, edits: edits, key: keyed) }
    let planMealKeys = Set((plan?.day.meals ?? []).map { keyed($0.id) })
    otherFoods = [:]
    for (mealKey, foods) in edits.aiMeals
    where mealKey.hasPrefix(key + "__") && !planMealKeys.contains(mealKey)
      && edits.removedMeals[mealKey] != true
    {
      otherFoods[String(mealKey.dropFirst(key.count + 2))] = foods.map(DiaryFood.init)
    }
    customMeals = edits.customMeals.filter { $0.key.hasPrefix(key + "__") }
      .sorted { $0.key < $1.key }
      .map {
        DiaryCustomMeal(
          id: $0.value.id, label: $0.value.label, logId: $0.value.logId,
          items: $0.value.items.map(DiaryFood.init))
      }
    let linked = edits.countedLogLinks(
      dateKey: key, planMealIds: (plan?.day.meals ?? []).map(\.id))
    self.logs = try logs.map { log in
      let what = "the items of meal log \(log.id)"
      let items = try decodeStored(JSONValue.self, log.itemsJSON, what)
      let foods = try decodeStored([LoggedFood].self, log.itemsJSON, what)
      return DiaryLog(
        id: log.id, consumedAt: isoText(log.consumedAt), items: items,
        macros: foods.reduce(Macros.zero) { $0 + $1.macros }.rounded,
        counted: !linked.contains(log.id.description))
    }
    let planned = meals.reduce(Macros.zero) { $0 + $1.eatenMacros }
    let other = otherFoods.values.joined().filter(\.eaten).reduce(Macros.zero) { $0 + $1.macros }
    let custom = customMeals.flatMap(\.items).filter(\.eaten).reduce(Macros.zero) {
      $0 + $1.macros
    }
    let logged = self.logs.filter(\.counted).reduce(Macros.zero) { $0 + $1.macros }
    eaten = (planned + other + custom + logged).rounded
  }
}

extension DiaryMeal {
  init(_ meal: NutritionMealDto, edits: StoredDaySnapshot, key: (String) -> String) {
    let mealKey = key(meal.id)
    let mealStatus = edits.mealStatus[mealKey] ?? .planned
    id = meal.id
    name = meal.name
    time = meal.time
    status = mealStatus.rawValue
    removed = edits.removedMeals[mealKey] == true
    added = (edits.aiMeals[mealKey] ?? []).map(DiaryFood.init)
    replacement = mealStatus == .replaced ? edits.replacement[mealKey].map(DiaryFood.init) : nil
    items = meal.items.map { item in
      let itemKey = key(item.id)
      let swapId = edits.swaps[itemKey]
      let option = swapId.flatMap(item.option) ?? item.mainOption
      var macros = option.map(Macros.init) ?? .zero
      var qty = option?.qty
      if let portion = edits.portions[itemKey], portion.isValid, let option,
        portion.foodId == option.foodId, let planned = option.qty, planned > 0
      {
        macros = macros.scaled(by: portion.qty / planned)
        qty = portion.qty
      }
      return DiaryItem(
        id: item.id, optionId: option?.id, name: option?.name ?? "", foodId: option?.foodId,
        qty: qty, unit: option?.unit, macros: macros.rounded,
        swapped: swapId != nil && swapId != item.mainOption?.id,
        eaten: edits.eaten[itemKey] == true || mealStatus == .eatenOutside,
        removed: edits.removed[itemKey] == true)
    }
  }

  /// What the meal adds to the day's sums.
  var eatenMacros: Macros {
    if removed { return .zero }
    if status == SnapshotMealStatus.replaced.rawValue {
      return replacement.map { $0.eaten ? $0.macros : .zero } ?? .zero
    }
    let planned = items.filter { $0.eaten && !$0.removed }.reduce(Macros.zero) { $0 + $1.macros }
    return added.filter(\.eaten).reduce(planned) { $0 + $1.macros }
  }
}

/// `json`, stored by the server, as `type`; `storageFailed` naming `what` when this build cannot
/// read it.
func decodeStored<T: Decodable>(_ type: T.Type, _ json: String, _ what: String) throws -> T {
  do {
    return try JSONDecoder().decode(type, from: Data(json.utf8))
  } catch {
    throw TraineeStoreError.storageFailed("\(what) cannot be read: \(error)")
  }
}
