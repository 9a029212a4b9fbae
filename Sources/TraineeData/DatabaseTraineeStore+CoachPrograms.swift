import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-programs.md, "Programs and versions": a program's every edit is a
// new row of `program_versions` (the document as checked, and the plan rendered from it and the
// library at that moment); older versions stay readable. In the edit's transaction every linked
// assignment moves to the new version and each assignee's answer version is raised, so a write
// costs one row per linked assignee and the trainee's read stays one version per assignment.

extension DatabaseTraineeStore {
  /// A new program of `studio` at version 1, from `document`; throws `invalid` at the path of
  /// its first bad value, an exercise the studio's library lacks (or archived) included.
  public func createCoachProgram(
    _ document: CoachProgramDocumentDto, in studio: StudioID
  ) throws -> CoachProgramVersion {
    let checked = try CoachProgramPlan.checked(document)
    let at = now().milliseconds
    return try write(nil) { db in
      let id = CoachProgramID(
        rawValue: try insertWithNewID(
          [
            "studio_id": studio.value, "name": .text(checked.name), "version": 1,
            "created_at": .integer(at), "updated_at": .integer(at),
          ], into: "coach_programs", db))
      let plan = try Self.addVersion(1, of: id, checked, in: studio, at: at, db)
      return CoachProgramVersion(
        program: CoachProgram(id: id, name: checked.name, latestVersion: 1, archived: false),
        version: 1, document: checked, plan: plan)
    }
  }

  /// A new version of `studio`'s program `id` from `document`, which every linked assignee
  /// reads from now on; `nil` when the studio has no such program.
  public func editCoachProgram(
    _ id: CoachProgramID, _ document: CoachProgramDocumentDto, in studio: StudioID
  ) throws -> CoachProgramVersion? {
    let checked = try CoachProgramPlan.checked(document)
    let at = now().milliseconds
    return try write(nil) { db in
      guard let program = try Self.coachProgram(id, in: studio, db) else { return nil }
      let version = program.latestVersion + 1
      let plan = try Self.addVersion(version, of: id, checked, in: studio, at: at, db)
      _ = try db.run(
        "UPDATE coach_programs SET name = ?, version = ?, updated_at = ? WHERE id = ?",
        [.text(checked.name), DatabaseValue(version), .integer(at), .integer(id.rawValue)])
      let assignees = try db.rows(
        """
        UPDATE program_assignments SET version = ? WHERE program_id = ? AND linked = 1
        RETURNING trainee_id
        """, [DatabaseValue(version), .integer(id.rawValue)], { try $0.int64(0) })
      for trainee in assignees.sorted() {
        try Self.raiseAnswerVersion(of: TraineeID(rawValue: trainee), db)
      }
      var edited = program
      edited.name = checked.name
      edited.latestVersion = version
      return CoachProgramVersion(program: edited, version: version, document: checked, plan: plan)
    }
  }

  /// A new program of `studio` at version 1 with the newest document of its program `id`, named
  /// `name` (the original's and ` (copy)` when `nil`); `nil` when the studio has no such program.
  public func copyCoachProgram(
    _ id: CoachProgramID, name: String?, in studio: StudioID
  ) throws -> CoachProgramVersion? {
    guard let original = try coachProgram(id, version: nil, in: studio) else { return nil }
    var document = original.document
    let copyName = name ?? String((original.program.name + " (copy)").prefix(200))
    document.name = try CoachProgramPlan.name(copyName, "name")
    return try createCoachProgram(document, in: studio)
  }

  /// Archives `studio`'s program `id`: it leaves the list and can no longer be assigned, and
  /// its assignees keep it; `false` when the studio has no such program.
  public func archiveCoachProgram(_ id: CoachProgramID, in studio: StudioID) throws -> Bool {
    let at = now().milliseconds
    return try write(nil) { db in
      try db.run(
        "UPDATE coach_programs SET archived = 1, updated_at = ? WHERE studio_id = ? AND id = ?",
        [.integer(at), studio.value, .integer(id.rawValue)])
    } == 1
  }

