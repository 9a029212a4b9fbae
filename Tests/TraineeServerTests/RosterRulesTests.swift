import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import CoachPrograms
@testable import TraineeData

/// docs/decisions/the-coachs-roster.md, "Schedules" and "What the roster counts": the rules as
/// tables of values.
@Suite struct RosterRulesTests {
  static func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

  @Test(arguments: [
    ("1970-01-01", 4), ("2026-03-30", 1), ("2026-03-29", 7), ("2024-02-29", 4),
    ("1969-12-31", 3), ("2000-01-01", 6),
  ])
  func weekdaysAreISOs(_ text: String, _ weekday: Int) {
    #expect(Self.date(text).isoWeekday == weekday)
  }

  @Test func dayArithmeticCrossesMonthsAndLeapDays() {
    #expect(Self.date("2024-02-28").adding(days: 1) == Self.date("2024-02-29"))
    #expect(Self.date("2024-02-29").adding(days: 1) == Self.date("2024-03-01"))
    #expect(Self.date("2026-01-01").adding(days: -1) == Self.date("2025-12-31"))
    #expect(Self.date("2026-03-30").days(since: Self.date("2026-02-28")) == 30)
  }

  static let monWedFri = ScheduledWeekdays(names: "mon,wed,fri")!

  @Test(arguments: [
    // schedule, first, last, start, due
    (ProgramSchedule.weekdays(monWedFri), "2026-03-23", "2026-03-29", "2026-01-01", 3),
    (.weekdays(monWedFri), "2026-03-23", "2026-03-29", "2026-03-26", 1),
    (.weekdays(monWedFri), "2026-03-23", "2026-03-22", "2026-01-01", 0),
    (.weekdays(monWedFri), "2026-03-01", "2026-03-30", "2026-01-01", 13),
    (.perWeek(3), "2026-03-24", "2026-03-30", "2026-01-01", 3),
    (.perWeek(3), "2026-03-01", "2026-03-30", "2026-01-01", 13),
    (.perWeek(3), "2026-03-30", "2026-03-30", "2026-01-01", 0),
    (.perWeek(3), "2026-03-28", "2026-03-30", "2026-01-01", 1),
    (.perWeek(4), "2026-03-24", "2026-03-30", "2026-03-30", 1),
    (.perWeek(14), "2026-03-24", "2026-03-30", "2026-01-01", 14),
  ])
  func workoutsDueInAPeriod(
    _ schedule: ProgramSchedule, _ first: String, _ last: String, _ start: String, _ due: Int
  ) {
    #expect(
      schedule.prescribedWorkouts(
        from: Self.date(first), through: Self.date(last), startingOn: Self.date(start)) == due)
  }

  @Test func weekdayNamesAreReadStrictly() {
    #expect(ScheduledWeekdays(names: "mon,wed,fri")?.rawValue == 0b10101)
    #expect(ScheduledWeekdays(names: "Sun")?.rawValue == 0b1000000)
    #expect(ScheduledWeekdays(names: "mon,wed,fri")?.nameList == ["mon", "wed", "fri"])
    for bad in ["", "monday", "mon,,wed", "mon;wed", "xyz"] {
      #expect(ScheduledWeekdays(names: bad) == nil, "\(bad)")
    }
  }

  @Test(
    arguments: [
      (0, "3", 3), (0, "3-4", 3), (0, " 5", 5), (0, "abc", 1), (4, nil, 4), (4, "2", 4),
      (0, "99999999", 999_999), (0, nil, 1), (0, "0", 1),
    ] as [(Int, String?, Int)])
  func anExercisesSets(_ rows: Int, _ sets: String?, _ count: Int) {
    #expect(ProgramAssignment.setCount(rows: rows, sets: sets) == count)
  }

  @Test func aProgramsSizeIsItsFirstPlans() {
    // StoreFixture.programs: one day, bench "3" sets and bike "1".
    let size = ProgramAssignment.size(of: StoreFixture.programs)
    #expect(size.daysAWeek == 1)
    #expect(size.setsPerWorkout == 4)
    let empty = ProgramAssignment.size(of: TrainingProgramsDto(plans: []))
    #expect(empty.daysAWeek == 0)
    #expect(empty.setsPerWorkout == 0)
  }

  static let everyDay = ProgramAssignment(
    schedule: .weekdays(ScheduledWeekdays(rawValue: 127)), daysAWeek: 3, setsPerWorkout: 4,
    scheduledFrom: date("2026-01-01"))

  static func day(
    _ text: String, workouts: Int = 1, done: Int = 4, logged: Int = 4
  )
    -> TraineeDayCounts
  {
    TraineeDayCounts(
      date: date(text), workoutsDone: workouts, setsDone: done, setsLogged: logged,
      nutritionLogged: false)
  }

  @Test func todayOwesOnlyWhatWasDone() {
    let week = (24...29).map { Self.day("2026-03-\($0)") }
    let today = Self.date("2026-03-30")
    let before = RosterPeriod.of(
      week, from: today.adding(days: -6), through: today, assignment: Self.everyDay)
    #expect(
      before
        == RosterPeriod(
          workoutsDone: 6, workoutsPrescribed: 6, setsDone: 24, setsPrescribed: 24,
          nutritionDaysLogged: 0))
    let after = RosterPeriod.of(
      week + [Self.day("2026-03-30", done: 2)], from: today.adding(days: -6), through: today,
      assignment: Self.everyDay)
    #expect(
      after
        == RosterPeriod(
          workoutsDone: 7, workoutsPrescribed: 7, setsDone: 26, setsPrescribed: 28,
          nutritionDaysLogged: 0))
  }

  @Test func aMissedWorkoutOwesTheProgramsSets() {
    let today = Self.date("2026-03-30")
    let period = RosterPeriod.of(
      [Self.day("2026-03-25", done: 3)], from: today.adding(days: -6), through: today,
      assignment: Self.everyDay)
    // 6 due before today, 1 done: 4 logged sets and 5 × 4 for the missed ones.
    #expect(period.workoutsPrescribed == 6)
    #expect(period.setsPrescribed == 24)
    #expect(period.setsDone == 3)
    let unassigned = RosterPeriod.of(
      [Self.day("2026-03-25", done: 3)], from: today.adding(days: -6), through: today,
      assignment: nil)
    #expect(unassigned.workoutsPrescribed == 0)
    #expect(unassigned.setsPrescribed == 4)
  }

  static func period(_ done: Int, _ prescribed: Int) -> RosterPeriod {
    RosterPeriod(
      workoutsDone: 0, workoutsPrescribed: 0, setsDone: done, setsPrescribed: prescribed,
      nutritionDaysLogged: 0)
  }

  @Test(arguments: [
    (8, 10, 10, 10, true), (9, 10, 10, 10, false), (79, 100, 99, 100, true),
    (4, 10, 1, 2, true), (5, 10, 5, 8, true), (6, 10, 5, 8, false), (0, 10, 0, 10, false),
    (0, 0, 10, 10, false),
    (0, 10, 1, 10, true),
  ])
  func complianceDropsByAFifth(
    _ done: Int, _ prescribed: Int, _ doneBefore: Int, _ prescribedBefore: Int, _ dropped: Bool
  ) {
    #expect(
      Self.period(done, prescribed).droppedFrom(Self.period(doneBefore, prescribedBefore))
        == dropped)
  }

  @Test func attentionHasItsReasons() {
    let today = Self.date("2026-03-30")
    let now = Date(timeIntervalSince1970: 1_774_864_800)  // 2026-03-30 10:00 UTC
    let steady = (1...36).map { Self.day(today.adding(days: -$0).description) }
    #expect(
      RosterTrainee.attention(
        days: steady, assignment: Self.everyDay, today: today, oldestVideoAt: nil, now: now,
        rules: RosterRules()) == [])
    // The last 7 days without a workout: compliance dropped and nothing done while due.
    let quiet = steady.filter { $0.date < today.adding(days: -6) }
    #expect(
      RosterTrainee.attention(
        days: quiet, assignment: Self.everyDay, today: today, oldestVideoAt: nil, now: now,
        rules: RosterRules()) == [.complianceDropped, .noRecentWorkout])
    // Quiet for 7 days but with 8 quiet days asked: the 8th day had a workout.
    #expect(
      RosterTrainee.attention(
        days: quiet, assignment: Self.everyDay, today: today, oldestVideoAt: nil, now: now,
        rules: RosterRules(quietDays: 8)) == [.complianceDropped])
    // Without a program nothing is due, so nothing is late.
    #expect(
      RosterTrainee.attention(
        days: [], assignment: nil, today: today, oldestVideoAt: nil, now: now,
        rules: RosterRules()) == [])
    let twoDays = now.addingTimeInterval(-2 * 86_400)
    #expect(
      RosterTrainee.attention(
        days: steady, assignment: Self.everyDay, today: today, oldestVideoAt: twoDays, now: now,
        rules: RosterRules()) == [])
    #expect(
      RosterTrainee.attention(
        days: steady, assignment: Self.everyDay, today: today,
        oldestVideoAt: twoDays.addingTimeInterval(-0.001), now: now, rules: RosterRules())
        == [.videoWaiting])
  }
}
