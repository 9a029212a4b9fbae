import Foundation
import ProgressSeries
import SQLStore
import TraineeAPI

// NB: docs/decisions/what-the-coach-sees.md, "Records and progress": `exercise_records` keeps
// each exercise's records per trainee and studio tag (the tag of the log), written in the log's
// transaction with `ExerciseRecords` (the progress view's arithmetic); a coach's read combines
// the rows of the tags the studio may see. A deleted log's exercises are rebuilt from history
// when the log held one of their records, else their counts go down by the log's.

/// The rows of `exercise_records`, as the trainee store writes and reads them in its own
/// transactions; it knows no trainee store.
package enum KeptExerciseRecords {
  /// Adds the done `sets` of a log just stored under `tag` to the trainee's kept records of
  /// their exercises.
  package static func keep(
    _ sets: [LoggedSet], tag: DatabaseValue, trainee: DatabaseValue, _ db: any DatabaseConnection
  ) throws {
    let fresh = ExerciseRecords.of(sets)
    guard !fresh.isEmpty else { return }
    let ids = fresh.keys.sorted()
    let kept = try db.rows(
      """
      SELECT \(columns) FROM exercise_records
      WHERE trainee_id = ? AND studio_id = ?
        AND exercise_id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))
      """, [trainee, tag] + ids.map { .text($0) }, named: columns, ExerciseRecords.init(row:))
    var merged = fresh
    for records in kept {
      merged[records.exerciseId] = records.merged(with: fresh[records.exerciseId]!)
    }
    try save(ids.map { merged[$0]! }, tag: tag, trainee: trainee, db)
  }

  /// What deleting `log` does to the kept records, read before its sets go: the exercises whose
  /// rows must be rebuilt once it is gone (those it holds a record of), with its tag; `nil`
  /// when the trainee has no such log. The others' counts go down here.
  package static func release(
    log: DatabaseValue, trainee: DatabaseValue, _ db: any DatabaseConnection
  ) throws -> (tag: DatabaseValue, exercises: [String])? {
    guard
      let tag = try db.row(
        "SELECT studio_id FROM workout_logs WHERE id = ? AND trainee_id = ?", [log, trainee],
        { try $0.int64(0) })
    else { return nil }
    let counts = try db.rows(
      """
      SELECT exercise_id, COUNT(*) FROM set_history WHERE log_id = ? AND trainee_id = ?
      GROUP BY exercise_id ORDER BY exercise_id
      """, [log, trainee]
    ) { (try $0.string(0), try $0.int(1)) }
    var rebuild: [String] = []
    for (exerciseId, sets) in counts {
      let key: [DatabaseValue] = [trainee, .integer(tag), .text(exerciseId)]
      let holds = try db.row(
        """
        SELECT 1 FROM exercise_records
        WHERE trainee_id = ?1 AND studio_id = ?2 AND exercise_id = ?3
          AND ?4 IN (last_log_id, best_log_id, heaviest_log_id, most_reps_log_id)
        """, key + [log], { try $0.int(0) })
      if holds != nil {
        rebuild.append(exerciseId)
        continue
      }
      _ = try db.run(
        """
        UPDATE exercise_records SET workouts = workouts - 1, sets = sets - ?4
        WHERE trainee_id = ?1 AND studio_id = ?2 AND exercise_id = ?3
        """, key + [DatabaseValue(sets)])
    }
    return (.integer(tag), rebuild)
  }

  /// Rebuilds the trainee's row of `exerciseId` under `tag` from `sets`, the exercise's
  /// remaining sets under that tag, removing it when none is left; after a log is deleted.
  package static func rebuild(
    _ exerciseId: String, from sets: [LoggedSet], tag: DatabaseValue, trainee: DatabaseValue,
    _ db: any DatabaseConnection
  ) throws {
    _ = try db.run(
      "DELETE FROM exercise_records WHERE trainee_id = ? AND studio_id = ? AND exercise_id = ?",
      [trainee, tag, .text(exerciseId)])
    if let records = ExerciseRecords.of(sets)[exerciseId] {
      try save([records], tag: tag, trainee: trainee, db)
    }
  }

  /// The trainee's rows whose tag passes `tagFilter` (a condition on `studio_id`), combined
  /// per exercise, by exercise id.
  package static func combined(
    trainee: DatabaseValue, tagFilter: (sql: String, values: [DatabaseValue]),
    _ db: any DatabaseConnection
  ) throws -> [ExerciseRecords] {
    let rows = try db.rows(
      """
      SELECT \(columns) FROM exercise_records
      WHERE trainee_id = ? AND \(tagFilter.sql)
      ORDER BY exercise_id, studio_id
      """, [trainee] + tagFilter.values, named: columns, ExerciseRecords.init(row:))
    var combined: [ExerciseRecords] = []
    for records in rows {
      if let last = combined.last, last.exerciseId == records.exerciseId {
        combined[combined.count - 1] = last.merged(with: records)
      } else {
        combined.append(records)
      }
    }
    return combined
  }

  /// Writes `records` as the trainee's rows under `tag`, replacing the rows there.
  private static func save(
    _ records: [ExerciseRecords], tag: DatabaseValue, trainee: DatabaseValue,
    _ db: any DatabaseConnection
  ) throws {
    func held(_ set: RecordSet?) -> [DatabaseValue] {
      guard let set else { return [.null, .null, .null, .null] }
      return [
        .integer(Int64(set.logId) ?? 0), .integer(set.performedAt.milliseconds),
        DatabaseValue(set.weightKg), DatabaseValue(set.reps),
      ]
    }
    var values: [DatabaseValue] = []
    for record in records {
      values += [
        trainee, tag, .text(record.exerciseId), .text(record.name),
        DatabaseValue(record.workouts), DatabaseValue(record.sets),
        .integer(record.lastPerformedAt.milliseconds), .integer(Int64(record.lastLogId) ?? 0),
      ]
      values += held(record.bestSet) + held(record.heaviestSet) + held(record.mostRepsSet)
    }
    try upsert.run(values, db)
  }

  private static let upsert = MultiRowInsert(
    "INSERT INTO exercise_records (\(columns))", columns: 20,
    tail: "ON CONFLICT (trainee_id, studio_id, exercise_id) DO UPDATE SET "
      + columns.names.dropFirst(3).map { "\($0) = excluded.\($0)" }.joined(separator: ", "))

  /// The columns of `exercise_records`, in the table's order.
  package static let columns = DatabaseColumns([
    "trainee_id", "studio_id", "exercise_id", "name", "workouts", "sets", "last_performed_at",
    "last_log_id", "best_log_id", "best_performed_at", "best_weight", "best_reps",
    "heaviest_log_id", "heaviest_performed_at", "heaviest_weight", "heaviest_reps",
    "most_reps_log_id", "most_reps_performed_at", "most_reps_weight", "most_reps_reps",
  ])
}