  /// A page of `studio`'s programs by id; archived ones only when `archived`.
  public func coachPrograms(
    in studio: StudioID, page: IDPage, archived: Bool
  ) throws -> [CoachProgram] {
    try read { db in
      try db.rows(
        """
        SELECT id, name, version, archived FROM coach_programs
        WHERE studio_id = ? AND id > ? AND (archived = 0 OR ? = 1) ORDER BY id LIMIT ?
        """,
        [studio.value, .integer(page.after), DatabaseValue(archived), DatabaseValue(page.limit)],
        Self.coachProgram(row:))
    }
  }

  /// `studio`'s program `id` at `version` (the newest when `nil`); `nil` when the studio has no
  /// such program or it has no such version.
  public func coachProgram(
    _ id: CoachProgramID, version: Int?, in studio: StudioID
  ) throws -> CoachProgramVersion? {
    let found = try read { db -> (CoachProgram, Int, String, String)? in
      guard let program = try Self.coachProgram(id, in: studio, db) else { return nil }
      let version = version ?? program.latestVersion
      return try db.row(
        "SELECT document, plan FROM program_versions WHERE program_id = ? AND version = ?",
        [.integer(id.rawValue), DatabaseValue(version)]
      ) { (program, version, try $0.string(0), try $0.string(1)) }
    }
    guard let (program, version, document, plan) = found else { return nil }
    return CoachProgramVersion(
      program: program, version: version,
      document: try Self.decode(CoachProgramDocumentDto.self, document, "program version"),
      plan: try Self.decode(ProgramPlanDto.self, plan, "program plan"))
  }

  // MARK: Rows

  static func coachProgram(
    _ id: CoachProgramID, in studio: StudioID, _ db: any DatabaseConnection
  ) throws -> CoachProgram? {
    try db.row(
      "SELECT id, name, version, archived FROM coach_programs WHERE studio_id = ? AND id = ?",
      [studio.value, .integer(id.rawValue)], coachProgram(row:))
  }

  static func coachProgram(row: any DatabaseRow) throws -> CoachProgram {
    CoachProgram(
      id: CoachProgramID(rawValue: try row.int64(0)), name: try row.string(1),
      latestVersion: try row.int(2), archived: try row.int64(3) != 0)
  }

  /// Renders `document` (checked) with `studio`'s library as it is now, stores it as `version`
  /// of `program` and returns the plan.
  static func addVersion(
    _ version: Int, of program: CoachProgramID, _ document: CoachProgramDocumentDto,
    in studio: StudioID, at: Int64, _ db: any DatabaseConnection
  ) throws -> ProgramPlanDto {
    var library: [LibraryExerciseID: LibraryExercise] = [:]
    for id in CoachProgramPlan.exerciseIDs(of: document) {
      guard let exercise = try libraryExercise(id, in: studio, db), !exercise.archived else {
        continue
      }
      library[id] = exercise
      // A row's default substitutes come from the exercise; archived ones are left out.
      for substitute in exercise.substitutes where library[substitute] == nil {
        if let other = try libraryExercise(substitute, in: studio, db), !other.archived {
          library[substitute] = other
        }
      }
    }
    let plan = try CoachProgramPlan.plan(
      of: document, program: program, version: version, library: library)
    let size = ProgramAssignment.size(of: TrainingProgramsDto(plans: [plan]))
    _ = try db.run(
      """
      INSERT INTO program_versions (program_id, version, document, plan, days_a_week,
        sets_per_workout, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(program.rawValue), DatabaseValue(version), .text(try json(document)),
        .text(try json(plan)), DatabaseValue(size.daysAWeek), DatabaseValue(size.setsPerWorkout),
        .integer(at),
      ])
    return plan
  }
}
