import Foundation
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-roster.md, "Kept on write" and "What the studio sees": the roster
// reads, in one snapshot, one row per live trainee link of the studio (their program's schedule,
// their latest workout from `workout_summaries_by_studio` or `_by_date`, their videos awaiting
// feedback from the partial index) and their `trainee_days` of the last 38 UTC dates (37 in any
// zone), summed over the studio tags the visibility rule lets the studio see: its own, or every
// tag while the trainee shares earlier records with it (docs/decisions/accounts.md, "What a coach
// sees"). Nothing it reads grows with a trainee's history.

extension DatabaseAccountStore {
  public func roster(
    of studio: StudioID, rules: RosterRules = RosterRules()
  ) throws -> [RosterTrainee] {
    let now = store.now()
    let utcToday = CalendarDate(now, in: TimeZone(identifier: "UTC") ?? .gmt)
    let earliest = utcToday.adding(days: -37)
    let members = """
      FROM studio_members AS m
      JOIN accounts AS a ON a.id = m.account_id
      JOIN trainees AS t ON t.id = a.trainee_id
      """
    let live = "m.studio_id = ? AND m.role = 'trainee' AND m.ended_at IS NULL"
    return try store.read { db in
      let people = try db.rows(
        """
        SELECT \(Self.rosterColumns) \(members)
        LEFT JOIN programs AS p ON p.trainee_id = t.id
        WHERE \(live)
        """, [studio.value], named: Self.rosterColumns, RosterRow.init(row:))
      let dayRows = try db.rows(
        """
        SELECT \(Self.dayColumns) \(members)
        JOIN trainee_days AS d ON d.trainee_id = t.id
        WHERE \(live) AND d.date >= ?
          AND (m.shares_earlier_records = 1 OR d.studio_id = m.studio_id)
        GROUP BY d.trainee_id, d.date
        """, [studio.value, .text(earliest.description)], named: Self.dayColumns
      ) { row -> (Int64, TraineeDayCounts?) in
        let date: String = try row["date"]
        return (
          try row["trainee_id"],
          try CalendarDate(date).map {
            TraineeDayCounts(
              date: $0, workoutsDone: try row["workouts_done"], setsDone: try row["sets_done"],
              setsLogged: try row["sets_prescribed"],
              nutritionLogged: try row["nutrition_logged"])
          }
        )
      }
      var days: [Int64: [TraineeDayCounts]] = [:]
      for (trainee, counts) in dayRows {
        if let counts { days[trainee, default: []].append(counts) }
      }
      return people.map { person in
        let zone =
          person.timeZone.flatMap(TimeZone.init(identifier:))
          ?? TimeZone(identifier: "UTC") ?? .gmt
        let today = CalendarDate(now, in: zone)
        let counts = days[person.trainee.rawValue] ?? []
        var trainee = RosterTrainee(
          account: person.account, trainee: person.trainee, name: person.name,
          timeZone: zone.identifier, today: today, lastWorkoutAt: person.lastWorkoutAt,
          last7Days: .of(
            counts, from: today.adding(days: -6), through: today, assignment: person.assignment),
          last30Days: .of(
            counts, from: today.adding(days: -29), through: today, assignment: person.assignment),
          videosAwaitingFeedback: person.openVideos,
          attention: RosterTrainee.attention(
            days: counts, assignment: person.assignment, today: today,
            oldestVideoAt: person.oldestVideoAt, now: now, rules: rules))
        trainee.workoutsAwaitingReview = person.openWorkouts
        return trainee
      }
    }
  }

  private static let rosterColumns = DatabaseColumns(
    [
      "a.id AS account_id", "a.name AS name", "t.id AS trainee_id", "t.time_zone AS time_zone",
      "p.trainee_id AS program_of",
      """
      CASE WHEN m.shares_earlier_records = 1
        THEN (SELECT MAX(s.logged_at) FROM workout_summaries AS s WHERE s.trainee_id = t.id)
        ELSE (SELECT MAX(s.logged_at) FROM workout_summaries AS s
          WHERE s.trainee_id = t.id AND s.studio_id = m.studio_id) END AS last_workout_at
      """,
      """
      (SELECT COUNT(*) FROM technique_videos AS v
        WHERE v.trainee_id = t.id AND v.feedback IS NULL
          AND (m.shares_earlier_records = 1 OR v.studio_id = m.studio_id)) AS open_videos
      """,
      """
      (SELECT MIN(v.submitted_at) FROM technique_videos AS v
        WHERE v.trainee_id = t.id AND v.feedback IS NULL
          AND (m.shares_earlier_records = 1 OR v.studio_id = m.studio_id)) AS oldest_video_at
      """,
      // docs/decisions/the-coachs-words.md, "Open items": a range of the partial index.
      """
      (SELECT COUNT(*) FROM workout_summaries AS w
        WHERE w.trainee_id = t.id AND w.awaiting_review = 1
          AND (m.shares_earlier_records = 1 OR w.studio_id = m.studio_id)) AS open_workouts
      """,
    ] + ProgramAssignment.columns.qualified(by: "p").expressions)

  private static let dayColumns = DatabaseColumns([
    "d.trainee_id", "d.date", "CAST(SUM(d.workouts_done) AS BIGINT) AS workouts_done",
    "CAST(SUM(d.sets_done) AS BIGINT) AS sets_done",
    "CAST(SUM(d.sets_prescribed) AS BIGINT) AS sets_prescribed",
    "MAX(d.nutrition_logged) AS nutrition_logged",
  ])
}

/// One live trainee link of a studio, as the roster's first query reads it.
private struct RosterRow {
  var account: AccountID
  var trainee: TraineeID
  var name: String
  var timeZone: String?
  var lastWorkoutAt: Date?
  var openVideos: Int
  var openWorkouts: Int
  var oldestVideoAt: Date?
  var assignment: ProgramAssignment?

  init(row: NamedRow) throws {
    account = AccountID(rawValue: try row["account_id"])
    trainee = TraineeID(rawValue: try row["trainee_id"])
    name = try row["name"]
    timeZone = try row["time_zone"]
    let last: Int64? = try row["last_workout_at"]
    lastWorkoutAt = last.map(Date.init(milliseconds:))
    openVideos = try row["open_videos"]
    openWorkouts = try row["open_workouts"]
    let oldest: Int64? = try row["oldest_video_at"]
    oldestVideoAt = oldest.map(Date.init(milliseconds:))
    let programOf: Int64? = try row["program_of"]
    assignment = programOf == nil ? nil : try ProgramAssignment(row: row)
  }
}
