import Foundation
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-roster.md, "Kept on write" and "What the studio sees": the roster
// reads, in one snapshot, one row per live trainee link of the studio (their program's schedule,
// their latest workout from `workout_summaries_by_studio` or `_by_date`, their videos awaiting
// feedback from the partial index) and their `trainee_days` of the last 38 UTC dates (37 in any
// zone; more when the quiet days ask for more), summed over the studio tags the visibility rule
// lets the studio see: its own, or every tag while the trainee shares earlier records with it
// (docs/decisions/accounts.md, "What a coach sees"). Nothing it reads grows with a trainee's
// history, and the dates are read again only for the trainees who wrote since the last roster
// ("Kept per process"). The schedule is the studio's newest assignment of a program it built,
// else the imported program (docs/decisions/the-coachs-programs.md, "Assignments", "The roster").

extension DatabaseAccountStore {
  public func roster(
    of studio: StudioID, rules: RosterRules = RosterRules()
  ) throws -> [RosterTrainee] {
    let now = store.now()
    let utcToday = CalendarDate(now, in: TimeZone(identifier: "UTC") ?? .gmt)
    // 36 days back from today in any zone (the attention rule's 30 days before the last 7), or
    // the quiet days, with a day's margin for the zones on either side of UTC.
    let earliest = utcToday.adding(days: -max(37, rules.quietDays + 1))
    return try store.read { db in
      let people = try db.rows(
        """
        SELECT \(Self.rosterColumns) \(Self.rosterMembers)
        LEFT JOIN programs AS p ON p.trainee_id = t.id
        LEFT JOIN program_assignments AS pa ON pa.trainee_id = t.id
          AND pa.program_id = (SELECT a2.program_id FROM program_assignments AS a2
            WHERE a2.trainee_id = t.id AND a2.studio_id = m.studio_id
            ORDER BY a2.assigned_at DESC, a2.program_id DESC LIMIT 1)
        LEFT JOIN program_versions AS pv
          ON pv.program_id = pa.program_id AND pv.version = pa.version
        WHERE \(Self.liveTrainees)
        """, [studio.value], named: Self.rosterColumns, RosterRow.init(row:))
      let days = try rosterDays(of: people, studio: studio, from: earliest, db)
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

  /// The `trainee_days` of `people` from `earliest` on, summed over the tags the studio may see:
  /// kept ones where the trainee wrote nothing since they were read, the rest read in one query
  /// (of the whole studio when most are missing, else of those trainees).
  private func rosterDays(
    of people: [RosterRow], studio: StudioID, from earliest: CalendarDate,
    _ db: any DatabaseConnection
  ) throws -> [Int64: [TraineeDayCounts]] {
    var days: [Int64: [TraineeDayCounts]] = [:]
    var missing: [RosterRow] = []
    for person in people {
      let key = RosterDayCache.Key(studio: studio.rawValue, trainee: person.trainee.rawValue)
      if let kept = rosterDays.days(
        key, version: person.answerVersion, sharesEarlierRecords: person.sharesEarlierRecords,
        from: earliest)
      {
        days[person.trainee.rawValue] = kept
      } else {
        missing.append(person)
      }
    }
    guard !missing.isEmpty else { return days }
    var read: [Int64: [TraineeDayCounts]] = [:]
    let wholeStudio = missing.count * 2 > people.count
    let placeholders = missing.map { _ in "?" }.joined(separator: ", ")
    let some = wholeStudio ? "" : "AND t.id IN (\(placeholders))"
    let rows = try db.rows(
      """
      SELECT \(Self.dayColumns) \(Self.rosterMembers)
      JOIN trainee_days AS d ON d.trainee_id = t.id
      WHERE \(Self.liveTrainees) AND d.date >= ? \(some)
        AND (m.shares_earlier_records = 1 OR d.studio_id = m.studio_id)
      GROUP BY d.trainee_id, d.date
      """,
      [studio.value, .text(earliest.description)]
        + (wholeStudio ? [] : missing.map { .integer($0.trainee.rawValue) }),
      named: Self.dayColumns
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
    for (trainee, counts) in rows {
      if let counts { read[trainee, default: []].append(counts) }
    }
    for person in missing {
      let counts = read[person.trainee.rawValue] ?? []
      days[person.trainee.rawValue] = counts
      rosterDays.keep(
        RosterDayCache.Entry(
          version: person.answerVersion, sharesEarlierRecords: person.sharesEarlierRecords,
          earliest: earliest, days: counts),
        for: RosterDayCache.Key(studio: studio.rawValue, trainee: person.trainee.rawValue))
    }
    return days
  }

  /// The studio's trainee links, with the trainee of each.
  private static let rosterMembers = """
    FROM studio_members AS m
    JOIN accounts AS a ON a.id = m.account_id
    JOIN trainees AS t ON t.id = a.trainee_id
    """

  /// The live trainee links of the studio (its id the first argument).
  private static let liveTrainees = "m.studio_id = ? AND m.role = 'trainee' AND m.ended_at IS NULL"

  private static let rosterColumns = DatabaseColumns(
    [
      "a.id AS account_id", "a.name AS name", "t.id AS trainee_id", "t.time_zone AS time_zone",
      "t.answer_version AS answer_version",
      "m.shares_earlier_records AS shares_earlier_records",
      "COALESCE(pa.trainee_id, p.trainee_id) AS program_of",
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
    ]
      + ProgramAssignment.columns.expressions.map { column in
        // An assignment's schedule and date are its own; its size is its version's.
        let assigned = ["days_a_week", "sets_per_workout"].contains(column) ? "pv" : "pa"
        return "CASE WHEN pa.trainee_id IS NULL THEN p.\(column) ELSE \(assigned).\(column) END"
          + " AS \(column)"
      })

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
  /// The trainee's answer version: raised by each of their writes, in its transaction.
  var answerVersion: Int64
  var sharesEarlierRecords: Bool

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
    answerVersion = try row["answer_version"]
    sharesEarlierRecords = try row["shares_earlier_records"]
  }
}
