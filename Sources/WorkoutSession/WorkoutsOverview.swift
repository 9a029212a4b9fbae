import Foundation
import TraineeAPI

/// What the workouts tab shows: every plan and its days at a glance.
public struct WorkoutsOverview: Codable, Equatable, Sendable {
  public var plans: [Plan]

  public struct Plan: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var days: [Day]
  }

  public struct Day: Codable, Equatable, Sendable {
    public var id: String
    public var label: String
    public var title: String
    public var subtitle: String
    public var heroImage: String
    /// Strength and cardio exercises of the day.
    public var exerciseCount: Int
    /// Sets the day will start with, as `makeSets` makes them.
    public var setCount: Int
  }
}

/// The workouts tab's view of the trainee's programs.
public func getOverview(_ programs: TrainingProgramsDto) -> WorkoutsOverview {
  WorkoutsOverview(
    plans: programs.plans.map { plan in
      WorkoutsOverview.Plan(
        id: plan.id, name: plan.name,
        days: plan.days.map { day in
          let live = dayToLive(day, planId: plan.id, units: .metric)
          return WorkoutsOverview.Day(
            id: day.id, label: day.label ?? "", title: day.title ?? "",
            subtitle: day.subtitle ?? "", heroImage: day.heroImage ?? "",
            exerciseCount: live.exercises.count,
            setCount: live.exercises.reduce(0) { $0 + $1.sets.count })
        })
    })
}
