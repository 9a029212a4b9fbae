import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/what-the-coach-sees.md, "The prescription kept with the log": each import
// writes the programs' days to `program_days`, one row a day (a plan or day id given twice keeps
// its first, as the app starts the first); a log's write reads the one row its `programId` and
// `dayId` name and the substitutions of that day, and keeps both with the log, so the write costs
// the day's size, not the program's, and a later import changes no log.

extension DatabaseTraineeStore {
  /// Replaces `trainee`'s rows of `program_days` with the days of `programs`, in the import's
  /// transaction.
  static func recordProgramDays(
    of programs: TrainingProgramsDto, trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    try db.run("DELETE FROM program_days WHERE trainee_id = ?", [trainee.value])
    var seen: Set<[String]> = []
    var values: [DatabaseValue] = []
    for plan in programs.plans {
      for day in plan.days where seen.insert([plan.id, day.id]).inserted {
        values += [trainee.value, .text(plan.id), .text(day.id), .text(try json(day))]
      }
    }
    try programDayInsert.run(values, db)
  }

  private static let programDayInsert = MultiRowInsert(
    "INSERT INTO program_days (trainee_id, program_id, day_id, document)", columns: 4)

  /// The day `payload` names with the trainee's substitutions of its rows, as the JSON text
  /// kept in `workout_logs.prescribed`; `nil` when the log names no day of the programs.
  static func prescription(
    for payload: LogWorkoutPayload, trainee: TraineeID, _ db: any DatabaseConnection
  ) throws -> String? {
    guard let programId = payload.programId, let dayId = payload.dayId,
      let day = try db.row(
        """
        SELECT document FROM program_days
        WHERE trainee_id = ? AND program_id = ? AND day_id = ?
        """, [trainee.value, .text(programId), .text(dayId)], { try $0.string(0) })
        ?? assignedDay(
          programId, dayId, version: payload.programVersion, trainee: trainee, db)
    else { return nil }
    let swaps = try db.rows(
      """
      SELECT row_id, to_exercise_id FROM substitutions
      WHERE trainee_id = ? AND program_id = ? AND day_id = ?
      ORDER BY row_id
      """, [trainee.value, .text(programId), .text(dayId)]
    ) { (try $0.string(0), try $0.string(1)) }
    // The day's text is spliced in as stored (valid JSON, checked by its table), so the write
    // does not decode and encode it again.
    let substitutions = try json(Dictionary(swaps, uniquingKeysWith: { first, _ in first }))
    return "{\"day\":\(day),\"substitutions\":\(substitutions)}"
  }

  /// The day `dayId` of a coach's program the trainee has assigned (its plan's id is
  /// `CoachProgramPlan.planID`), at the version the log names, else the assignment's, as a
  /// program document's day; `nil` when the trainee has no such assignment, the log names a
  /// version later than the assignment's (a copy's, or a linked one's newest), or the version
  /// has no such day. A version never changes once made, so its day is what was prescribed.
  static func assignedDay(
    _ programId: String, _ dayId: String, version: Int?, trainee: TraineeID,
    _ db: any DatabaseConnection
  ) throws -> String? {
    guard let program = CoachProgramPlan.program(ofPlanID: programId),
      let assigned = try db.row(
        "SELECT version FROM program_assignments WHERE trainee_id = ? AND program_id = ?",
        [trainee.value, program.value], { try $0.int64(0) })
    else { return nil }
    let named = version.map(Int64.init) ?? assigned
    guard named >= 1, named <= assigned,
      let plan = try db.row(
        "SELECT plan FROM program_versions WHERE program_id = ? AND version = ?",
        [program.value, .integer(named)], { try $0.string(0) }),
      let day = try Self.decode(ProgramPlanDto.self, plan, "the plan of program \(program)")
        .days.first(where: { $0.id == dayId })
    else { return nil }
    return try json(day)
  }

  /// The columns of a log read with its prescription.
  private static let prescribedLogColumns = DatabaseColumns(
    WorkoutLogRecord.columns.expressions + ["prescribed"])

  /// One of `trainee`'s logged workouts with the prescription kept with it, as `studio`'s
  /// coaches may see it: `nil` while the trainee has no live link to the studio, `.some(nil)`
  /// when the trainee has no such log or the rule hides it. A log kept no prescription when it
  /// was stored before schema version 22 or named no day of the programs.
  public func workoutLog(
    _ id: WorkoutLogID, of trainee: TraineeID, visibleTo studio: StudioID
  ) throws -> PrescribedWorkoutLog?? {
    try visibleRead(of: trainee, to: studio) { visibility, db in
      let filter = visibility.recordFilter(tagColumn: "studio_id")
      let columns = Self.prescribedLogColumns
      return try db.row(
        """
        SELECT \(columns) FROM workout_logs
        WHERE id = ? AND trainee_id = ? AND \(filter.sql)
        """, [id.value, trainee.value] + filter.values, named: columns
      ) { row in
        let log = try WorkoutLogRecord(row: row)
        let kept: String? = try row["prescribed"]
        return PrescribedWorkoutLog(
          log: log,
          prescription: try kept.map {
            try Self.decode(KeptPrescription.self, $0, "the prescription of workout log \(id)")
          })
      }
    }
  }
}
