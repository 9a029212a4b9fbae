import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-programs.md, "Assignments": a program is assigned to trainees
// with a live link to the studio, each a row of `program_assignments` naming the version the
// trainee reads (linked: the newest, moved by every edit; copy: the one assigned). Assigning
// again replaces the mode, version and schedule and keeps the date the schedule counts from.
// Every assignee's answer version is raised in the same transaction.

/// What assigning a program did.
public enum ProgramAssignmentOutcome: Equatable, Sendable {
  /// Every trainee has the program now.
  case assigned([CoachProgramAssignment])
  /// The studio has no such program.
  case noProgram
  /// The program is archived: nothing was assigned.
  case archived
  /// The trainee at `index` of the request has no live link to the studio: nothing was
  /// assigned.
  case noTrainee(index: Int)
}

extension DatabaseTraineeStore {
  /// The most trainees one request assigns a program to.
  public static let mostAssigneesAtOnce = 200

  /// Assigns `studio`'s program `id` at its newest version to each of `trainees` as `mode`,
  /// due on `schedule` (`nil`: the program's days a week); all or nothing.
  public func assignCoachProgram(
    _ id: CoachProgramID, to trainees: [TraineeID], mode: AssignmentMode,
    schedule: ProgramSchedule?, in studio: StudioID
  ) throws -> ProgramAssignmentOutcome {
    let at = now()
    var weekdays: Int?
    var perWeek: Int?
    switch schedule {
    case .weekdays(let days): weekdays = days.rawValue
    case .perWeek(let count): perWeek = count
    case nil: break
    }
    return try write(nil) { db -> ProgramAssignmentOutcome in
      guard let program = try Self.coachProgram(id, in: studio, db) else { return .noProgram }
      guard !program.archived else { return .archived }
      if let index = try Self.firstUnlinked(trainees, to: studio, db) {
        return .noTrainee(index: index)
      }
      var made: [CoachProgramAssignment] = []
      for trainee in trainees {
        let today = CalendarDate(at, in: try Self.writeZone(nil, of: trainee, db))
        _ = try db.run(
          """
          INSERT INTO program_assignments (trainee_id, program_id, studio_id, linked, version,
            schedule_weekdays, schedule_per_week, scheduled_from, assigned_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (trainee_id, program_id) DO UPDATE SET linked = excluded.linked,
            version = excluded.version, schedule_weekdays = excluded.schedule_weekdays,
            schedule_per_week = excluded.schedule_per_week, assigned_at = excluded.assigned_at
          """,
          [
            trainee.value, .integer(id.rawValue), studio.value, DatabaseValue(mode == .linked),
            DatabaseValue(program.latestVersion), DatabaseValue(weekdays), DatabaseValue(perWeek),
            .text(today.description), .integer(at.milliseconds),
          ])
        try Self.raiseAnswerVersion(of: trainee, db)
        if !made.contains(where: { $0.trainee == trainee }) {
          made.append(
            CoachProgramAssignment(
              trainee: trainee, program: id, mode: mode, version: program.latestVersion,
              schedule: schedule))
        }
      }
      return .assigned(made)
    }
  }

  /// The plans of the programs assigned to `trainee`, each at the version the trainee reads, in
  /// the order they were assigned: one indexed range and one version row per assignment.
  static func assignedPlans(
    of trainee: TraineeID, _ db: any DatabaseConnection
  ) throws -> [String] {
    try db.rows(
      """
      SELECT v.plan FROM program_assignments AS a
      JOIN program_versions AS v ON v.program_id = a.program_id AND v.version = a.version
      WHERE a.trainee_id = ? ORDER BY a.assigned_at, a.program_id
      """, [trainee.value], { try $0.string(0) })
  }
}
