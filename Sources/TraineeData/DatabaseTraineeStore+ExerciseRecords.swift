import ExerciseRecordTable
import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/what-the-coach-sees.md, "Records and progress": the store keeps
// `exercise_records` in the log's own transactions (`KeptExerciseRecords`), and reads one
// exercise's sets of the visible tags through `sets_by_exercise` and each set's log.

extension DatabaseTraineeStore {
  /// Adds the done sets of `payload`, just stored as `log` under `tag`, to the trainee's kept
  /// records of its exercises.
  static func keepRecords(
    of payload: LogWorkoutPayload, log: WorkoutLogID, workoutNumber: Int, performedAt: Int64,
    tag: DatabaseValue, trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    let sets = LoggedSet.sets(
      of: payload.entries, logId: log.description, workoutNumber: workoutNumber,
      performedAt: Date(milliseconds: performedAt), dayLabel: payload.label ?? "")
    try KeptExerciseRecords.keep(sets, tag: tag, trainee: trainee.value, db)
  }

  /// Rebuilds the kept records of `exercises` under `tag` from the trainee's remaining sets;
  /// after a log is deleted.
  static func rebuildRecords(
    of exercises: [String], tag: DatabaseValue, trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    for exerciseId in exercises {
      let sets = try exerciseSets(
        exerciseId, trainee: trainee, tagFilter: ("w.studio_id = ?", [tag]), db)
      try KeptExerciseRecords.rebuild(exerciseId, from: sets, tag: tag, trainee: trainee.value, db)
    }
  }

  /// The done sets of one exercise of the trainee in logs matching `tagFilter` (a condition on
  /// the log `w`), done within `window` when given, oldest first; at most `limit` when given.
  static func exerciseSets(
    _ exerciseId: String, trainee: TraineeID, tagFilter: (sql: String, values: [DatabaseValue]),
    window: (from: Int64, to: Int64)? = nil, limit: Int? = nil, _ db: any DatabaseConnection
  ) throws -> [LoggedSet] {
    var values: [DatabaseValue] = [trainee.value, .text(exerciseId)]
    var merged = ""
    var unmerged = ""
    if let window {
      values += [.integer(window.from), .integer(window.to)]
      merged = " AND b.performed_at >= ?3 AND b.performed_at < ?4"
      unmerged = " AND s.performed_at >= ?3 AND s.performed_at < ?4"
    }
    let sets = exerciseSetsSQL(exercise: "?2", merged: merged, unmerged: unmerged)
    return try db.rows(
      """
      SELECT \(Self.loggedSetColumns.qualified(by: "e")) FROM (\(sets)) AS e
      JOIN workout_logs AS w ON w.id = e.log_id AND w.trainee_id = e.trainee_id
      WHERE \(tagFilter.sql)
      ORDER BY e.performed_at, e.log_id, e.position\(limit.map { " LIMIT \($0)" } ?? "")
      """, values + tagFilter.values, named: Self.loggedSetColumns, LoggedSet.init(row:))
  }
}
