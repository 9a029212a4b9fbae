import Foundation

// NB: docs/specs/nutrition-day.md, "What each map holds": the one reading of a day's snapshot
// against a plan day, used by the server's `GET /v1/trainee/nutrition/menu` and home answers and by
// the app's read-only and current day
// (docs/decisions/wire-types-shared-by-the-app-and-the-server.md "One nutrition diary"):
// - a plan item counts when ticked, or when its meal is `EATEN_OUTSIDE`, unless the item or its
//   meal is removed or the meal is `REPLACED` (then the replacement counts instead);
// - the chosen option is the swap's option when the plan has it, else the day's swap render
//   data (`swapOptions`: the app has them, the server never does), else the main option;
// - a valid portion on the chosen option's food scales its macros by `qty / option.qty`;
// - added foods, composed-meal items and a replacement count unless `eaten` is `false`;
// - a meal log counts unless an entry the sums count links it by `logId`: a composed meal of the
//   date, or the replacement of a plan meal of the chosen day that is `REPLACED` and not removed
//   (the entry stands for the log, its `eaten` decides). A link from an entry not counted is
//   ignored, so every log is counted exactly once, through the snapshot or by itself;
// - until its `logId` is written, a composed meal of the date links the logs of the date whose
//   posted items it holds, every one by id (the app posts a log with its composed meal's item
//   ids, and saves the day before it knows the log's id): no read counts both in between;
// - an item's macros, a log's and the day's sum are rounded to 0.1.

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

  /// The meal-log ids linked from the entries the sums of `dateKey` count, read against a plan
  /// day with `planMealIds`: the composed meals keyed for the date, and the replacements of its
  /// plan meals that are `REPLACED` and not removed. Those logs are counted through the
  /// snapshot; a log an entry links that is not counted (another date's key, a meal the plan day
  /// lacks or that was deleted, a replacement without the status) counts itself.
  public func countedLogLinks(dateKey: DayKey, planMealIds: [String]) -> Set<String> {
    let custom = customMeals.filter { dateKey.owns(entryKey: $0.key) }.values.compactMap(\.logId)
    let replacing = planMealIds.map { aiKey(dateKey, $0) }.compactMap { mealKey -> String? in
      guard mealStatus[mealKey] == .replaced, removedMeals[mealKey] != true else { return nil }
      return replacement[mealKey]?.logId
    }
    return Set(custom + replacing)
  }

  /// The ids of the `logs` of `dateKey` a composed meal keyed for the date holds before its
  /// `logId` is written: the meal has no `logId` and holds, by id, every item the log was
  /// posted with (a log with an item without an id is never linked this way).
  public func itemLinkedLogs(dateKey: DayKey, logs: [MenuLogDto]) -> Set<String> {
    let unlinked = customMeals.filter { dateKey.owns(entryKey: $0.key) && $0.value.logId == nil }
      .values.map { Set($0.items.map(\.entry.id)) }
    guard !unlinked.isEmpty else { return [] }
    return Set(
      logs.filter { log in
        guard let ids = log.postedItemIds, !ids.isEmpty else { return false }
        return unlinked.contains { ids.isSubset(of: $0) }
      }.map(\.id))
  }
}

extension MenuLogDto {
  /// The ids of the items as posted; `nil` when one has no id.
  var postedItemIds: Set<String>? {
    guard case .array(let items) = items else { return nil }
    var ids: Set<String> = []
    for item in items {
      guard case .object(let fields) = item, case .string(let id)? = fields["id"], !id.isEmpty
      else { return nil }
      ids.insert(id)
    }
    return ids
  }
}

