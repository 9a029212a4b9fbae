import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "The day snapshot": `collectDaySnapshot` picks the entries whose
// key starts with `dateKey__`; `hydrateDay` removes that date's entries from each map and writes
// the snapshot's in, leaving other dates untouched. With the maps partitioned by date, both are
// the day's partition, read or replaced.

extension NutritionEdits {
  /// The snapshot of `dateKey`: every entry keyed `dateKey__…`, keys as they are. Costs the size
  /// of that day, not of every held day.
  public func collectDaySnapshot(_ dateKey: String) -> NutritionDaySnapshot {
    days[dateKey]?.snapshot ?? .empty
  }

  /// The local-only render data of the swaps of `dateKey`, by `dateKey__itemId`.
  public func swapOptions(on dateKey: String) -> [String: NutritionOptionDto] {
    days[dateKey]?.swapOptions ?? [:]
  }

  /// Replaces the entries of `dateKey` with `snapshot`'s, leaving every other date as it is.
  ///
  /// Entries of `snapshot` keyed for another date are not taken: a day's snapshot holds that
  /// day only. `swapOptions` (the day response's render data, by item id) is written under
  /// `dateKey__itemId`; render data already held for a swap the new entries still choose stays.
  public mutating func hydrateDay(
    _ dateKey: String, _ snapshot: NutritionDaySnapshot,
    swapOptions: [String: NutritionOptionDto] = [:]
  ) {
    let prefix = dateKey + entryKeySeparator
    var day = DayEdits(snapshot: snapshot.onlyKeys { $0.hasPrefix(prefix) })
    for (key, option) in days[dateKey]?.swapOptions ?? [:]
    where day.snapshot.swaps[key] == option.id {
      day.swapOptions[key] = option
    }
    for (itemId, option) in swapOptions where !itemId.isEmpty {
      day.swapOptions[Self.key(dateKey, itemId)] = option
    }
    days[dateKey] = day.isEmpty ? nil : day
  }

  /// The plan item's portion on `dateKey` when one is stored and valid (`isValidPortion`).
  public func portion(dateKey: String, itemId: String) -> ItemPortion? {
    guard let portion = days[dateKey]?.snapshot.portions[Self.key(dateKey, itemId)],
      portion.isValid
    else { return nil }
    return portion
  }

  /// The status of plan meal `mealId` on `dateKey`; `planned` when none is stored.
  public func mealStatus(dateKey: String, mealId: String) -> MealStatus {
    days[dateKey]?.snapshot.mealStatus[Self.key(dateKey, mealId)] ?? .planned
  }
}

extension NutritionDaySnapshot {
  /// The snapshot with only the entries whose key passes `include`.
  func onlyKeys(_ include: (String) -> Bool) -> NutritionDaySnapshot {
    NutritionDaySnapshot(
      eaten: eaten.filter { include($0.key) },
      swaps: swaps.filter { include($0.key) },
      removed: removed.filter { include($0.key) },
      aiMeals: aiMeals.filter { include($0.key) },
      mealStatus: mealStatus.filter { include($0.key) },
      replacement: replacement.filter { include($0.key) },
      removedMeals: removedMeals.filter { include($0.key) },
      customMeals: customMeals.filter { include($0.key) },
      portions: portions.filter { include($0.key) })
  }
}
