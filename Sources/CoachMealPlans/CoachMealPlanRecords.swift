import Foundation
import TraineeAPI
import TraineeRecords

// NB: docs/decisions/the-coachs-meal-plans.md: the records of a studio's meal plans, scoped by
// the studio; another studio's id reads as absent (`nil`), which the routes answer 404.

/// A meal plan of a studio, as its coaches build it.
public struct CoachMealPlan: Equatable, Sendable {
  public var id: CoachMealPlanID
  public var name: String
  /// The newest version.
  public var latestVersion: Int
  public var archived: Bool

  /// A meal plan's line.
  public init(id: CoachMealPlanID, name: String, latestVersion: Int, archived: Bool) {
    self.id = id
    self.name = name
    self.latestVersion = latestVersion
    self.archived = archived
  }
}

/// The id of a studio's meal plan.
public typealias CoachMealPlanID = RecordID<CoachMealPlan>

/// One version of a meal plan: the plan an assignee reads (its days as the coach wrote them).
public struct CoachMealPlanVersion: Equatable, Sendable {
  public var mealPlan: CoachMealPlan
  public var version: Int
  public var plan: NutritionPlanDto

  /// A version.
  public init(mealPlan: CoachMealPlan, version: Int, plan: NutritionPlanDto) {
    self.mealPlan = mealPlan
    self.version = version
    self.plan = plan
  }
}

/// A meal plan assigned to a trainee.
public struct CoachMealPlanAssignment: Equatable, Sendable {
  public var trainee: TraineeID
  public var mealPlan: CoachMealPlanID
  public var mode: AssignmentMode
  /// The version the trainee reads.
  public var version: Int

  /// An assignment.
  public init(trainee: TraineeID, mealPlan: CoachMealPlanID, mode: AssignmentMode, version: Int) {
    self.trainee = trainee
    self.mealPlan = mealPlan
    self.mode = mode
    self.version = version
  }
}

/// What assigning a meal plan did.
public enum MealPlanAssignmentOutcome: Equatable, Sendable {
  /// Every trainee has the plan now.
  case assigned([CoachMealPlanAssignment])
  /// The studio has no such meal plan.
  case noMealPlan
  /// The plan is archived: nothing was assigned.
  case archived
  /// The trainee at `index` of the request has no live link to the studio: nothing was
  /// assigned.
  case noTrainee(index: Int)
}
