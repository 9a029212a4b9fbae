import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-roster.md, "Kept on write": what the roster counts per trainee,
// calendar date and studio tag is changed in the transaction of the write it counts (a log stored
// or deleted, a nutrition day saved, a meal logged), one row upserted, so the roster reads at most
// 37 dates per trainee whatever the history. A row's `studio_id` is the tag of the records it
// counts (0 for an untagged one), so a coach's roster adds up only the rows the visibility rule
// lets the studio see. A log's date is its instant in the trainee's zone: the request's
// `X-Timezone` when the write carried one (kept on the trainee's row), else the zone kept before,
// else UTC; the log's summary keeps the date, its set count and its tag, so deleting it takes
// back exactly what it added, whatever the zone is by then.

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

  /// The `trainee_days` key of a record's studio tag: the tag, or 0 for an untagged record.
  static func dayStudio(_ tag: DatabaseValue) -> DatabaseValue {
    if case .null = tag { return .integer(0) }
    return tag
  }

  /// Adds a log's workout and sets to its date's counts for its studio tag (`sign` -1 takes
  /// them back).
  static func countWorkout(
    on date: String, studio tag: DatabaseValue, setsDone: Int, setsPrescribed: Int, sign: Int,
    of trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    try db.run(
      """
      INSERT INTO trainee_days (trainee_id, date, studio_id, workouts_done, sets_done,
        sets_prescribed)
      VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (trainee_id, date, studio_id) DO UPDATE SET
        workouts_done = trainee_days.workouts_done + excluded.workouts_done,
        sets_done = trainee_days.sets_done + excluded.sets_done,
        sets_prescribed = trainee_days.sets_prescribed + excluded.sets_prescribed
      """,
      [
        trainee.value, .text(date), dayStudio(tag), DatabaseValue(sign),
        DatabaseValue(sign * setsDone), DatabaseValue(sign * setsPrescribed),
      ])
  }

  /// Takes back what the log `log` added to its date's counts; called before its summary goes.
  static func uncountWorkout(
    _ log: WorkoutLogID, of trainee: TraineeID, _ db: any DatabaseConnection
  ) throws {
    let columns = DatabaseColumns(["local_date", "done_set_count", "set_count", "studio_id"])
    guard
      let (date, done, sets, studio) = try db.row(
        "SELECT \(columns) FROM workout_summaries WHERE log_id = ? AND trainee_id = ?",
        [log.value, trainee.value], named: columns,
        { row -> (String?, Int, Int, Int64?) in
          (
            try row["local_date"], try row["done_set_count"], try row["set_count"],
            try row["studio_id"]
          )
        }),
      let date
    else { return }
    try countWorkout(
      on: date, studio: DatabaseValue(studio), setsDone: done, setsPrescribed: sets, sign: -1,
      of: trainee, db)
  }

  /// Marks whether the trainee logged nutrition on `date` under each studio tag. A meal log
  /// (`savedDay` `nil`) marks its tag's date. A saved day other than `{}` marks its tag's date,
  /// and the day, tagged with its latest save, no longer counts for the tag it had: every
  /// other tag's date stays marked only by a meal log of that tag.
  static func countNutrition(
    on date: CalendarDate, savedDay: String?, studio tag: DatabaseValue, of trainee: TraineeID,
    _ db: any DatabaseConnection
  ) throws {
    let key: [DatabaseValue] = [trainee.value, .text(date.description), dayStudio(tag)]
    guard let savedDay else {
      try db.run(
        """
        INSERT INTO trainee_days (trainee_id, date, studio_id, nutrition_logged)
        VALUES (?, ?, ?, 1)
        ON CONFLICT (trainee_id, date, studio_id) DO UPDATE SET nutrition_logged = 1
        """, key)
      return
    }
    let dayLogged = savedDay.filter { !$0.isWhitespace } != "{}"
    try db.run(
      """
      INSERT INTO trainee_days (trainee_id, date, studio_id) VALUES (?, ?, ?)
      ON CONFLICT (trainee_id, date, studio_id) DO NOTHING
      """, key)
    try db.run(
      """
      UPDATE trainee_days SET nutrition_logged = CASE
        WHEN studio_id = ? AND ? = 1 THEN 1
        WHEN EXISTS (SELECT 1 FROM meal_logs AS m
          WHERE m.trainee_id = trainee_days.trainee_id AND m.date = trainee_days.date
            AND COALESCE(m.studio_id, 0) = trainee_days.studio_id) THEN 1
        ELSE 0 END
      WHERE trainee_id = ? AND date = ?
      """, [dayStudio(tag), DatabaseValue(dayLogged), trainee.value, .text(date.description)])
  }
}

extension DatabaseTraineeStore {
  /// Keeps the day's plan against eaten on the row of the write's studio tag (and on no other
  /// row of the date): the diary of the plans in force, the day's snapshot (`savedDay`, or the
  /// stored one for a meal log) and the date's meal logs. A stored text this build cannot read
  /// keeps none, and the write goes on (docs/decisions/the-coachs-roster.md, "Nutrition within
  /// tolerance").
  static func keepDayTotals(
    on date: CalendarDate, savedDay: String?, studio tag: DatabaseValue, of trainee: TraineeID,
    _ db: any DatabaseConnection
  ) throws {
    let day =
      try savedDay
      ?? db.row(
        "SELECT data FROM nutrition_days WHERE trainee_id = ? AND date = ?",
        [trainee.value, .text(date.description)]
      ) { try $0.string(0) }
    let logs = try mealLogs(on: date, of: trainee, db)
    let plans = try nutritionPlans(of: trainee, db)
    let totals = try? KeptDayTotals.of(date, plansJSON: plans, dayJSON: day, logs: logs)
    try KeptDayTotals.keep(totals, on: date, studio: dayStudio(tag), of: trainee, db)
  }
}

extension LogWorkoutPayload {
  /// Every set of the log, done or not: the sets the workout prescribed as it was done.
  var setCount: Int { entries.reduce(0) { $0 + $1.sets.count } }
}
