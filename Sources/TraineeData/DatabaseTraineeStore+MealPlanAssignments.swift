import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-meal-plans.md, "Assignments" and "What the trainee reads": a
// meal plan is assigned to trainees with a live link to the studio, each a row of
// `meal_plan_assignments` naming the version the trainee reads (linked: the newest, moved by
// every edit; copy: the one assigned). Every assignee's answer version is raised in the same
// transaction. The trainee's plans are the assigned ones, then the imported document's.

extension DatabaseTraineeStore {
  /// Assigns `studio`'s meal plan `id` at its newest version to each of `trainees` as `mode`;
  /// all or nothing.
  public func assignCoachMealPlan(
    _ id: CoachMealPlanID, to trainees: [TraineeID], mode: AssignmentMode, in studio: StudioID
  ) throws -> MealPlanAssignmentOutcome {
    let at = now().milliseconds
    return try write(nil) { db -> MealPlanAssignmentOutcome in
      guard let mealPlan = try Self.coachMealPlan(id, in: studio, db) else { return .noMealPlan }
      guard !mealPlan.archived else { return .archived }
      if let index = try Self.firstUnlinked(trainees, to: studio, db) {
        return .noTrainee(index: index)
      }
      var made: [CoachMealPlanAssignment] = []
      for trainee in trainees {
        _ = try db.run(
          """
          INSERT INTO meal_plan_assignments (trainee_id, meal_plan_id, studio_id, linked,
            version, assigned_at)
          VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (trainee_id, meal_plan_id) DO UPDATE SET linked = excluded.linked,
            version = excluded.version
          """,
          [
            trainee.value, .integer(id.rawValue), studio.value, DatabaseValue(mode == .linked),
            DatabaseValue(mealPlan.latestVersion), .integer(at),
          ])
        try Self.raiseAnswerVersion(of: trainee, db)
        made.append(
          CoachMealPlanAssignment(
            trainee: trainee, mealPlan: id, mode: mode, version: mealPlan.latestVersion))
      }
      return .assigned(made)
    }
  }

  /// The index in `trainees` of the first without a live `trainee` link to `studio`; `nil` when
  /// every one has one.
  static func firstUnlinked(
    _ trainees: [TraineeID], to studio: StudioID, _ db: any DatabaseConnection
  ) throws -> Int? {
    for (index, trainee) in trainees.enumerated()
    where try StudioVisibility.of(trainee, to: studio, db) == nil {
      return index
    }
    return nil
  }

  /// The trainee's plans document in the transaction of `db`: the assigned meal plans at the
  /// versions the trainee reads, in the order first assigned, then the imported document's plans;
  /// the imported document byte for byte without an assignment; `nil` without either. The one
  /// reading of a trainee's plans: the plans read and the day's totals kept on write both go
  /// through it (docs/decisions/the-coachs-roster.md, "Nutrition within tolerance").
  static func nutritionPlans(of trainee: TraineeID, _ db: any DatabaseConnection) throws -> String?
  {
    let document = try db.row(
      "SELECT document FROM nutrition_plans WHERE trainee_id = ?", [trainee.value],
      { try $0.string(0) })
    let assigned = try db.rows(
      """
      SELECT v.plan FROM meal_plan_assignments AS a
      JOIN meal_plan_versions AS v ON v.meal_plan_id = a.meal_plan_id AND v.version = a.version
      WHERE a.trainee_id = ? ORDER BY a.assigned_at, a.meal_plan_id
      """, [trainee.value], { try $0.string(0) })
    guard !assigned.isEmpty else { return document }
    return try AssignedNutritionPlans.answer(assigned: assigned, imported: document)
  }
}
