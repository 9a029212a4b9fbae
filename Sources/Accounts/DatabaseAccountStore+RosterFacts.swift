import Foundation
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-roster.md, "Kept per process": what only a trainee's own writes
// change (their dates, their latest workout, their videos awaiting feedback and workouts
// awaiting review: a coach's feedback and review are writes of the trainee too) is kept per
// process by the trainee's answer version, and read again, in one query for the facts and one
// for the dates, only for the trainees who wrote since.

/// What the roster reads of one trainee that only a write of the trainee changes.
struct TraineeRosterFacts: Equatable {
  /// Their `trainee_days` from the kept first date on, summed over the tags the studio sees.
  var days: [TraineeDayCounts] = []
  var lastWorkoutAt: Date?
  var openVideos = 0
  var oldestVideoAt: Date?
  var openWorkouts = 0
}

extension DatabaseAccountStore {
  /// The facts of `people` as `studio` sees them, with dates from `earliest` on: kept ones where
  /// the trainee wrote nothing since they were read, the rest read (of the whole studio when
  /// most are missing, else of those trainees by id).
  func rosterFacts(
    of people: [RosterRow], studio: StudioID, from earliest: CalendarDate,
    _ db: any DatabaseConnection
  ) throws -> [Int64: TraineeRosterFacts] {
    var facts: [Int64: TraineeRosterFacts] = [:]
    var missing: [RosterRow] = []
    for person in people {
      let key = RosterDayCache.Key(studio: studio.rawValue, trainee: person.trainee.rawValue)
      if let kept = rosterDays.facts(
        key, version: person.answerVersion, sharesEarlierRecords: person.sharesEarlierRecords,
        from: earliest)
      {
        facts[person.trainee.rawValue] = kept
      } else {
        missing.append(person)
      }
    }
    guard !missing.isEmpty else { return facts }
    let wholeStudio = missing.count * 2 > people.count
    let placeholders = missing.map { _ in "?" }.joined(separator: ", ")
    let some = wholeStudio ? "" : "AND t.id IN (\(placeholders))"
    let ids: [DatabaseValue] = wholeStudio ? [] : missing.map { .integer($0.trainee.rawValue) }
    var read: [Int64: TraineeRosterFacts] = [:]
    for (trainee, known) in try db.rows(
      """
      SELECT \(Self.factColumns) \(Self.rosterMembers)
      WHERE \(Self.liveTrainees) \(some)
      """, [studio.value] + ids, named: Self.factColumns, Self.facts(row:))
    {
      read[trainee] = known
    }
    let days = try db.rows(
      """
      SELECT \(Self.dayColumns) \(Self.rosterMembers)
      JOIN trainee_days AS d ON d.trainee_id = t.id
      WHERE \(Self.liveTrainees) AND d.date >= ? \(some)
        AND (m.shares_earlier_records = 1 OR d.studio_id = m.studio_id)
      GROUP BY d.trainee_id, d.date
      """, [studio.value, .text(earliest.description)] + ids, named: Self.dayColumns,
      Self.day(row:))
    for (trainee, counts) in days {
      if let counts { read[trainee, default: TraineeRosterFacts()].days.append(counts) }
    }
    for person in missing {
      let known = read[person.trainee.rawValue] ?? TraineeRosterFacts()
      facts[person.trainee.rawValue] = known
      rosterDays.keep(
        RosterDayCache.Entry(
          version: person.answerVersion, sharesEarlierRecords: person.sharesEarlierRecords,
          earliest: earliest, facts: known),
        for: RosterDayCache.Key(studio: studio.rawValue, trainee: person.trainee.rawValue))
    }
    return facts
  }

  private static func facts(row: NamedRow) throws -> (Int64, TraineeRosterFacts) {
    let last: Int64? = try row["last_workout_at"]
    let oldest: Int64? = try row["oldest_video_at"]
    return (
      try row["trainee_id"],
      TraineeRosterFacts(
        lastWorkoutAt: last.map(Date.init(milliseconds:)), openVideos: try row["open_videos"],
        oldestVideoAt: oldest.map(Date.init(milliseconds:)),
        openWorkouts: try row["open_workouts"])
    )
  }

  private static func day(row: NamedRow) throws -> (Int64, TraineeDayCounts?) {
    let date: String = try row["date"]
    return (
      try row["trainee_id"],
      try CalendarDate(date).map {
        TraineeDayCounts(
          date: $0, workoutsDone: try row["workouts_done"], setsDone: try row["sets_done"],
          setsLogged: try row["sets_prescribed"], nutritionLogged: try row["nutrition_logged"],
          nutrition: try KeptDayTotals(row: row))
      }
    )
  }

  /// A trainee's latest workout (the top of `workout_summaries_by_studio`, or `_by_date` while
  /// they share everything), their videos awaiting feedback and workouts awaiting review (ranges
  /// of partial indexes), as the studio sees them.
  private static let factColumns = DatabaseColumns([
    "t.id AS trainee_id",
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
  ])

  private static let dayColumns = DatabaseColumns(
    [
      "d.trainee_id", "d.date", "CAST(SUM(d.workouts_done) AS BIGINT) AS workouts_done",
      "CAST(SUM(d.sets_done) AS BIGINT) AS sets_done",
      "CAST(SUM(d.sets_prescribed) AS BIGINT) AS sets_prescribed",
      "MAX(d.nutrition_logged) AS nutrition_logged",
    ] + KeptDayTotals.aggregates(of: "d"))
}
