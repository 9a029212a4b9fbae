import Foundation
import TraineeAPI

// NB: docs/decisions/the-coachs-roster.md, "Schedules": an assignment's workouts are due on given
// weekdays, or a number of them a week, or (neither given) the program's days a week; the
// workouts prescribed in a period are those the schedule puts in its days, counted from the day
// the program was assigned. Days are calendar dates in the trainee's zone, so a period never
// depends on midnight's instant or a daylight-saving change.

/// Days of the week, ISO 8601's: bit 0 Monday to bit 6 Sunday.
public struct ScheduledWeekdays: OptionSet, Hashable, Sendable {
  public let rawValue: Int

  /// The days of the bits of `rawValue` (1 to 127 makes a schedule).
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The day of ISO weekday `weekday` (1 Monday to 7 Sunday).
  public init(isoWeekday weekday: Int) { rawValue = 1 << (weekday - 1) }

  /// Whether `date` falls on one of the days.
  public func contains(_ date: CalendarDate) -> Bool {
    contains(ScheduledWeekdays(isoWeekday: date.isoWeekday))
  }

  /// The three-letter English names a command line and the wire use, Monday first.
  public static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// The days named in `text`, comma-separated names of ``names``; `nil` for anything else or
  /// for no day.
  public init?(names text: String) {
    var days = ScheduledWeekdays()
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
      guard let index = Self.names.firstIndex(of: trimmed) else { return nil }
      days.insert(ScheduledWeekdays(isoWeekday: index + 1))
    }
    guard !days.isEmpty else { return nil }
    self = days
  }

  /// The days' names, Monday first.
  public var nameList: [String] {
    Self.names.indices.filter { contains(ScheduledWeekdays(isoWeekday: $0 + 1)) }
      .map { Self.names[$0] }
  }
}

/// When an assigned program's workouts are due.
public enum ProgramSchedule: Equatable, Sendable {
  /// One workout on each of these days.
  case weekdays(ScheduledWeekdays)
  /// This many workouts a week (1 to 14), on days the trainee picks.
  case perWeek(Int)

  /// The most workouts a week a schedule may ask for.
  public static let mostPerWeek = 14

  /// Workouts due from `first` through `last`, both included, counting only days on or after
  /// `start`. A week's count spread over the period's days: `perWeek(n)` over `d` days is
  /// `n × d / 7` rounded half up, so any 7 days hold exactly `n`.
  public func prescribedWorkouts(
    from first: CalendarDate, through last: CalendarDate, startingOn start: CalendarDate
  ) -> Int {
    let first = max(first, start)
    guard first <= last else { return 0 }
    let days = last.days(since: first) + 1
    switch self {
    case .weekdays(let weekdays):
      return (0..<days).count { weekdays.contains(first.adding(days: $0)) }
    case .perWeek(let count):
      return (2 * count * days + 7) / 14
    }
  }
}

/// A program assigned to a trainee, as the roster reads it: its schedule and size.
public struct ProgramAssignment: Equatable, Sendable {
  /// The schedule the coach gave; `nil`: the program's days a week.
  public var schedule: ProgramSchedule?
  /// The first plan's days.
  public var daysAWeek: Int
  /// The first plan's sets over its days, rounded.
  public var setsPerWorkout: Int
  /// The trainee's date of the assignment; nothing is due before it.
  public var scheduledFrom: CalendarDate

  /// An assignment.
  public init(
    schedule: ProgramSchedule?, daysAWeek: Int, setsPerWorkout: Int,
    scheduledFrom: CalendarDate
  ) {
    self.schedule = schedule
    self.daysAWeek = daysAWeek
    self.setsPerWorkout = setsPerWorkout
    self.scheduledFrom = scheduledFrom
  }

  /// The schedule that holds: the coach's, else the program's days a week (none for a program
  /// without days).
  public var effectiveSchedule: ProgramSchedule? {
    schedule ?? (daysAWeek > 0 ? .perWeek(min(daysAWeek, ProgramSchedule.mostPerWeek)) : nil)
  }

  /// Workouts due from `first` through `last`, both included.
  public func prescribedWorkouts(from first: CalendarDate, through last: CalendarDate) -> Int {
    effectiveSchedule?.prescribedWorkouts(from: first, through: last, startingOn: scheduledFrom)
      ?? 0
  }
}

extension ProgramAssignment {
  /// The sets of one exercise of a program: its `setRows`, or the leading integer of its `sets`
  /// (at most 999,999), whichever is more, and at least 1; the rule schema version 19's fill
  /// counts by too.
  static func setCount(rows: Int, sets: String?) -> Int {
    let digits = (sets ?? "").drop(while: { $0 == " " || $0 == "\t" }).prefix(while: \.isASCII)
      .prefix(while: \.isNumber)
    let leading = digits.isEmpty ? 0 : Int(digits.prefix(7)).map { min($0, 999_999) } ?? 0
    return max(rows, leading, 1)
  }

  /// The first plan's days and its sets over them, rounded half up.
  package static func size(
    of programs: TrainingProgramsDto
  ) -> (daysAWeek: Int, setsPerWorkout: Int) {
    guard let days = programs.plans.first?.days, !days.isEmpty else { return (0, 0) }
    let sets = days.reduce(0) { total, day in
      total
        + day.strength.reduce(0) { $0 + setCount(rows: $1.setRows.count, sets: $1.sets) }
        + day.cardio.reduce(0) { $0 + setCount(rows: 0, sets: $1.sets) }
    }
    return (days.count, (sets + days.count / 2) / days.count)
  }
}
