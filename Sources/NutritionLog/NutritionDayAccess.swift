import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Which days can be edited" and docs/behaviour.md, "The nutrition
// day": PlanScreen hands edit handlers to rows only on an editable day, so no edit ever
// reaches the store for a read-only (older than yesterday) or future day. Here that is a gate in
// front of the store: the day is checked first and a refused edit changes nothing.

/// Throws why `day` cannot be edited when it is `today`: `.readOnlyDay` before the editable
/// window, `.futureDay` after today. Today and yesterday pass.
public func checkEditableDay(
  _ day: CalendarDay, today: CalendarDay
) throws(NutritionEditRefusal) {
  switch editability(of: day, today: today) {
  case .editable: return
  case .readOnly: throw .readOnlyDay(date: day, today: today)
  case .future: throw .futureDay(date: day, today: today)
  }
}

extension NutritionEdits {
  /// Applies `edit` to `day` when it is editable at `moment`, and returns the effects.
  ///
  /// Today is `moment.todayKey`. A read-only or future day is refused (`.readOnlyDay`,
  /// `.futureDay`) before the edit is looked at, and any other refusal of the edit is thrown as
  /// well; either way the state is unchanged.
  public mutating func edit(
    _ edit: NutritionEdit, on day: CalendarDay, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    guard let today = DayKey(rawValue: moment.todayKey)?.calendarDay else {
      throw .invalidDateKey(moment.todayKey)
    }
    try checkEditableDay(day, today: today)
    let effects = apply(edit, dateKey: day.dayKey.rawValue, at: moment)
    if case .actionRefused(let reason)? = effects.first { throw reason }
    return effects
  }
}

extension NutritionSync {
  /// Applies `edit` to `day` through the gate (`NutritionEdits.edit(_:on:at:)`) and schedules
  /// the save of what it changed. A refused edit (read-only day, future day, or the edit's own
  /// refusal) changes nothing and schedules nothing.
  @discardableResult
  public func edit(
    _ edit: NutritionEdit, on day: CalendarDay, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> [NutritionEditEffect] {
    try self.edit { (edits: inout NutritionEdits) throws(NutritionEditRefusal) in
      try edits.edit(edit, on: day, at: moment)
    }
  }
}
