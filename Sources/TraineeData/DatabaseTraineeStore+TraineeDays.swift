import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-roster.md, "Kept on write": what the roster counts per trainee
// and calendar date is changed in the transaction of the write it counts (a log stored or
// deleted, a nutrition day saved, a meal logged), one row upserted, so the roster reads at most
// 37 rows per trainee whatever the history. A log's date is its instant in the trainee's zone:
// the request's `X-Timezone` when the write carried one (kept on the trainee's row), else the
// zone kept before, else UTC; the log's summary keeps the date and its set count, so deleting it
// takes back exactly what it added, whatever the zone is by then.

extension DatabaseTraineeStore {
  /// The trainee's zone for a write: `given` (kept on the trainee's row when it differs from
  /// the one kept), else the one kept, else UTC.
  static func writeZone(
    _ given: TimeZone?, of trainee: TraineeID, _ db: any DatabaseConnection
  ) throws -> TimeZone {
    let kept =
      try db.row(
        "SELECT time_zone FROM trainees WHERE id = ?", [trainee.value],
        { row -> String? in try row.isNull(0) ? nil : row.string(0) }) ?? nil
    if let given {
      if given.identifier != kept {
        try db.run(
          "UPDATE trainees SET time_zone = ? WHERE id = ?",
          [.text(given.identifier), trainee.value])
      }
      return given
    }
    return kept.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC") ?? .gmt
  }

  /// Adds a log's workout and sets to its date's counts (`sign` -1 takes them back).
  static func countWorkout(
    on date: String, setsDone: Int, setsPrescribed: Int, sign: Int, of trainee: TraineeID,
    _ db: any DatabaseConnection
  ) throws {
    try db.run(
      """
      INSERT INTO trainee_days (trainee_id, date, workouts_done, sets_done, sets_prescribed)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (trainee_id, date) DO UPDATE SET
        workouts_done = trainee_days.workouts_done + excluded.workouts_done,
        sets_done = trainee_days.sets_done + excluded.sets_done,
        sets_prescribed = trainee_days.sets_prescribed + excluded.sets_prescribed
      """,
      [
        trainee.value, .text(date), DatabaseValue(sign), DatabaseValue(sign * setsDone),
        DatabaseValue(sign * setsPrescribed),
      ])
  }

  /// Takes back what the log `log` added to its date's counts; called before its summary goes.
  static func uncountWorkout(
    _ log: WorkoutLogID, of trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    let columns = DatabaseColumns(["local_date", "done_set_count", "set_count"])
    guard
      let (date, done, sets) = try db.row(
        "SELECT \(columns) FROM workout_summaries WHERE log_id = ? AND trainee_id = ?",
        [log.value, trainee.value], named: columns,
        { row -> (String?, Int, Int) in
          (try row["local_date"], try row["done_set_count"], try row["set_count"])
        }),
      let date
    else { return }
    try countWorkout(
      on: date, setsDone: done, setsPrescribed: sets, sign: -1, of: trainee, db)
  }

  /// Marks whether the trainee logged nutrition on `date`: a saved day other than `{}`, or a
  /// meal log of the date.
  static func countNutrition(
    on date: CalendarDate, savedDay: String?, of trainee: TraineeID,
    _ db: any DatabaseConnection
  ) throws {
    let dayLogged = savedDay.map { $0.filter { !$0.isWhitespace } != "{}" } ?? true
    try db.run(
      """
      INSERT INTO trainee_days (trainee_id, date, nutrition_logged)
      VALUES (?1, ?2, CASE WHEN ?3 = 1
        OR EXISTS (SELECT 1 FROM meal_logs WHERE trainee_id = ?1 AND date = ?2) THEN 1 ELSE 0 END)
      ON CONFLICT (trainee_id, date) DO UPDATE SET nutrition_logged = excluded.nutrition_logged
      """, [trainee.value, .text(date.description), DatabaseValue(dayLogged)])
  }
}

extension LogWorkoutPayload {
  /// Every set of the log, done or not: the sets the workout prescribed as it was done.
  var setCount: Int { entries.reduce(0) { $0 + $1.sets.count } }
}
