import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-meal-plans.md, "Meal plans and versions": a meal plan's every
// edit is a new row of `meal_plan_versions` (the plan a trainee reads, checked); older versions
// stay readable. In the edit's transaction every linked assignment moves to the new version and
// each assignee's answer version is raised, so a write costs one row per linked assignee and the
// trainee's read stays one version per assignment.

extension DatabaseTraineeStore {
  /// A new meal plan of `studio` at version 1, from `document`; throws `invalid` at the path of
  /// its first bad value.
  public func createCoachMealPlan(
    _ document: CoachMealPlanDocumentDto, in studio: StudioID
  ) throws -> CoachMealPlanVersion {
    let checked = try CoachMealPlanDocument.checked(document)
    let at = now().milliseconds
    return try write(nil) { db in
      let id = CoachMealPlanID(
        rawValue: try insertWithNewID(
          [
            "studio_id": studio.value, "name": .text(checked.name), "version": 1,
            "created_at": .integer(at), "updated_at": .integer(at),
          ], into: "coach_meal_plans", db))
      let plan = try Self.addVersion(1, of: id, checked, at: at, db)
      return CoachMealPlanVersion(
        mealPlan: CoachMealPlan(id: id, name: checked.name, latestVersion: 1, archived: false),
        version: 1, plan: plan)
    }
  }

  /// A new version of `studio`'s meal plan `id` from `document`, which every linked assignee
  /// reads from now on; `nil` when the studio has no such plan.
  public func editCoachMealPlan(
    _ id: CoachMealPlanID, _ document: CoachMealPlanDocumentDto, in studio: StudioID
  ) throws -> CoachMealPlanVersion? {
    let checked = try CoachMealPlanDocument.checked(document)
    let at = now().milliseconds
    return try write(nil) { db in
      guard let mealPlan = try Self.coachMealPlan(id, in: studio, db) else { return nil }
      let version = mealPlan.latestVersion + 1
      let plan = try Self.addVersion(version, of: id, checked, at: at, db)
      _ = try db.run(
        "UPDATE coach_meal_plans SET name = ?, version = ?, updated_at = ? WHERE id = ?",
        [.text(checked.name), DatabaseValue(version), .integer(at), .integer(id.rawValue)])
      let assignees = try db.rows(
        """
        UPDATE meal_plan_assignments SET version = ? WHERE meal_plan_id = ? AND linked = 1
        RETURNING trainee_id
        """, [DatabaseValue(version), .integer(id.rawValue)], { try $0.int64(0) })
      for trainee in assignees.sorted() {
        try Self.raiseAnswerVersion(of: TraineeID(rawValue: trainee), db)
      }
      var edited = mealPlan
      edited.name = checked.name
      edited.latestVersion = version
      return CoachMealPlanVersion(mealPlan: edited, version: version, plan: plan)
    }
  }

  /// A new meal plan of `studio` at version 1 with the newest days of its plan `id`, named
  /// `name` (the original's and ` (copy)` when `nil`); `nil` when the studio has no such plan.
  public func copyCoachMealPlan(
    _ id: CoachMealPlanID, name: String?, in studio: StudioID
  ) throws -> CoachMealPlanVersion? {
    guard let original = try coachMealPlan(id, version: nil, in: studio) else { return nil }
    let copyName = name ?? String((original.mealPlan.name + " (copy)").prefix(200))
    return try createCoachMealPlan(
      CoachMealPlanDocumentDto(
        name: try CoachProgramPlan.name(copyName, "name"), days: original.plan.days),
      in: studio)
  }

  /// Archives `studio`'s meal plan `id`: it leaves the list and can no longer be assigned, and
  /// its assignees keep it; `false` when the studio has no such plan.
  public func archiveCoachMealPlan(_ id: CoachMealPlanID, in studio: StudioID) throws -> Bool {
    let at = now().milliseconds
    return try write(nil) { db in
      try db.run(
        "UPDATE coach_meal_plans SET archived = 1, updated_at = ? WHERE studio_id = ? AND id = ?",
        [.integer(at), studio.value, .integer(id.rawValue)])
    } == 1
  }

  /// A page of `studio`'s meal plans by id; archived ones only when `archived`.
  public func coachMealPlans(
    in studio: StudioID, page: IDPage, archived: Bool
  ) throws -> [CoachMealPlan] {
    try read { db in
      try db.rows(
        """
        SELECT id, name, version, archived FROM coach_meal_plans
        WHERE studio_id = ? AND id > ? AND (archived = 0 OR ? = 1) ORDER BY id LIMIT ?
        """,
        [studio.value, .integer(page.after), DatabaseValue(archived), DatabaseValue(page.limit)],
        Self.coachMealPlan(row:))
    }
  }

  /// `studio`'s meal plan `id` at `version` (the newest when `nil`); `nil` when the studio has
  /// no such plan or it has no such version.
  public func coachMealPlan(
    _ id: CoachMealPlanID, version: Int?, in studio: StudioID
  ) throws -> CoachMealPlanVersion? {
    let found = try read { db -> (CoachMealPlan, Int, String)? in
      guard let mealPlan = try Self.coachMealPlan(id, in: studio, db) else { return nil }
      let version = version ?? mealPlan.latestVersion
      return try db.row(
        "SELECT plan FROM meal_plan_versions WHERE meal_plan_id = ? AND version = ?",
        [.integer(id.rawValue), DatabaseValue(version)]
      ) { (mealPlan, version, try $0.string(0)) }
    }
    guard let (mealPlan, version, plan) = found else { return nil }
    return CoachMealPlanVersion(
      mealPlan: mealPlan, version: version,
      plan: try Self.decode(NutritionPlanDto.self, plan, "meal plan version"))
  }

  // MARK: Rows

  static func coachMealPlan(
    _ id: CoachMealPlanID, in studio: StudioID, _ db: any DatabaseConnection
  ) throws -> CoachMealPlan? {
    try db.row(
      "SELECT id, name, version, archived FROM coach_meal_plans WHERE studio_id = ? AND id = ?",
      [studio.value, .integer(id.rawValue)], coachMealPlan(row:))
  }

  static func coachMealPlan(row: any DatabaseRow) throws -> CoachMealPlan {
    CoachMealPlan(
      id: CoachMealPlanID(rawValue: try row.int64(0)), name: try row.string(1),
      latestVersion: try row.int(2), archived: try row.int64(3) != 0)
  }

  /// Stores `document` (checked) as `version` of `mealPlan` and returns the plan an assignee
  /// reads.
  static func addVersion(
    _ version: Int, of mealPlan: CoachMealPlanID, _ document: CoachMealPlanDocumentDto,
    at: Int64, _ db: any DatabaseConnection
  ) throws -> NutritionPlanDto {
    let plan = CoachMealPlanDocument.plan(of: document, mealPlan: mealPlan, version: version)
    _ = try db.run(
      """
      INSERT INTO meal_plan_versions (meal_plan_id, version, plan, created_at)
      VALUES (?, ?, ?, ?)
      """,
      [.integer(mealPlan.rawValue), DatabaseValue(version), .text(try json(plan)), .integer(at)])
    return plan
  }
}
