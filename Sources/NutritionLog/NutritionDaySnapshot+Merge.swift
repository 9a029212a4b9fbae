import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Loading a day": `mergeSnapshots(remote, local)` lets local
// entries win on the same key, because a meal added from the home screen lands in the store before
// the tab ever mounts. Three refinements keep what the trainee entered and the action rules intact
// (docs/decisions/the-nutrition-day.md, "Nutrition edits and snapshot"):
// - a plan meal's added foods are merged by food id (local wins per food), so a food added on
//   this device does not hide the foods the server already has for that meal;
// - a local status decides the meal's replacement too (`setMealStatus` clears it);
// - a local swap or portion decides the item's option and amount together, and a local removal
//   drops the portion (an amount belongs to the food it was set on).
// With a `base` (what the server was known to hold), only what changed locally since the base wins,
// removals included; the spec's merge is the one with an empty base
// (docs/decisions/the-nutrition-day.md, "Nutrition sync: confirmed copies").

/// `remote` with `local` laid over it, key by key: local entries win.
public func mergeSnapshots(
  remote: NutritionDaySnapshot, local: NutritionDaySnapshot
) -> NutritionDaySnapshot {
  mergeSnapshots(remote: remote, local: local, base: .empty)
}

/// `remote` with what `local` changed since `base` laid over it: an entry added, changed or
/// removed locally since `base` wins; every other entry is the remote's, so a change made
/// elsewhere after `base` stands. An added food of a plan meal is one entry (by food id).
public func mergeSnapshots(
  remote: NutritionDaySnapshot, local: NutritionDaySnapshot, base: NutritionDaySnapshot
) -> NutritionDaySnapshot {
  let eaten = local.eaten.changedKeys(since: base.eaten)
  let swaps = local.swaps.changedKeys(since: base.swaps)
  let removed = local.removed.changedKeys(since: base.removed)
  let statuses = local.mealStatus.changedKeys(since: base.mealStatus)
  let portions = local.portions.changedKeys(since: base.portions)
  var merged = NutritionDaySnapshot(
    eaten: remote.eaten.taking(eaten, from: local.eaten),
    swaps: remote.swaps.taking(swaps, from: local.swaps),
    removed: remote.removed.taking(removed, from: local.removed),
    aiMeals: remote.aiMeals,
    mealStatus: remote.mealStatus.taking(statuses, from: local.mealStatus),
    replacement: remote.replacement.taking(
      local.replacement.changedKeys(since: base.replacement), from: local.replacement),
    removedMeals: remote.removedMeals.taking(
      local.removedMeals.changedKeys(since: base.removedMeals), from: local.removedMeals),
    customMeals: remote.customMeals.taking(
      local.customMeals.changedKeys(since: base.customMeals), from: local.customMeals),
    portions: remote.portions.taking(portions, from: local.portions))
  for key in local.aiMeals.changedKeys(since: base.aiMeals) {
    let foods = mergeFoods(
      remote: remote.aiMeals[key] ?? [], local: local.aiMeals[key] ?? [],
      base: base.aiMeals[key] ?? [])
    merged.aiMeals[key] = foods.isEmpty && local.aiMeals[key] == nil ? nil : foods
  }
  for key in statuses {
    merged.replacement[key] = local.replacement[key]
  }
  for key in swaps.union(portions) {
    merged.swaps[key] = local.swaps[key]
    let sameOption = remote.swaps[key] == local.swaps[key]
    merged.portions[key] = local.portions[key] ?? (sameOption ? remote.portions[key] : nil)
  }
  for key in removed where local.removed[key] == true {
    merged.portions[key] = local.portions[key]
  }
  return merged
}

/// The remote foods in their order, those changed locally since `base` replaced by the local
/// food with their id and those removed locally since `base` left out, then the foods added or
/// changed locally that the remote list does not have.
private func mergeFoods(
  remote: [CustomMealItem], local: [CustomMealItem], base: [CustomMealItem]
) -> [CustomMealItem] {
  let baseById = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  let localById = Dictionary(local.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  let changed = localById.filter { baseById[$0.key] != $0.value }
  let dropped = Set(baseById.keys).subtracting(localById.keys)
  let remoteIds = Set(remote.map(\.id))
  return remote.compactMap { dropped.contains($0.id) ? nil : changed[$0.id] ?? $0 }
    + local.filter { !remoteIds.contains($0.id) && changed[$0.id] != nil }
}

extension Dictionary where Value: Equatable {
  /// The keys whose entry differs from `base`'s: added, changed or removed since.
  fileprivate func changedKeys(since base: Self) -> Set<Key> {
    Set(keys.filter { self[$0] != base[$0] }).union(base.keys.filter { self[$0] == nil })
  }

  /// This dictionary with the entry of each of `keys` taken from `other` (removed where `other`
  /// has none).
  fileprivate func taking(_ keys: Set<Key>, from other: Self) -> Self {
    var result = self
    for key in keys { result[key] = other[key] }
    return result
  }
}