extension NutritionMenuDto {
  /// The diary of `date`: `plan`'s day with `snapshot` applied, and the date's meal `logs`,
  /// each marked counted unless an entry the sums count links it.
  ///
  /// `swapOptions` is the day's swap render data, by item id. Entries keyed for another date
  /// are ignored. Without a plan day only added foods, composed meals and logs are shown.
  public init(
    date: CalendarDate, plan: PlanDayChoice?, snapshot: NutritionDaySnapshot?,
    swapOptions: [String: NutritionOptionDto] = [:], logs: [MenuLogDto] = []
  ) {
    let edits = snapshot ?? .empty
    let dateKey = date.dayKey
    let planMeals = plan?.day.meals ?? []
    let meals = planMeals.map {
      MenuMealDto($0, snapshot: edits, swapOptions: swapOptions, dateKey: dateKey)
    }
    let planMealKeys = Set(planMeals.map { aiKey(dateKey, $0.id) })
    var otherFoods: [String: [MenuFoodDto]] = [:]
    for (key, foods) in edits.aiMeals
    where dateKey.owns(entryKey: key) && !planMealKeys.contains(key)
      && edits.removedMeals[key] != true
    {
      otherFoods[String(key.dropFirst(dateKey.entryPrefix.count))] = foods.map(MenuFoodDto.init)
    }
    let customMeals = edits.customMeals.filter { dateKey.owns(entryKey: $0.key) }
      .sorted { $0.key < $1.key }
      .map {
        MenuCustomMealDto(
          id: $0.value.id, label: $0.value.label, logId: $0.value.logId,
          items: $0.value.items.map(MenuFoodDto.init))
      }
    let linked = edits.countedLogLinks(dateKey: dateKey, planMealIds: planMeals.map(\.id))
      .union(edits.itemLinkedLogs(dateKey: dateKey, logs: logs))
    let logs = logs.map { log in
      var log = log
      log.counted = !linked.contains(log.id)
      return log
    }
    let planned = MacrosDto.sum(meals.map(\.eaten))
    let other = MacrosDto.sum(otherFoods.values.joined().filter(\.eaten).map(\.macros))
    let custom = MacrosDto.sum(customMeals.flatMap(\.items).filter(\.eaten).map(\.macros))
    let logged = MacrosDto.sum(logs.filter(\.counted).map(\.macros))
    self.init(
      date: date.description, planId: plan?.planId, dayId: plan?.day.id, meals: meals,
      otherFoods: otherFoods, customMeals: customMeals, logs: logs,
      eaten: (planned + other + custom + logged).rounded)
  }
}

extension MenuMealDto {
  init(
    _ meal: NutritionMealDto, snapshot: NutritionDaySnapshot,
    swapOptions: [String: NutritionOptionDto], dateKey: DayKey
  ) {
    let mealKey = aiKey(dateKey, meal.id)
    let status = snapshot.mealStatus[mealKey] ?? .planned
    self.init(
      id: meal.id, name: meal.name, time: meal.time, status: status.rawValue,
      removed: snapshot.removedMeals[mealKey] == true,
      items: meal.items.map { item in
        MenuItemDto(
          item, snapshot: snapshot, swapOption: swapOptions[item.id], dateKey: dateKey,
          mealEatenOutside: status == .eatenOutside)
      },
      added: (snapshot.aiMeals[mealKey] ?? []).map(MenuFoodDto.init),
      replacement: status == .replaced ? snapshot.replacement[mealKey].map(MenuFoodDto.init) : nil)
  }

  /// What the meal adds to the day: nothing when removed; its replacement (when eaten) when
  /// `REPLACED`; otherwise its eaten, kept items and its eaten added foods.
  public var eaten: MacrosDto {
    if removed { return MacrosDto() }
    if status == MealStatus.replaced.rawValue {
      return replacement.map { $0.eaten ? $0.macros : MacrosDto() } ?? MacrosDto()
    }
    return MacrosDto.sum(
      items.filter { $0.eaten && !$0.removed }.map(\.macros)
        + added.filter(\.eaten).map(\.macros))
  }
}

extension MenuItemDto {
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
    self.init(
      id: item.id, optionId: option?.id, name: option?.name ?? "", foodId: option?.foodId,
      qty: qty, unit: option?.unit, macros: macros.rounded,
      swapped: swapId != nil && swapId != item.mainOption?.id,
      eaten: snapshot.eaten[key] == true || mealEatenOutside,
      removed: snapshot.removed[key] == true)
  }
}

extension MenuFoodDto {
  /// An added food or a composed meal's item; eaten unless it says `false`.
  public init(_ item: CustomMealItem) {
    self.init(id: item.id, name: item.name, macros: item.entry.macros, eaten: item.eaten != false)
  }

  /// A replacement; eaten unless it says `false`.
  public init(_ replacement: MealReplacement) {
    self.init(
      id: replacement.id, name: replacement.name, macros: replacement.entry.macros,
      eaten: replacement.eaten != false)
  }
}
