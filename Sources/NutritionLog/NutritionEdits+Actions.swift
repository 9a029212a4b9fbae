import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Edit rules": a change of the chosen option and a
// removal drop the item's portion (an amount belongs to the food it was set on); a portion is
// stored only when valid, anything else clears the entry. Absent means "not eaten", "main option",
// "not removed" and "no portion", so clearing one of those removes the key.

extension NutritionEdits {
  /// Ticks plan item `itemId` (or unticks it) on `dateKey`. Ticking records eating.
  public mutating func setEaten(
    dateKey: String, itemId: String, eaten: Bool, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try setItemsEaten(dateKey: dateKey, itemIds: [itemId], eaten: eaten, at: moment)
  }

  /// Ticks (or unticks) several plan items at once: marking a whole meal eaten. Records eating
  /// when ticking.
  public mutating func setItemsEaten(
    dateKey: String, itemIds: [String], eaten: Bool, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    for itemId in itemIds { try Self.checkId(itemId, "itemId") }
    guard !itemIds.isEmpty else { return [] }
    editDay(dateKey) { day in
      for itemId in itemIds {
        day.snapshot.eaten[Self.key(dateKey, itemId)] = eaten ? true : nil
      }
    }
    return eaten ? lockPreferredFrom(dateKey: dateKey, at: moment) : []
  }

  /// Chooses option `optionId` for plan item `itemId` in place of its main option, or goes back
  /// to the main option with `nil`. `option` is render data for an option the plan payload does
  /// not carry (an automatic alternative); it is kept locally and never sent. A change of the
  /// chosen option drops the item's portion.
  public mutating func setSwap(
    dateKey: String, itemId: String, optionId: String?, option: NutritionOptionDto? = nil
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try setMealSwaps(
      dateKey: dateKey, swaps: [ItemSwap(itemId: itemId, optionId: optionId, option: option)])
  }

  /// Sets the chosen option of several items of a meal at once. Each item whose chosen option
  /// changes loses its portion.
  public mutating func setMealSwaps(
    dateKey: String, swaps: [ItemSwap]
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    var seen: Set<String> = []
    for swap in swaps {
      try Self.checkId(swap.itemId, "itemId")
      guard seen.insert(swap.itemId).inserted else { throw .duplicateItem(itemId: swap.itemId) }
      if let optionId = swap.optionId { try Self.checkId(optionId, "optionId") }
      if let option = swap.option, option.id != swap.optionId {
        throw .optionMismatch(optionId: swap.optionId ?? "", renderedId: option.id)
      }
    }
    editDay(dateKey) { day in
      for swap in swaps {
        let key = Self.key(dateKey, swap.itemId)
        if day.snapshot.swaps[key] != swap.optionId {
          day.snapshot.portions[key] = nil
        }
        day.snapshot.swaps[key] = swap.optionId
        if let option = swap.option {
          day.swapOptions[key] = option
        } else if day.swapOptions[key]?.id != swap.optionId {
          day.swapOptions[key] = nil
        }
      }
    }
    return []
  }

  /// Removes plan item `itemId` from its meal for the day (dropping its portion), or puts it back.
  public mutating func setItemRemoved(
    dateKey: String, itemId: String, removed: Bool
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    try Self.checkId(itemId, "itemId")
    let key = Self.key(dateKey, itemId)
    editDay(dateKey) { day in
      day.snapshot.removed[key] = removed ? true : nil
      if removed { day.snapshot.portions[key] = nil }
    }
    return []
  }

  /// Sets the trainee's own amount of plan item `itemId`, or clears it with `nil`. A portion that
  /// is not valid clears the entry too, and says why with `portionRejected`.
  public mutating func setPortion(
    dateKey: String, itemId: String, portion: ItemPortion?
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try Self.checkDateKey(dateKey)
    try Self.checkId(itemId, "itemId")
    let problem = portion?.problem
    editDay(dateKey) { day in
      day.snapshot.portions[Self.key(dateKey, itemId)] = problem == nil ? portion : nil
    }
    return problem.map { [.portionRejected(itemId: itemId, problem: $0)] } ?? []
  }
}

/// The option chosen for one plan item: `nil` for the main option, with optional render data.
public struct ItemSwap: Equatable, Sendable {
  public var itemId: String
  public var optionId: String?
  /// Render data for an option the plan payload does not carry; its id is `optionId`.
  public var option: NutritionOptionDto?

  public init(itemId: String, optionId: String?, option: NutritionOptionDto? = nil) {
    self.itemId = itemId
    self.optionId = optionId
    self.option = option
  }
}

extension NutritionEdits {
  /// `lockPreferredFrom`: after an edit that records eating, saves the viewed plan day as the
  /// preferred day when none is active, the tab is on today, the edit is for today, and a plan
  /// and a day are in view.
  mutating func lockPreferredFrom(
    dateKey: String, at moment: EditMoment
  ) -> [NutritionEditEffect] {
    if let preferred = preferredDay, preferred.isActive(at: moment.now) { return [] }
    guard moment.shownKey == moment.todayKey, dateKey == moment.todayKey,
      let planId = viewPlanId, let dayId = viewDayId, !planId.isEmpty, !dayId.isEmpty
    else { return [] }
    let day = PreferredNutritionDay(
      planId: planId, dayId: dayId, untilMs: Double(moment.nextRollover.milliseconds))
    preferredDay = day
    return [.lockPreferredDay(day)]
  }
}
