import Foundation

// NB: docs/decisions/the-coachs-meal-plans.md: the coach's meal plan is the trainee's
// `NutritionPlanDto` shape (days, meals, items, their options with macros, and targets) with a
// name; the wire members of a plan's summary, list, copy and assignment follow the programs'.

/// `POST /v1/coach/meal-plans` and `PUT /v1/coach/meal-plans/{mealPlanId}`: what a coach writes.
public struct CoachMealPlanDocumentDto: Codable, Equatable, Sendable {
  public var name: String
  /// The days as the trainee reads them; every id is the coach's and kept as given.
  public var days: [NutritionPlanDayDto]

  /// A meal plan document.
  public init(name: String, days: [NutritionPlanDayDto]) {
    self.name = name
    self.days = days
  }
}

/// A studio's meal plan at one version.
public struct CoachMealPlanDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  /// The version shown.
  public var version: Int
  public var latestVersion: Int
  public var archived: Bool
  public var days: [NutritionPlanDayDto]
  /// The plan as an assignee reads it in `GET /v1/trainee/nutrition/plans`.
  public var plan: NutritionPlanDto

  /// A meal plan at a version.
  public init(
    id: String, name: String, version: Int, latestVersion: Int, archived: Bool,
    days: [NutritionPlanDayDto], plan: NutritionPlanDto
  ) {
    self.id = id
    self.name = name
    self.version = version
    self.latestVersion = latestVersion
    self.archived = archived
    self.days = days
    self.plan = plan
  }
}

/// A line of the studio's meal plans.
public struct CoachMealPlanSummaryDto: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var latestVersion: Int
  public var archived: Bool

  /// A meal plan's line.
  public init(id: String, name: String, latestVersion: Int, archived: Bool) {
    self.id = id
    self.name = name
    self.latestVersion = latestVersion
    self.archived = archived
  }
}

/// `GET /v1/coach/meal-plans`: a page of the studio's meal plans by id.
public struct CoachMealPlansDto: Codable, Equatable, Sendable {
  public var mealPlans: [CoachMealPlanSummaryDto]
  /// The `after` of the next page; `null` on the last.
  public var nextAfter: String?

  /// A page.
  public init(mealPlans: [CoachMealPlanSummaryDto], nextAfter: String?) {
    self.mealPlans = mealPlans
    self.nextAfter = nextAfter
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(mealPlans, forKey: .mealPlans)
    try container.encode(nextAfter, forKey: .nextAfter)
  }

  enum CodingKeys: String, CodingKey { case mealPlans, nextAfter }
}

/// `POST /v1/coach/meal-plans/{mealPlanId}/assignments`: assigns the plan to trainees of the
/// studio; assigning it again to a trainee replaces that assignment.
public struct AssignMealPlanRequestDto: Codable, Equatable, Sendable {
  /// 1 to 200 trainees with a live link to the studio.
  public var traineeIds: [String]
  public var mode: AssignmentMode

  /// An assignment request.
  public init(traineeIds: [String], mode: AssignmentMode) {
    self.traineeIds = traineeIds
    self.mode = mode
  }
}

/// A meal plan assigned to a trainee.
public struct MealPlanAssignmentDto: Codable, Equatable, Sendable {
  public var traineeId: String
  public var mealPlanId: String
  public var mode: AssignmentMode
  /// The version the trainee reads now.
  public var version: Int

  /// An assignment.
  public init(traineeId: String, mealPlanId: String, mode: AssignmentMode, version: Int) {
    self.traineeId = traineeId
    self.mealPlanId = mealPlanId
    self.mode = mode
    self.version = version
  }
}

/// The meal plan assignments a request made.
public struct MealPlanAssignmentsDto: Codable, Equatable, Sendable {
  public var assignments: [MealPlanAssignmentDto]

  /// Assignments.
  public init(assignments: [MealPlanAssignmentDto]) { self.assignments = assignments }
}
