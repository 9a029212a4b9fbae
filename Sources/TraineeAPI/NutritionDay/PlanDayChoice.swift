import Foundation

// NB: docs/specs/nutrition-day.md, "Which days can be edited" and
// docs/decisions/wire-types-shared-by-the-app-and-the-server.md "One nutrition diary": the server's
// menu and home and the app's saved day read a day against the same plan day.

/// A plan day and the plan it belongs to.
public struct PlanDayChoice: Equatable, Sendable {
  public var planId: String
  public var day: NutritionPlanDayDto

  /// Plan `planId`'s day `day`.
  public init(planId: String, day: NutritionPlanDayDto) {
    self.planId = planId
    self.day = day
  }

  /// The plan day a day is read against: the hinted one (the plan day in view) when the plans
  /// have it, else the day whose meals and items the snapshot names most (the first on a tie),
  /// else the first day of all; `nil` without any plan day.
  public static func choose(
    _ plans: [NutritionPlanDto], hint: PlanDayHint?, snapshot: NutritionDaySnapshot?,
    dateKey: String
  ) -> PlanDayChoice? {
    let days = plans.flatMap { plan in plan.days.map { PlanDayChoice(planId: plan.id, day: $0) } }
    if let hint,
      let hinted = days.first(where: { $0.planId == hint.planId && $0.day.id == hint.dayId })
    {
      return hinted
    }
    guard let snapshot else { return days.first }
    let named = snapshot.namedIds(dateKey: dateKey)
    let scored = days.map { choice in
      let ids = choice.day.meals.flatMap { [$0.id] + $0.items.map(\.id) }
      return (choice, ids.filter(named.contains).count)
    }
    let best = scored.map(\.1).max() ?? 0
    return best > 0 ? scored.first { $0.1 == best }?.0 : days.first
  }
}
