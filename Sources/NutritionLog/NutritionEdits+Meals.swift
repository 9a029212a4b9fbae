import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Edit rules": `setMealStatus` clears the
// replacement when the new status is not `REPLACED`; `setReplacement` sets the status to
// `REPLACED`, and `nil` removes both. `PLANNED` is stored as absence. Adding a food, marking a
// meal eaten or replacing it records eating (`lockPreferredFrom`).

extension NutritionEdits {
  /// Adds `item` to plan meal `mealId` (search, AI text, barcode). Records eating.
  public mutating func addFood(
    dateKey: String, mealId: String, item: CustomMealItem, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    try Self.checkId(mealId, "mealId")
    try Self.check(item.entry, "item")
    let key = Self.key(dateKey, mealId)
    let items = days[dateKey]?.snapshot.aiMeals[key] ?? []
    guard !items.contains(where: { $0.id == item.id }) else {
      throw .duplicateFood(mealId: mealId, itemId: item.id)
    }
    editDay(dateKey) { day in day.snapshot.aiMeals[key, default: []].append(item) }
    return lockPreferredFrom(dateKey: dateKey, at: moment)
  }

  /// Replaces the added food with `item.id` in plan meal `mealId` (a rescaled amount, say).
  public mutating func updateFood(
    dateKey: String, mealId: String, item: CustomMealItem
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    try Self.checkId(mealId, "mealId")
    try Self.check(item.entry, "item")
    let (key, index) = try foodIndex(dateKey, mealId, item.id)
    editDay(dateKey) { day in day.snapshot.aiMeals[key]![index] = item }
    return []
  }

  /// Takes the added food `itemId` out of plan meal `mealId`; the meal's entry goes when empty.
  public mutating func removeFood(
    dateKey: String, mealId: String, itemId: String
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    let (key, index) = try foodIndex(dateKey, mealId, itemId)
    editDay(dateKey) { day in
      day.snapshot.aiMeals[key]!.remove(at: index)
      if day.snapshot.aiMeals[key]!.isEmpty { day.snapshot.aiMeals[key] = nil }
    }
    return []
  }

  /// Ticks (or unticks) the added food `itemId` of plan meal `mealId`. Ticking records eating.
  public mutating func setFoodEaten(
    dateKey: String, mealId: String, itemId: String, eaten: Bool, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    let (key, index) = try foodIndex(dateKey, mealId, itemId)
    editDay(dateKey) { day in day.snapshot.aiMeals[key]![index].eaten = eaten }
    return eaten ? lockPreferredFrom(dateKey: dateKey, at: moment) : []
  }

  /// Sets the status of plan meal `mealId`. `planned` removes the entry; any status but
  /// `replaced` also removes the replacement. `eatenOutside` and `replaced` record eating.
  public mutating func setMealStatus(
    dateKey: String, mealId: String, status: MealStatus, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    try Self.checkId(mealId, "mealId")
    let key = Self.key(dateKey, mealId)
    editDay(dateKey) { day in
      day.snapshot.mealStatus[key] = status == .planned ? nil : status
      if status != .replaced { day.snapshot.replacement[key] = nil }
    }
    return status == .planned ? [] : lockPreferredFrom(dateKey: dateKey, at: moment)
  }

  /// Replaces plan meal `mealId` with a single entry and sets its status to `REPLACED`
  /// (recording eating), or with `nil` removes both.
  public mutating func setReplacement(
    dateKey: String, mealId: String, replacement: MealReplacement?, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    try Self.checkId(mealId, "mealId")
    if let replacement { try Self.check(replacement.entry, "replacement") }
    let key = Self.key(dateKey, mealId)
    editDay(dateKey) { day in
      day.snapshot.replacement[key] = replacement
      day.snapshot.mealStatus[key] = replacement == nil ? nil : .replaced
    }
    return replacement == nil ? [] : lockPreferredFrom(dateKey: dateKey, at: moment)
  }

  /// Deletes plan meal `mealId` for the day, or brings it back. Its other entries stay, so
  /// bringing it back shows it as it was.
  public mutating func setMealRemoved(
    dateKey: String, mealId: String, removed: Bool
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    try Self.checkId(mealId, "mealId")
    editDay(dateKey) { day in
      day.snapshot.removedMeals[Self.key(dateKey, mealId)] = removed ? true : nil
    }
    return []
  }

  /// Where food `itemId` of plan meal `mealId` is, or the refusal saying it is not there.
  private func foodIndex(
    _ dateKey: String, _ mealId: String, _ itemId: String
  ) throws(NutritionEditRefusal) -> (key: String, index: Int) {
    try Self.checkId(mealId, "mealId")
    try Self.checkId(itemId, "itemId")
    let key = Self.key(dateKey, mealId)
    guard let index = days[dateKey]?.snapshot.aiMeals[key]?.firstIndex(where: { $0.id == itemId })
    else { throw .unknownFood(mealId: mealId, itemId: itemId) }
    return (key, index)
  }

  /// Refuses a food with an empty id or a number that cannot be saved; `field` names it.
  static func check(_ food: AddedFood, _ field: String) throws(NutritionEditRefusal) {
    try checkId(food.id, "\(field).id")
    if let number = food.nonFiniteField { throw .notFinite(field: "\(field).\(number)") }
  }
}
