import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "The preferred day and the home hint": PlanScreen calls
// `setTodayPick` with the plan and day on screen whenever it shows today; `homeDayHintOf(state)`
// is `todayPick` when its dateKey matches today, otherwise the preferred day when one is set,
// otherwise null. `useHome` sends it as `GET /v1/trainee/home?planId=&dayId=`, and without a
// hint the request has neither parameter (`TraineeAPIClient.home(hint:)`).

/// The plan day on screen while the nutrition tab showed today (`TodayNutritionDay`).
public struct TodayNutritionDay: Codable, Equatable, Sendable {
  /// `dateKeyOf` of the day it was picked on (`2026-0-5`).
  public var dateKey: String
  public var planId: String
  public var dayId: String

  /// A pick of plan `planId`, day `dayId` on the day `dateKey`.
  public init(dateKey: String, planId: String, dayId: String) {
    self.dateKey = dateKey
    self.planId = planId
    self.dayId = dayId
  }
}

extension NutritionEdits {
  /// `setTodayPick`: remembers plan `planId`, day `dayId` as the plan day on screen today.
  ///
  /// Recorded only while the tab shows today (`moment.shownKey == moment.todayKey`), under
  /// today's key; on any other day nothing changes and the answer is `false`. An invalid today
  /// key or an empty id is refused and changes nothing.
  @discardableResult
  public mutating func setTodayPick(
    planId: String, dayId: String, at moment: EditMoment
  ) throws(NutritionEditRefusal) -> Bool {
    try Self.checkDateKey(moment.todayKey)
    try Self.checkId(planId, "planId")
    try Self.checkId(dayId, "dayId")
    guard moment.shownKey == moment.todayKey else { return false }
    todayPick = TodayNutritionDay(dateKey: moment.todayKey, planId: planId, dayId: dayId)
    return true
  }

  /// Forgets the plan day picked today (`setTodayPick(null)`).
  public mutating func clearTodayPick() {
    todayPick = nil
  }
}

/// `homeDayHintOf(state)`: the plan day the home screen asks for.
///
/// `todayPick` when its `dateKey` is `todayKey` (the `dateKeyOf` of the device's today);
/// otherwise the preferred day when one is set; otherwise `nil` (the home request goes without
/// `planId` and `dayId`). As in the spec, the preferred day is not checked against the clock
/// here: `refreshToday` (and `NutritionEdits.expirePreferredDay`) drop it when it expires.
public func homeDayHintOf(_ state: NutritionEdits, todayKey: String) -> PlanDayHint? {
  if let pick = state.todayPick, pick.dateKey == todayKey {
    return PlanDayHint(planId: pick.planId, dayId: pick.dayId)
  }
  if let preferred = state.preferredDay {
    return PlanDayHint(planId: preferred.planId, dayId: preferred.dayId)
  }
  return nil
}

/// `homeDayHintOf` for the device's today: `todayKey` is `calendar.dateKeyOf(now)`.
public func homeDayHintOf(
  _ state: NutritionEdits, now: Date, calendar: NutritionCalendar
) -> PlanDayHint? {
  homeDayHintOf(state, todayKey: calendar.dateKeyOf(now).rawValue)
}
