import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/history-progress-and-moving-data.md "Paged logged sets": a page is read by
// keyset, `(performed_at, log_id, position)` after the cursor, by date through the trainee's
// workouts and by exercise through `sets_by_exercise` and the logs not merged into it yet, so its
// cost is the page's length however long the history; `StorageLimits`-style bounds keep the page
// itself bounded.

/// Which of a trainee's done sets to read, and from where.
public struct LoggedSetQuery: Equatable, Sendable {
  /// Only this exercise's sets; `nil`: every exercise's.
  public var exerciseId: String?
  /// Only sets of workouts done at or after this instant.
  public var from: Date?
  /// Only sets of workouts done before this instant.
  public var to: Date?
  /// The last set of the previous page; `nil` for the first page.
  public var after: LoggedSetCursor?
  /// How many sets at most, from 1 to ``maximumLimit``.
  public var limit: Int

  /// The most sets a page holds.
  public static let maximumLimit = 500
  /// A page's length when the client names none.
  public static let defaultLimit = 100

  /// A query.
  public init(
    exerciseId: String? = nil, from: Date? = nil, to: Date? = nil,
    after: LoggedSetCursor? = nil, limit: Int = defaultLimit
  ) {
    self.exerciseId = exerciseId
    self.from = from
    self.to = to
    self.after = after
    self.limit = min(max(limit, 1), Self.maximumLimit)
  }
}

/// Where a page of sets ended: `<performed-at ms>.<log id>.<position>` on the wire.
public struct LoggedSetCursor: Equatable, Sendable, CustomStringConvertible {
  public var performedAt: Int64
  public var logId: Int64
  public var position: Int64

  /// A cursor.
  public init(performedAt: Int64, logId: Int64, position: Int64) {
    self.performedAt = performedAt
    self.logId = logId
    self.position = position
  }

  /// The cursor `text` spells, or `nil` when it is not three non-negative decimal integers.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 18 }),
      let performedAt = Int64(parts[0]), let logId = Int64(parts[1]),
      let position = Int64(parts[2]), performedAt >= 0, logId >= 0, position >= 0,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    else { return nil }
    self.init(performedAt: performedAt, logId: logId, position: position)
  }

  /// A position after every set of a log (a set's is at most 99,099): a cursor with it names the
  /// end of its log.
  public static let pastEverySet: Int64 = 999_999

  public var description: String { "\(performedAt).\(logId).\(position)" }
}

/// One page of sets and where the next one starts.
public struct LoggedSetPage: Equatable, Sendable {
  public var sets: [LoggedSetDto]
  /// The cursor of the page's last set when more follow; `nil` on the last page.
  public var next: LoggedSetCursor?
}

extension DatabaseTraineeStore {
  /// Keeps the done sets of a log one per row in `set_history`, in the log's transaction: the
  /// paged sets, and the last and best sets of each exercise (`exerciseHistory`).
  static func recordSetHistory(
    of payload: LogWorkoutPayload, log: WorkoutLogID, workoutNumber: Int, performedAt: Int64,
    trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    var values: [DatabaseValue] = []
    values.reserveCapacity(
      payload.entries.reduce(0) { $0 + $1.sets.count } * setHistoryInsert.columns)
    for (entryIndex, entry) in payload.entries.enumerated() {
      for (setIndex, set) in entry.sets.enumerated() {
        let kind: [DatabaseValue]
        switch set {
        case .strength(let set) where set.done:
          kind = [
            DatabaseValue(set.setNumber), DatabaseValue(set.setType?.rawValue),
            DatabaseValue(set.weight), DatabaseValue(set.reps), DatabaseValue(set.rir), .null,
            .null, set.isRecord.map { DatabaseValue($0) } ?? .null, .integer(1),
          ]
        case .cardio(let set) where set.done:
          kind = [
            DatabaseValue(set.setNumber), .null, .null, .null, .null,
            DatabaseValue(set.durationSec), DatabaseValue(set.distanceKm), .null, .integer(0),
          ]
        default: continue
        }
        values += [
          log.value, DatabaseValue(entryIndex * 1000 + setIndex), trainee.value,
          .integer(performedAt), DatabaseValue(workoutNumber), DatabaseValue(payload.label),
          .text(entry.exerciseId), .text(entry.name),
        ]
        values += kind
      }
    }
    try setHistoryInsert.run(values, db)
  }

  private static let setHistoryInsert = MultiRowInsert(
    """
    INSERT INTO set_history (log_id, position, trainee_id, performed_at, workout_number,
      label, exercise_id, name, set_number, set_type, weight, reps, rir, duration_sec,
      distance_km, is_record, is_strength)
    """, columns: 17)

  /// How many logs of a trainee go into `sets_by_exercise` together: a read by exercise takes
  /// the sets of at most one fewer from `set_history` (Schema/Version13.swift).
  static let logsPerMerge = 16

