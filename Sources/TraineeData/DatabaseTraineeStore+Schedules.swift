import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-roster.md, "Schedules": the schedule is a part of the trainee's
// assignment (their row of `programs`), so it goes with the program and needs no table of its own.

extension DatabaseTraineeStore {
  /// Gives the trainee's assigned program `schedule` (`nil`: the program's days a week);
  /// `false` when the trainee has no program. A schedule of no weekday, or of a number of
  /// workouts a week outside 1 to ``ProgramSchedule/mostPerWeek``, throws `invalid`.
  public func scheduleProgram(_ schedule: ProgramSchedule?, for trainee: TraineeID) throws -> Bool {
    var weekdays: Int?
    var perWeek: Int?
    switch schedule {
    case .weekdays(let days):
      guard (1...127).contains(days.rawValue) else {
        throw TraineeStoreError.invalid(field: "weekdays", problem: "names no day of the week")
      }
      weekdays = days.rawValue
    case .perWeek(let count):
      guard (1...ProgramSchedule.mostPerWeek).contains(count) else {
        throw TraineeStoreError.invalid(
          field: "perWeek", problem: "must be 1 to \(ProgramSchedule.mostPerWeek)")
      }
      perWeek = count
    case nil: break
    }
    return try write(trainee) { db in
      try db.run(
        """
        UPDATE programs SET schedule_weekdays = ?, schedule_per_week = ? WHERE trainee_id = ?
        """, [DatabaseValue(weekdays), DatabaseValue(perWeek), trainee.value])
    } == 1
  }

  /// The trainee's assignment as the roster reads it, or `nil` without a program.
  public func programAssignment(for trainee: TraineeID) throws -> ProgramAssignment? {
    try read { db in
      try db.row(
        "SELECT \(ProgramAssignment.columns) FROM programs WHERE trainee_id = ?",
        [trainee.value], named: ProgramAssignment.columns, ProgramAssignment.init(row:))
    }
  }
}

extension ProgramAssignment {
  /// The columns of `programs` an assignment is read from.
  package static let columns = DatabaseColumns([
    "schedule_weekdays", "schedule_per_week", "days_a_week", "sets_per_workout",
    "scheduled_from",
  ])

  /// The assignment of a row that selects ``columns``.
  package init(row: NamedRow) throws {
    let weekdays: Int? = try row["schedule_weekdays"]
    let perWeek: Int? = try row["schedule_per_week"]
    let from: String? = try row["scheduled_from"]
    self.init(
      schedule: weekdays.map { .weekdays(ScheduledWeekdays(rawValue: $0)) }
        ?? perWeek.map { .perWeek($0) },
      daysAWeek: try row["days_a_week"], setsPerWorkout: try row["sets_per_workout"],
      scheduledFrom: from.flatMap { CalendarDate($0) }
        ?? CalendarDate(uncheckedYear: 1970, month: 1, day: 1))
  }
}
