import BenchmarkSupport
import Foundation
import NutritionLog
import TraineeAPI

// Workload: a `NutritionEdits` holding 1 day or 365 days of history up to today (2026-11-29,
// key `2026-10-29`), 30 entries a day as a trainee following a 5-meal plan leaves them: 18 plan
// items ticked, 3 swaps, 4 portions, 2 foods added to a meal, one meal eaten outside and one
// replaced (its status and its replacement entry). Then rounds of what the app does on every tap on today: one edit (ticking and
// unticking an item, alternating with a portion change, so every edit changes the day),
// `collectDaySnapshot(today)`, and the changed-check (its canonical JSON compared with the last
// saved baseline), each round timed on its own, split into the edit and the collect + check.
// Compared in the same run: the spec's unpartitioned design (one flat map per kind holding every
// date, the day picked by its key prefix). Prints time per round and the ratio 365 / 1 day.

let roundsPerSize = 5_000
let flatRounds = 1_000  // filtering every held entry per round is slow; fewer rounds say enough
let historySizes = (small: 1, large: 365)

let today = CalendarDay(year: 2026, month: 11, day: 29)!
let todayKey = today.dayKey.rawValue
// 12:00 in Berlin on 29 November 2026; the preferred day would expire at 05:00 the next morning.
let moment = EditMoment(
  now: Date(timeIntervalSince1970: 1_795_950_000), todayKey: todayKey, shownKey: todayKey,
  nextRollover: Date(timeIntervalSince1970: 1_796_011_200))

/// A plan id as the server makes them (cuid-like, 25 characters).
func planId(_ kind: String, _ meal: Int, _ item: Int = 0) -> String {
  "cm\(kind)\(meal)k\(item)x7q2w0001v8k2pn3hd"
}

func food(_ index: Int, day: Int) -> CustomMealItem {
  CustomMealItem(
    id: "ai_\(day)_\(index)", name: index == 0 ? "Greek yoghurt 2%" : "Blueberries",
    kcal: 146, protein: 13.2, carbs: 11.4, fat: 4.6, eaten: true, qty: 170, unit: "g",
    barcode: "40084107")
}

/// Fills `edits` with one day of a 5-meal, 6-item plan through the public actions: 30 entries.
/// `index` is the day's number, which ids and amounts vary with.
func fillDay(_ edits: inout NutritionEdits, _ day: CalendarDay, index: Int) throws {
  let key = day.dayKey.rawValue
  let dayMoment = EditMoment(
    now: moment.now, todayKey: todayKey, shownKey: key, nextRollover: moment.nextRollover)
  for meal in 0..<3 {
    _ = try edits.setItemsEaten(
      dateKey: key, itemIds: (0..<6).map { planId("it", meal, $0) }, eaten: true, at: dayMoment)
  }
  for (meal, item) in [(0, 0), (2, 2), (2, 3)] {
    _ = try edits.setSwap(
      dateKey: key, itemId: planId("it", meal, item), optionId: planId("op", meal, item + 1))
  }
  for item in 0..<4 {
    _ = try edits.setPortion(
      dateKey: key, itemId: planId("it", 1, item),
      portion: ItemPortion(foodId: "f_\(item)_oats", qty: Double(60 + (index + item) % 40)))
  }
  for food in [food(0, day: index), food(1, day: index)] {
    _ = try edits.addFood(dateKey: key, mealId: planId("ml", 2), item: food, at: dayMoment)
  }
  _ = try edits.setMealStatus(
    dateKey: key, mealId: planId("ml", 3), status: .eatenOutside, at: dayMoment)
  _ = try edits.setReplacement(
    dateKey: key, mealId: planId("ml", 4),
    replacement: MealReplacement(
      id: "rp_\(index)", name: "Chicken burrito", kcal: 690, protein: 41, carbs: 72, fat: 24,
      source: "photo", logId: "log_\(index)"),
    at: dayMoment)
}

func filledEdits(days: Int) throws -> NutritionEdits {
  var edits = NutritionEdits()
  edits.view(planId: "np_cut", dayId: "nd_training")
  for index in 0..<days {
    let day = today.adding(days: index - days + 1)
    // Ids and amounts follow the calendar day, so today is the same whatever the history held.
    try fillDay(&edits, day, index: day.days(since: CalendarDay(year: 2020, month: 1, day: 1)!))
  }
  return edits
}

/// The edit of round `index`: even rounds tick then untick an item not ticked by the fill, odd
/// rounds change a portion to a new amount.
let tickedItem = planId("it", 3, 0)
let portionItem = planId("it", 0, 5)
func portionQty(_ index: Int) -> Double { Double(100 + (index % 40) * 5) }

func edit(_ edits: inout NutritionEdits, _ index: Int) throws {
  if index.isMultiple(of: 2) {
    _ = try edits.setEaten(
      dateKey: todayKey, itemId: tickedItem, eaten: (index / 2).isMultiple(of: 2), at: moment)
  } else {
    _ = try edits.setPortion(
      dateKey: todayKey, itemId: portionItem,
      portion: ItemPortion(foodId: "f_rice", qty: portionQty(index)))
  }
}

struct Measured {
  var round: Figures
  var edit: Figures
  var check: Figures
  var heldEntries: Int
  var dayBytes: Int
  var changed: Int
  var finalDay: Data
}