  /// Puts the done sets of the trainee's logs numbered after `merged` through `number` into
  /// `sets_by_exercise`, and marks them merged.
  static func mergeSetsByExercise(
    of trainee: TraineeID, after merged: Int, through number: Int, _ db: any DatabaseConnection
  ) throws {
    try db.run(
      """
      INSERT INTO sets_by_exercise (trainee_id, exercise_id, performed_at, log_id, position)
      SELECT s.trainee_id, s.exercise_id, s.performed_at, s.log_id, s.position
      FROM workout_logs AS w CROSS JOIN set_history AS s
      WHERE w.trainee_id = ?1 AND w.workout_number > ?2 AND w.workout_number <= ?3
        AND s.log_id = w.id
      """, [trainee.value, DatabaseValue(merged), DatabaseValue(number)])
    try db.run(
      "UPDATE workout_numbers SET merged_number = ?2 WHERE trainee_id = ?1",
      [trainee.value, DatabaseValue(number)])
  }

  /// Takes the keys of the trainee's log's sets out of `sets_by_exercise` (none when it was not
  /// merged, or is not the trainee's); before the log itself is deleted.
  static func unmergeSetsByExercise(
    of log: WorkoutLogID, trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    try db.run(
      """
      DELETE FROM sets_by_exercise
      WHERE (trainee_id, exercise_id, performed_at, log_id, position) IN (
        SELECT trainee_id, exercise_id, performed_at, log_id, position FROM set_history
        WHERE log_id = ?1 AND trainee_id = ?2)
      """, [log.value, trainee.value])
  }

  /// A statement of the done sets of one exercise of the trainee `?1` (`exercise` names the
  /// exercise's parameter), each as its `set_history` row, in no order: the merged ones through
  /// `sets_by_exercise` (`b`) and those of the logs not merged yet. `merged` and `unmerged` add
  /// conditions (each `""` or starting with ` AND`) on `b` or `s` to each part; `mergedOrder`
  /// orders and limits the merged part (`ORDER BY b... LIMIT ...`), so that a page or the latest
  /// set reads a bounded range of the table whatever the history's length.
  static func exerciseSetsSQL(
    exercise: String, merged: String = "", mergedOrder: String = "", unmerged: String = ""
  ) -> String {
    """
    SELECT * FROM (
      SELECT s.* FROM sets_by_exercise AS b CROSS JOIN set_history AS s
      WHERE b.trainee_id = ?1 AND b.exercise_id = \(exercise)\(merged)
        AND s.log_id = b.log_id AND s.position = b.position
      \(mergedOrder)
    ) AS m
    UNION ALL
    SELECT s.* FROM workout_logs AS w CROSS JOIN set_history AS s
    WHERE w.trainee_id = ?1 AND w.workout_number > COALESCE(
        (SELECT n.merged_number FROM workout_numbers AS n WHERE n.trainee_id = ?1), 0)
      AND s.log_id = w.id AND s.exercise_id = \(exercise)\(unmerged)
    """
  }

  public func loggedSets(_ query: LoggedSetQuery, for trainee: TraineeID) throws -> LoggedSetPage {
    let after = query.after ?? LoggedSetCursor(performedAt: -1, logId: -1, position: -1)
    var values: [DatabaseValue] = [
      trainee.value, .integer(after.performedAt), .integer(after.logId),
    ]
    func parameter(_ value: DatabaseValue) -> String {
      values.append(value)
      return "?\(values.count)"
    }
    let byDate = query.exerciseId == nil
    let exerciseId = query.exerciseId.map { parameter(.text($0)) }
    let from = query.from.map { parameter(.integer($0.milliseconds)) }
    let to = query.to.map { parameter(.integer($0.milliseconds)) }
    // Both statements take the parameters so far; then the last workout's takes how many
    // workouts, and the page's the rest.
    let lastLogValues = values + [DatabaseValue(query.limit + Self.logsBeyondAPage)]
    let logs = "?\(lastLogValues.count)"
    let position = parameter(.integer(after.position))
    let limit = parameter(DatabaseValue(query.limit + 1))
    let sql = Self.loggedSetsSQL(
      exerciseId: exerciseId, from: from, to: to, position: position, limit: limit,
      lastLog: byDate ? (logs, "?\(values.count + 1)", "?\(values.count + 2)") : nil)
    return try read { [values] db in
      var lastLog: LoggedSetCursor?
      var pageValues = values
      if let lastLogSQL = sql.lastLog {
        lastLog = try db.row(lastLogSQL, lastLogValues, named: Self.lastLogColumns) {
          LoggedSetCursor(
            performedAt: try $0["logged_at"], logId: try $0["log_id"],
            position: LoggedSetCursor.pastEverySet)
        }
        pageValues += [
          .integer(lastLog?.performedAt ?? .max), .integer(lastLog?.logId ?? .max),
        ]
      }
      let rows = try db.rows(sql.sets, pageValues, named: Self.loggedSetColumns) { row in
        let cursor = LoggedSetCursor(
          performedAt: try row["performed_at"], logId: try row["log_id"],
          position: try row["position"])
        return (cursor, try LoggedSetDto(row: row, cursor: cursor))
      }
      if rows.count > query.limit {
        let page = rows.prefix(query.limit)
        return LoggedSetPage(sets: page.map(\.1), next: page.last?.0)
      }
      // Every set up to the last workout read is in the page; when the read stopped there (a run
      // of workouts without a done set), the next page starts after it.
      return LoggedSetPage(sets: rows.map(\.1), next: lastLog)
    }
  }