extension ExerciseRecords {
  /// The records of a row that selects `KeptExerciseRecords.columns`.
  package init(row: NamedRow) throws {
    func held(_ prefix: String) throws -> RecordSet? {
      guard let log = try row["\(prefix)_log_id"] as Int64? else { return nil }
      return RecordSet(
        performedAt: Date(milliseconds: try row["\(prefix)_performed_at"]),
        logId: String(log), weightKg: try row["\(prefix)_weight"],
        reps: try row["\(prefix)_reps"])
    }
    self.init(
      exerciseId: try row["exercise_id"], name: try row["name"], workouts: try row["workouts"],
      sets: try row["sets"], lastPerformedAt: Date(milliseconds: try row["last_performed_at"]),
      lastLogId: String(try row["last_log_id"] as Int64), bestSet: try held("best"),
      heaviestSet: try held("heaviest"), mostRepsSet: try held("most_reps"))
  }
}

extension LoggedSet {
  /// The set of a `set_history` row selecting `log_id`, `performed_at`, `workout_number`,
  /// `label`, `exercise_id`, `name`, `set_number`, `set_type`, `weight`, `reps`, `rir`,
  /// `duration_sec`, `distance_km` and `is_record`, dated to the millisecond as the store
  /// keeps it.
  package init(row: NamedRow) throws {
    self.init(
      logId: String(try row["log_id"] as Int64), workoutNumber: try row["workout_number"],
      performedAt: Date(milliseconds: try row["performed_at"]),
      dayLabel: (try row["label"] as String?) ?? "", exerciseId: try row["exercise_id"],
      exerciseName: try row["name"], setNumber: try row["set_number"],
      setType: (try row["set_type"] as String?).flatMap(SetType.init(rawValue:)),
      weightKg: try row["weight"], reps: try row["reps"], rir: try row["rir"],
      durationSec: try row["duration_sec"], distanceKm: try row["distance_km"],
      isRecord: try row["is_record"])
  }
}