/// Rounds of edit + `collectDaySnapshot(today)` + changed-check on the edit store.
func measure(days: Int, rounds: Int) throws -> Measured {
  var edits = try filledEdits(days: days)
  let baseline = edits.collectDaySnapshot(todayKey).canonicalJSON()
  let held = edits.dateKeys.reduce(0) { $0 + entries(edits.collectDaySnapshot($1)) }
  let clock = ContinuousClock()
  var roundSamples: [Duration] = []
  var editSamples: [Duration] = []
  var checkSamples: [Duration] = []
  roundSamples.reserveCapacity(rounds)
  editSamples.reserveCapacity(rounds)
  checkSamples.reserveCapacity(rounds)
  var changed = 0
  for index in 0..<rounds {
    let started = clock.now
    try edit(&edits, index)
    let edited = clock.now
    let isChanged = edits.collectDaySnapshot(todayKey).canonicalJSON() != baseline
    let checked = clock.now
    if isChanged { changed += 1 }
    roundSamples.append(checked - started)
    editSamples.append(edited - started)
    checkSamples.append(checked - edited)
  }
  let final = edits.collectDaySnapshot(todayKey).canonicalJSON()
  return Measured(
    round: Figures(roundSamples), edit: Figures(editSamples), check: Figures(checkSamples),
    heldEntries: held, dayBytes: baseline.count, changed: changed, finalDay: final)
}

/// Entries in a snapshot, counting each added food and composed meal item once.
func entries(_ day: NutritionDaySnapshot) -> Int {
  day.eaten.count + day.swaps.count + day.removed.count
    + day.aiMeals.values.reduce(0) { $0 + $1.count } + day.mealStatus.count
    + day.replacement.count + day.removedMeals.count
    + day.customMeals.values.reduce(0) { $0 + $1.items.count } + day.portions.count
}

/// The rejected design, the spec's own: every map holds every date, an edit writes the flat map
/// and `collectDaySnapshot` keeps the entries whose key starts with `dateKey__`.
func measureFlat(days: Int, rounds: Int) throws -> (round: Figures, finalDay: Data) {
  let edits = try filledEdits(days: days)
  var flat = NutritionDaySnapshot()
  for key in edits.dateKeys {
    let day = edits.collectDaySnapshot(key)
    flat.eaten.merge(day.eaten) { $1 }
    flat.swaps.merge(day.swaps) { $1 }
    flat.removed.merge(day.removed) { $1 }
    flat.aiMeals.merge(day.aiMeals) { $1 }
    flat.mealStatus.merge(day.mealStatus) { $1 }
    flat.replacement.merge(day.replacement) { $1 }
    flat.removedMeals.merge(day.removedMeals) { $1 }
    flat.customMeals.merge(day.customMeals) { $1 }
    flat.portions.merge(day.portions) { $1 }
  }
  let prefix = todayKey + entryKeySeparator
  func collect() -> NutritionDaySnapshot {
    func mine(_ key: String) -> Bool { key.hasPrefix(prefix) }
    return NutritionDaySnapshot(
      eaten: flat.eaten.filter { mine($0.key) }, swaps: flat.swaps.filter { mine($0.key) },
      removed: flat.removed.filter { mine($0.key) },
      aiMeals: flat.aiMeals.filter { mine($0.key) },
      mealStatus: flat.mealStatus.filter { mine($0.key) },
      replacement: flat.replacement.filter { mine($0.key) },
      removedMeals: flat.removedMeals.filter { mine($0.key) },
      customMeals: flat.customMeals.filter { mine($0.key) },
      portions: flat.portions.filter { mine($0.key) })
  }
  let baseline = collect().canonicalJSON()
  let clock = ContinuousClock()
  var samples: [Duration] = []
  var changed = 0
  for index in 0..<rounds {
    let started = clock.now
    if index.isMultiple(of: 2) {
      flat.eaten[prefix + tickedItem] = (index / 2).isMultiple(of: 2) ? true : nil
    } else {
      flat.portions[prefix + portionItem] = ItemPortion(foodId: "f_rice", qty: portionQty(index))
    }
    if collect().canonicalJSON() != baseline { changed += 1 }
    samples.append(clock.now - started)
  }
  precondition(changed > 0)
  return (Figures(samples), collect().canonicalJSON())
}

// A warm-up so the first measured size does not pay for page faults and lazy set-up.
_ = try measure(days: historySizes.small, rounds: 500)
let small = try measure(days: historySizes.small, rounds: roundsPerSize)
let large = try measure(days: historySizes.large, rounds: roundsPerSize)
let flatSmall = try measureFlat(days: historySizes.small, rounds: flatRounds)
let flatLarge = try measureFlat(days: historySizes.large, rounds: flatRounds)
// Both designs end on the same day, byte for byte, whatever the history held.
precondition(small.finalDay == large.finalDay && small.finalDay == flatLarge.finalDay)
precondition(flatSmall.finalDay == flatLarge.finalDay)
precondition(small.changed > 0 && large.changed == small.changed)

print(
  "Workload: \(roundsPerSize) rounds per size (\(flatRounds) for the flat map) on today,"
    + " 30 entries a day held.")
print(
  "Held: \(small.heldEntries) entries (1 day) and \(large.heldEntries) entries (365 days);"
    + " today's canonical JSON \(small.dayBytes) bytes;"
    + " changed-check true in \(large.changed) of \(roundsPerSize) rounds.")
print("Times in microseconds per round.")
print(
  ComparisonTable.heading(
    label: "round",
    sizes: "              1 day held                |             365 days held               |"))
print(ComparisonTable.row("edit + collect + check", small.round, large.round))
print(ComparisonTable.row("  edit alone", small.edit, large.edit))
print(ComparisonTable.row("  collect + check alone", small.check, large.check))
print(ComparisonTable.row("flat map (spec), whole round", flatSmall.round, flatLarge.round))
