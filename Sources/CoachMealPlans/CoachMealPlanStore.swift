import CoachPrograms
import Foundation
import TraineeAPI
import TraineeRecords

// NB: docs/decisions/the-coachs-meal-plans.md: the studio's meal plans, every method scoped by the
// studio first; another studio's id reads as absent (`nil`, `false`).

/// What a studio's coaches build for the trainees' nutrition: meal plans with versions, and
/// their assignments.
///
/// Bad input throws `TraineeStoreError.invalid` naming the path of the value and stores nothing.
public protocol CoachMealPlanStore: Sendable {
  /// A new meal plan of `studio` at version 1.
  func createCoachMealPlan(
    _ document: CoachMealPlanDocumentDto, in studio: StudioID
  ) throws -> CoachMealPlanVersion
  /// A new version of `studio`'s meal plan `id`; `nil` when the studio has no such plan.
  func editCoachMealPlan(
    _ id: CoachMealPlanID, _ document: CoachMealPlanDocumentDto, in studio: StudioID
  ) throws -> CoachMealPlanVersion?
  /// A new meal plan from the newest version of `studio`'s plan `id`; `nil` when none.
  func copyCoachMealPlan(
    _ id: CoachMealPlanID, name: String?, in studio: StudioID
  ) throws -> CoachMealPlanVersion?
  /// Archives `studio`'s meal plan `id`; `false` when the studio has no such plan.
  func archiveCoachMealPlan(_ id: CoachMealPlanID, in studio: StudioID) throws -> Bool
  /// A page of `studio`'s meal plans by id; archived ones only when `archived`.
  func coachMealPlans(
    in studio: StudioID, page: IDPage, archived: Bool
  ) throws -> [CoachMealPlan]
  /// `studio`'s meal plan `id` at `version` (the newest when `nil`); `nil` when none.
  func coachMealPlan(
    _ id: CoachMealPlanID, version: Int?, in studio: StudioID
  ) throws -> CoachMealPlanVersion?
  /// Assigns `studio`'s meal plan `id` to `trainees`, all or nothing.
  func assignCoachMealPlan(
    _ id: CoachMealPlanID, to trainees: [TraineeID], mode: AssignmentMode, in studio: StudioID
  ) throws -> MealPlanAssignmentOutcome
}