  // NB: docs/decisions/history-progress-and-moving-data.md "Paged logged sets", "by date through
  // the workouts": a page by date walks the trainee's workouts by `workout_summaries_by_date` and
  // each one's sets by `set_history`'s key, rather than an index of every set by date that each log
  // post had to write (one more B-tree, and one more page, per set stored). A workout without a
  // done set gives no row, so the walk stops at the workout a page's length and `logsBeyondAPage`
  // past the cursor's: a page is full unless that many were empty, and then it ends early, its
  // `next` after that workout.

  /// The columns of `set_history` a page's sets are read from (`LoggedSetDto.init(row:cursor:)`);
  /// the first three are the cursor.
  static let loggedSetColumns = DatabaseColumns([
    "performed_at", "log_id", "position", "workout_number", "label", "exercise_id", "name",
    "set_number", "set_type", "weight", "reps", "rir", "duration_sec", "distance_km", "is_record",
  ])

  /// The columns of the last workout a page by date may read.
  static let lastLogColumns = DatabaseColumns(["w.logged_at", "w.log_id"])

  /// How many workouts beyond a page's length a page by date reads at most: one for the cursor's
  /// own workout (whose sets may all be behind it) and one to tell whether more sets follow.
  static let logsBeyondAPage = 2

  /// The statements of a page: its sets, and (by date only) the last workout it may read. `?1`
  /// is the trainee and `?2`, `?3` the cursor's date and log; the rest name their parameters.
  /// `lastLog` (by date only: `nil` when `exerciseId` is given) names the parameters of the last
  /// workout read: how many workouts at most (in the last workout's statement), and that
  /// workout's date and log (in the page's; `Int64.max` when the trainee has fewer).
  static func loggedSetsSQL(
    exerciseId: String?, from: String?, to: String?, position: String, limit: String,
    lastLog: (logs: String, at: String, log: String)?
  ) -> (sets: String, lastLog: String?) {
    let columns = Self.loggedSetColumns.qualified(by: "s")
    guard let lastLog else {
      // After the cursor and within the dates, in `sets_by_exercise` (`b`) or `set_history`.
      func after(_ table: String) -> String {
        [
          "(\(table).performed_at, \(table).log_id, \(table).position) > (?2, ?3, \(position))",
          from.map { "\(table).performed_at >= \($0)" }, to.map { "\(table).performed_at < \($0)" },
        ].compactMap { $0 }.map { " AND \($0)" }.joined()
      }
      let sets = Self.exerciseSetsSQL(
        exercise: exerciseId ?? "NULL", merged: after("b"),
        mergedOrder: "ORDER BY b.performed_at, b.log_id, b.position LIMIT \(limit)",
        unmerged: after("s"))
      return (
        """
        SELECT \(columns)
        FROM (\(sets)) AS s
        ORDER BY s.performed_at, s.log_id, s.position LIMIT \(limit)
        """, nil
      )
    }
    let dates = [from.map { "w.logged_at >= \($0)" }, to.map { "w.logged_at < \($0)" }]
      .compactMap { $0 }.map { " AND \($0)" }.joined()
    let workouts = "w.trainee_id = ?1 AND (w.logged_at, w.log_id) >= (?2, ?3)\(dates)"
    return (
      """
      SELECT \(columns)
      FROM workout_summaries AS w
      CROSS JOIN set_history AS s
      WHERE \(workouts) AND (w.logged_at, w.log_id) <= (\(lastLog.at), \(lastLog.log))
        AND s.log_id = w.log_id AND (w.logged_at, w.log_id, s.position) > (?2, ?3, \(position))
      ORDER BY w.logged_at, w.log_id, s.position LIMIT \(limit)
      """,
      """
      SELECT \(Self.lastLogColumns) FROM workout_summaries AS w WHERE \(workouts)
      ORDER BY w.logged_at, w.log_id LIMIT 1 OFFSET \(lastLog.logs) - 1
      """
    )
  }
}
