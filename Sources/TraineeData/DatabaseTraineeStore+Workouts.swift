import ExerciseRecordTable
import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// an `Idempotency-Key` makes a retried post return the first answer and store nothing twice. Keys
// belong to a trainee (another trainee's same key is a new log), and a key is remembered after its
// log is deleted, so a late retry cannot bring the log back. The same key with another workout is a
// client bug that would otherwise lose that workout without a word: while the key's log exists, the
// retry's payload is compared with it as values (both decoded by this build, so a change of
// encoding between builds, key order or number spelling is not a difference) and another workout is
// refused (`idempotencyKeyReused`, answered 422). Once the log is deleted, its keys keep its
// payload (`deleted_payload`, schema version 6): the same workout gets the first answer marked
// `deleted`, another is refused as before. A 2xx thus always names a log that exists or says it was
// deleted; it never acknowledges a workout it did not store.
// `workoutNumber` is one more than the highest number the trainee was ever given, kept in
// `workout_numbers` (schema version 5): a deletion leaves a gap and never lowers it.

extension DatabaseTraineeStore {
  public func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String?, loggedAt: Date?, studio: StudioID?,
    timeZone: TimeZone?, for trainee: TraineeID
  ) throws -> LoggedWorkout {
    let document = payload.storedJSON
    guard document.utf8.count <= StorageLimits.logBytes else {
      throw TraineeStoreError.tooLarge(
        "The workout log is \(document.utf8.count) bytes as stored; at most"
          + " \(StorageLimits.logBytes) are kept")
    }
    let loggedAt = (loggedAt ?? now()).milliseconds
    // NB: on PostgreSQL `write` first locks the trainee's row, so the posts of one trainee run
    // one after another, each seeing the keys and numbers the one before committed; SQLite's
    // `BEGIN IMMEDIATE` already runs every write one by one.
    return try traineeWrite(trainee, .readCommitted) { db in
      if let idempotencyKey,
        let (earlier, storedPayload, deletedPayload) = try db.row(
          """
          SELECT \(Self.keyColumns)
          FROM idempotency_keys AS k
          LEFT JOIN workout_logs AS l ON l.id = k.log_id AND l.trainee_id = k.trainee_id
          WHERE k.trainee_id = ? AND k.key = ?
          """, [trainee.value, .text(idempotencyKey)], named: Self.keyColumns,
          { row -> (LoggedWorkout, String?, String?) in
            (
              LoggedWorkout(
                id: WorkoutLogID(rawValue: try row["log_id"]),
                workoutNumber: try row["workout_number"]),
              try row["payload"], try row["deleted_payload"]
            )
          })
      {
        var answer = earlier
        answer.deleted = storedPayload == nil
        // A key whose log was deleted before schema version 6 kept no payload to compare with.
        if let firstPayload = storedPayload ?? deletedPayload {
          let first = try Self.decode(
            LogWorkoutPayload.self, firstPayload, "workout log \(earlier.id)")
          guard first == payload else {
            throw TraineeStoreError.idempotencyKeyReused(idempotencyKey)
          }
        }
        return answer
      }
      let (number, merged) =
        try db.row(
          """
          INSERT INTO workout_numbers (trainee_id, last_number) VALUES (?, 1)
          ON CONFLICT (trainee_id) DO UPDATE SET last_number = workout_numbers.last_number + 1
          RETURNING \(Self.numberColumns)
          """, [trainee.value], named: Self.numberColumns
        ) { row -> (Int, Int) in (try row["last_number"], try row["merged_number"]) } ?? (1, 0)
      let tag = try Self.studioTag(studio, now: loggedAt, db)
      let prescribed = try Self.prescription(for: payload, trainee: trainee, db)
      let id = try insertRecord(
        .workoutLog,
        [
          "trainee_id": trainee.value, "workout_number": DatabaseValue(number),
          "logged_at": .integer(loggedAt), "payload": .text(document), "studio_id": tag,
          "prescribed": DatabaseValue(prescribed),
        ], of: trainee, db)
      let logged = LoggedWorkout(id: WorkoutLogID(rawValue: id), workoutNumber: number)
      try Self.recordSetHistory(
        of: payload, log: logged.id, workoutNumber: number, performedAt: loggedAt,
        trainee: trainee, db)
      // A retry above stored nothing and is never refused; a new log counts with its key and
      // the texts its done sets repeat.
      try charge(
        .workoutLogs, records: 1,
        bytes: document.utf8.count + idempotencyKey.byteCount
          + setCopyBytes(of: logged.id, trainee: trainee, db), of: trainee, db)
      if number - merged >= Self.logsPerMerge {
        try Self.mergeSetsByExercise(of: trainee, after: merged, through: number, db)
      }
      try Self.recordInHistory(
        of: payload, log: logged.id, loggedAt: loggedAt, trainee: trainee, db)
      try Self.keepRecords(
        of: payload, log: logged.id, workoutNumber: number, performedAt: loggedAt, tag: tag,
        trainee: trainee, db)
      let summary = WorkoutLogSummary(
        id: logged.id, workoutNumber: number, loggedAt: Date(milliseconds: loggedAt),
        payload: payload)
      let localDate = CalendarDate(
        summary.loggedAt, in: try Self.writeZone(timeZone, of: trainee, db)
      ).description
      try Self.recordSummary(
        summary, localDate: localDate, setCount: payload.setCount, trainee: trainee, studio: tag,
        db)
      try Self.countWorkout(
        on: localDate, studio: tag, setsDone: summary.doneSetCount,
        setsPrescribed: payload.setCount, sign: 1, of: trainee, db)
      if let idempotencyKey {
        try db.run(
          """
          INSERT INTO idempotency_keys (trainee_id, key, log_id, workout_number, created_at)
          VALUES (?, ?, ?, ?, ?)
          """,
          [
            trainee.value, .text(idempotencyKey), logged.id.value, DatabaseValue(number),
            .integer(loggedAt),
          ])
      }
      // NB: docs/decisions/the-coachs-events.md, "Appended with the write": last, so the
      // studios' heads are locked for the commit only.
      let at = now().milliseconds
      try Self.appendEvent(.workoutLogged, trainee: trainee, tag: tag, subject: id, at: at, db)
      if payload.hasTraineeWords {
        try Self.appendEvent(.traineeWords, trainee: trainee, tag: tag, subject: id, at: at, db)
      }
      return logged
    }
  }

  /// The columns of an `Idempotency-Key` (`k`) and its log (`l`) a retry is answered from.
  private static let keyColumns = DatabaseColumns([
    "k.log_id", "k.workout_number", "l.payload", "k.deleted_payload",
  ])

  /// The columns of `workout_numbers` a log post reads back: the number it took, and the last one
  /// merged into `sets_by_exercise`.
  private static let numberColumns = DatabaseColumns(["last_number", "merged_number"])

  // NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and
  // storage": a new log has the highest id of the trainee's logs (see
  // docs/decisions/the-server-under-hostile-input.md, "Authentication answers and ids"), so it
  // becomes the latest log of every exercise it has a done strength set of (unless it is dated
  // before that exercise's latest: a workout imported with its original date is not "last time",
  // docs/decisions/history-progress-and-moving-data.md "History export and import"), and its best
  // set replaces the kept best only when its estimate is strictly higher (the kept one is earlier,
  // and wins a tie). The log's candidates are found here, from the payload in hand, and written in
  // one statement that touches the trainee's rows of the exercises in the log, not the history.

  /// Makes `log`, just stored with its sets, part of `exercise_history`.
  private static func recordInHistory(
    of payload: LogWorkoutPayload, log: WorkoutLogID, loggedAt: Int64, trainee: TraineeID,
    _ db: any DatabaseConnection
  ) throws {
    var exercises: [String] = []
    var bests: [String: (position: Int, weight: Double, reps: Int)] = [:]
    for (entryIndex, entry) in payload.entries.enumerated() {
      for (setIndex, set) in entry.sets.enumerated() {
        guard case .strength(let set) = set, set.done else { continue }
        if !exercises.contains(entry.exerciseId) { exercises.append(entry.exerciseId) }
        guard let weight = set.weight, let reps = set.reps, weight > 0, reps > 0,
          set.setType != .warmup
        else { continue }
        let estimate = weight * Double(30 + reps)
        if let best = bests[entry.exerciseId], best.weight * Double(30 + best.reps) >= estimate {
          continue
        }
        bests[entry.exerciseId] = (entryIndex * 1000 + setIndex, weight, reps)
      }
    }
    var values: [DatabaseValue] = []
    values.reserveCapacity(exercises.count * exerciseHistoryUpsert.columns)
    for exerciseId in exercises {
      let best = bests[exerciseId]
      values += [
        trainee.value, .text(exerciseId), log.value, best == nil ? .null : log.value,
        DatabaseValue(best?.position), DatabaseValue(best?.weight), DatabaseValue(best?.reps),
      ]
    }
    try exerciseHistoryUpsert.run(values, tail: [.integer(loggedAt)], db)
  }

  private static let betterBest = """
    excluded.best_log_id IS NOT NULL AND (exercise_history.best_log_id IS NULL
      OR excluded.best_weight * (30 + excluded.best_reps)
        > exercise_history.best_weight * (30 + exercise_history.best_reps))
    """

  private static let exerciseHistoryUpsert = MultiRowInsert(
    """
    INSERT INTO exercise_history (trainee_id, exercise_id, last_log_id, best_log_id,
      best_position, best_weight, best_reps)
    """, columns: 7,
    tail: """
      ON CONFLICT (trainee_id, exercise_id) DO UPDATE SET
        last_log_id = CASE
          WHEN (SELECT logged_at FROM workout_logs WHERE id = exercise_history.last_log_id)
            <= ? THEN excluded.last_log_id ELSE exercise_history.last_log_id END,
        best_log_id = CASE WHEN \(betterBest) THEN excluded.best_log_id
          ELSE exercise_history.best_log_id END,
        best_position = CASE WHEN \(betterBest) THEN excluded.best_position
          ELSE exercise_history.best_position END,
        best_weight = CASE WHEN \(betterBest) THEN excluded.best_weight
          ELSE exercise_history.best_weight END,
        best_reps = CASE WHEN \(betterBest) THEN excluded.best_reps
          ELSE exercise_history.best_reps END
      """)

  /// Recomputes the `exercise_history` row of one exercise from the trainee's remaining sets,
  /// removing it when no done set is left; used when a log is deleted.
  private static func recomputeHistory(
    of exerciseId: String, trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    let key: [DatabaseValue] = [trainee.value, .text(exerciseId)]
    try db.run("DELETE FROM exercise_history WHERE trainee_id = ?1 AND exercise_id = ?2", key)
    let strength = " AND s.is_strength = 1"
    let counts =
      strength
      + " AND s.weight > 0 AND s.reps > 0 AND (s.set_type IS NULL OR s.set_type <> 'warmup')"
    let latestSets = exerciseSetsSQL(
      exercise: "?2", merged: strength,
      mergedOrder: "ORDER BY b.performed_at DESC, b.log_id DESC LIMIT 1", unmerged: strength)
    let countingSets = exerciseSetsSQL(exercise: "?2", merged: counts, unmerged: counts)
    try db.run(
      """
      INSERT INTO exercise_history (trainee_id, exercise_id, last_log_id, best_log_id,
        best_position, best_weight, best_reps)
      SELECT ?1, ?2, latest.log_id, best.log_id, best.position, best.weight, best.reps
      FROM (
        SELECT e.log_id FROM (\(latestSets)) AS e
        ORDER BY e.performed_at DESC, e.log_id DESC LIMIT 1
      ) AS latest
      LEFT JOIN (
        SELECT e.log_id, e.position, e.weight, e.reps FROM (\(countingSets)) AS e
        ORDER BY e.weight * (30 + e.reps) DESC, e.log_id, e.position LIMIT 1
      ) AS best ON true
      """, key)
  }

  public func workoutHistory(for trainee: TraineeID) throws -> [WorkoutLogRecord] {
    try read { db in
      try db.rows(
        """
        SELECT \(WorkoutLogRecord.columns) FROM workout_logs
        WHERE trainee_id = ? ORDER BY id DESC
        """, [trainee.value], named: WorkoutLogRecord.columns, WorkoutLogRecord.init(row:))
    }
  }

  public func workoutLog(_ id: WorkoutLogID, for trainee: TraineeID) throws -> WorkoutLogRecord? {
    try read { db in
      try db.row(
        """
        SELECT \(WorkoutLogRecord.columns) FROM workout_logs
        WHERE id = ? AND trainee_id = ?
        """, [id.value, trainee.value], named: WorkoutLogRecord.columns,
        WorkoutLogRecord.init(row:))
    }
  }

  public func deleteWorkoutLog(_ id: WorkoutLogID, for trainee: TraineeID) throws -> Bool {
    try traineeWrite(trainee, .serializable) { db in
      // Only the exercises whose latest log or best set is in this log change.
      let affected = try db.rows(
        """
        SELECT exercise_id FROM exercise_history
        WHERE trainee_id = ?1 AND (last_log_id = ?2 OR best_log_id = ?2)
        """, [trainee.value, id.value]
      ) { try $0.string(0) }
      // The log's keys keep its payload, so a retry of another workout under one is refused.
      let keptByKeys = try db.run(
        """
        UPDATE idempotency_keys SET deleted_payload = (
          SELECT payload FROM workout_logs WHERE id = ?1 AND trainee_id = ?2)
        WHERE trainee_id = ?2 AND log_id = ?1
        """, [id.value, trainee.value])
      let copies = try setCopyBytes(of: id, trainee: trainee, db)
      let records = try KeptExerciseRecords.release(log: id.value, trainee: trainee.value, db)
      try Self.unmergeSetsByExercise(of: id, trainee: trainee, db)
      try Self.uncountWorkout(id, of: trainee, db)
      // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput:
      // kept answers, group commit and paged history", "foreign keys declared, not checked by
      // SQLite": the log's rows in other tables go here, not by the foreign key's cascade (which
      // PostgreSQL still runs, finding none).
      for table in ["set_history", "workout_summaries", "workout_reviews"] {
        try db.run(
          "DELETE FROM \(table) WHERE log_id = ?1 AND trainee_id = ?2", [id.value, trainee.value])
      }
      guard
        let (bytes, tag) = try db.row(
          """
          DELETE FROM workout_logs WHERE id = ? AND trainee_id = ?
          RETURNING \(byteLength("payload")), studio_id
          """, [id.value, trainee.value], { (try $0.int(0), try $0.value(1)) })
      else { return false }
      // A payload its key keeps still counts (docs/security.md, "One trainee cannot fill the
      // disk"); the sets' copies are gone.
      if keptByKeys == 0 {
        try charge(.workoutLogs, records: -1, bytes: -(bytes + copies), of: trainee, db)
      } else {
        try charge(.workoutLogs, records: 0, bytes: -copies, of: trainee, db)
      }
      for exerciseId in affected {
        try Self.recomputeHistory(of: exerciseId, trainee: trainee, db)
      }
      if let records {
        try Self.rebuildRecords(of: records.exercises, tag: records.tag, trainee: trainee, db)
      }
      try Self.appendEvent(
        .workoutDeleted, trainee: trainee, tag: tag, subject: id.rawValue,
        at: now().milliseconds, db)
      return true
    }
  }

  // NB: docs/decisions/the-live-workout.md, "Workout engine": the best set is the done set with
  // positive weight and reps and the highest Epley estimate, weight x (1 + reps / 30), the earliest
  // on a tie; a set logged as a warm-up never counts. The queries (and `recordInHistory`) order by
  // weight x (30 + reps), the estimate times 30, which ranks alike and keeps equal estimates
  // exactly equal.
  // docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
  // both answers are read from `exercise_history`, one row per exercise, and the latest log's sets
  // by their key, so the cost follows the number of exercises, not the number of logged sets.
  // `CROSS JOIN` keeps `exercise_history` the outer loop: without statistics SQLite could otherwise
  // walk all of the trainee's sets.

  public func exerciseHistory(for trainee: TraineeID) throws -> [String: ExerciseHistory] {
    try read { db in
      let lastSets = try db.rows(
        """
        SELECT \(Self.lastSetColumns) FROM exercise_history AS h
        CROSS JOIN set_history AS s
        WHERE h.trainee_id = ? AND s.log_id = h.last_log_id AND s.trainee_id = h.trainee_id
          AND s.exercise_id = h.exercise_id AND s.is_strength = 1
        ORDER BY h.exercise_id, s.position
        """, [trainee.value], named: Self.lastSetColumns
      ) { row in
        let set = LastSetDto(
          setNumber: try row["set_number"],
          weight: (try row["weight"] as Double?).map(WireNumber.text),
          reps: (try row["reps"] as Int?).map(String.init))
        return (exerciseId: try row["exercise_id"] as String, set: set)
      }
      let bests = try db.rows(
        """
        SELECT \(Self.bestColumns) FROM exercise_history
        WHERE trainee_id = ? AND best_log_id IS NOT NULL
        """, [trainee.value], named: Self.bestColumns
      ) { row in
        (
          exerciseId: try row["exercise_id"] as String,
          best: BestDto(weight: try row["best_weight"], reps: try row["best_reps"])
        )
      }
      var history: [String: ExerciseHistory] = [:]
      for (exerciseId, set) in lastSets {
        history[exerciseId, default: ExerciseHistory()].lastSets.append(set)
      }
      for (exerciseId, best) in bests {
        history[exerciseId, default: ExerciseHistory()].best = best
      }
      return history
    }
  }

  /// The columns of the latest log's sets (`s`) of each exercise (`h`).
  private static let lastSetColumns = DatabaseColumns([
    "h.exercise_id", "s.set_number", "s.weight", "s.reps",
  ])

  /// The columns of each exercise's best set.
  private static let bestColumns = DatabaseColumns(["exercise_id", "best_weight", "best_reps"])
}
