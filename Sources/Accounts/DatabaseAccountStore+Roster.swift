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
// ("Kept per process", with the latest workout and the open items). The schedule is the studio's newest assignment of a program it built,
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
        LEFT JOIN nutrition_tolerances AS nt
          ON nt.trainee_id = t.id AND nt.studio_id = m.studio_id
        WHERE \(Self.liveTrainees)
        """, [studio.value], named: Self.rosterColumns, RosterRow.init(row:))
      let facts = try rosterFacts(of: people, studio: studio, from: earliest, db)
      return people.map { person in
        let zone =
          person.timeZone.flatMap(TimeZone.init(identifier:))
          ?? TimeZone(identifier: "UTC") ?? .gmt
        let today = CalendarDate(now, in: zone)
        let known = facts[person.trainee.rawValue] ?? TraineeRosterFacts()
        let counts = known.days
        var trainee = RosterTrainee(
          account: person.account, trainee: person.trainee, name: person.name,
          timeZone: zone.identifier, today: today, lastWorkoutAt: known.lastWorkoutAt,
          last7Days: .of(
            counts, from: today.adding(days: -6), through: today, assignment: person.assignment,
            tolerance: person.tolerance),
          last30Days: .of(
            counts, from: today.adding(days: -29), through: today, assignment: person.assignment,
            tolerance: person.tolerance),
          videosAwaitingFeedback: known.openVideos,
          attention: RosterTrainee.attention(
            days: counts, assignment: person.assignment, today: today,
            oldestVideoAt: known.oldestVideoAt, now: now, rules: rules))
        trainee.workoutsAwaitingReview = known.openWorkouts
        return trainee
      }
    }
  }

  /// The studio's trainee links, with the trainee of each.
  static let rosterMembers = """
    FROM studio_members AS m
    JOIN accounts AS a ON a.id = m.account_id
    JOIN trainees AS t ON t.id = a.trainee_id
    """

  /// The live trainee links of the studio (its id the first argument).
  static let liveTrainees = "m.studio_id = ? AND m.role = 'trainee' AND m.ended_at IS NULL"

  private static let rosterColumns = DatabaseColumns(
    [
      "a.id AS account_id", "a.name AS name", "t.id AS trainee_id", "t.time_zone AS time_zone",
      "t.answer_version AS answer_version",
      "m.shares_earlier_records AS shares_earlier_records",
      "nt.kcal_within_percent AS kcal_within_percent",
      "nt.protein_at_least_percent AS protein_at_least_percent",
      "COALESCE(pa.trainee_id, p.trainee_id) AS program_of",
    ]
      + ProgramAssignment.columns.expressions.map { column in
        // An assignment's schedule and date are its own; its size is its version's.
        let assigned = ["days_a_week", "sets_per_workout"].contains(column) ? "pv" : "pa"
        return "CASE WHEN pa.trainee_id IS NULL THEN p.\(column) ELSE \(assigned).\(column) END"
          + " AS \(column)"
      })
}

/// One live trainee link of a studio, as the roster's first query reads it: what changes
/// without a write of the trainee's (the link, its share switch, the schedule), and the answer
/// version that says whether the kept facts of the trainee still hold.
struct RosterRow {
  var account: AccountID
  var trainee: TraineeID
  var name: String
  var timeZone: String?
  var assignment: ProgramAssignment?
  /// The trainee's answer version: raised by each of their writes, in its transaction.
  var answerVersion: Int64
  var sharesEarlierRecords: Bool
  /// The studio's nutrition tolerance of the trainee, read on every request
  /// (docs/decisions/the-coachs-roster.md, "Nutrition within tolerance").
  var tolerance: NutritionTolerance

  init(row: NamedRow) throws {
    account = AccountID(rawValue: try row["account_id"])
    trainee = TraineeID(rawValue: try row["trainee_id"])
    name = try row["name"]
    timeZone = try row["time_zone"]
    let programOf: Int64? = try row["program_of"]
    assignment = programOf == nil ? nil : try ProgramAssignment(row: row)
    answerVersion = try row["answer_version"]
    sharesEarlierRecords = try row["shares_earlier_records"]
    tolerance = try NutritionTolerance(row: row)
  }
}
