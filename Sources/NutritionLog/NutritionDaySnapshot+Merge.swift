import Foundation

// NB: spec nutrition-day-log.md "Hydration": `mergeSnapshots(remote, local)` lets local entries
// win on the same key, because a meal added from the home screen lands in the store before the
// tab ever mounts. Three refinements keep what the trainee entered and the action rules intact
// (docs/decisions.md, "Nutrition edits and snapshot"):
// - a plan meal's added foods are merged by food id (local wins per food), so a food added on
//   this device does not hide the foods the server already has for that meal;
// - a local status decides the meal's replacement too (`setMealStatus` clears it);
// - a local swap or portion decides the item's option and amount together, and a local removal
//   drops the portion (an amount belongs to the food it was set on).

/// `remote` with `local` laid over it, key by key: local entries win.
public func mergeSnapshots(
  remote: NutritionDaySnapshot, local: NutritionDaySnapshot
) -> NutritionDaySnapshot {
  var merged = NutritionDaySnapshot(
    eaten: remote.eaten.overlaid(by: local.eaten),
    swaps: remote.swaps.overlaid(by: local.swaps),
    removed: remote.removed.overlaid(by: local.removed),
    aiMeals: remote.aiMeals.merging(local.aiMeals) { mergeFoods(remote: $0, local: $1) },
    mealStatus: remote.mealStatus.overlaid(by: local.mealStatus),
    replacement: remote.replacement.overlaid(by: local.replacement),
    removedMeals: remote.removedMeals.overlaid(by: local.removedMeals),
    customMeals: remote.customMeals.overlaid(by: local.customMeals),
    portions: remote.portions.overlaid(by: local.portions))
  for key in local.mealStatus.keys {
    merged.replacement[key] = local.replacement[key]
  }
  for key in Set(local.swaps.keys).union(local.portions.keys) {
    merged.swaps[key] = local.swaps[key]
    let sameOption = remote.swaps[key] == local.swaps[key]
    merged.portions[key] = local.portions[key] ?? (sameOption ? remote.portions[key] : nil)
  }
  for (key, removed) in local.removed where removed {
    merged.portions[key] = local.portions[key]
  }
  return merged
}

/// The remote foods in their order, each replaced by the local food with its id, then the local
/// foods the remote list does not have.
private func mergeFoods(
  remote: [CustomMealItem], local: [CustomMealItem]
) -> [CustomMealItem] {
  let localById = Dictionary(local.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  let remoteIds = Set(remote.map(\.id))
  return remote.map { localById[$0.id] ?? $0 } + local.filter { !remoteIds.contains($0.id) }
}

extension Dictionary {
  /// This dictionary with `other`'s entries written over it.
  fileprivate func overlaid(by other: Self) -> Self {
    merging(other) { _, new in new }
  }
}
