import Foundation
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-roster.md, "What the roster counts": the periods are calendar
// dates in the trainee's zone, the last 7 and the last 30 ending today; today's scheduled
// workouts are owed only as far as they were done (a day not over owes nothing yet). Sets
// prescribed are the sets of the workouts done, as they were logged, and the program's sets per
// workout for each scheduled workout not done. The compliance the attention rule compares is
// sets done over sets prescribed.

/// What one trainee did against what was prescribed over a run of days.
public struct RosterPeriod: Equatable, Sendable {
  public var workoutsDone = 0
  public var workoutsPrescribed = 0
  public var setsDone = 0
  public var setsPrescribed = 0
  public var nutritionDaysLogged = 0
  /// Days within the studio's tolerance of their kcal and protein targets.
  public var nutritionDaysWithinTolerance = 0

  /// An empty period.
  public init() {}

  /// A period of these counts.
  public init(
    workoutsDone: Int, workoutsPrescribed: Int, setsDone: Int, setsPrescribed: Int,
    nutritionDaysLogged: Int
  ) {
    self.workoutsDone = workoutsDone
    self.workoutsPrescribed = workoutsPrescribed
    self.setsDone = setsDone
    self.setsPrescribed = setsPrescribed
    self.nutritionDaysLogged = nutritionDaysLogged
  }
}

/// What the roster keeps of one trainee and date (`trainee_days`).
public struct TraineeDayCounts: Equatable, Sendable {
  public var date: CalendarDate
  public var workoutsDone: Int
  public var setsDone: Int
  /// The sets of the workouts done, done or not, as they were logged.
  public var setsLogged: Int
  public var nutritionLogged: Bool
  /// The date's plan against eaten, where the studio sees it kept.
  public var nutrition: KeptDayTotals?

  /// A date's counts.
  public init(
    date: CalendarDate, workoutsDone: Int, setsDone: Int, setsLogged: Int, nutritionLogged: Bool,
    nutrition: KeptDayTotals? = nil
  ) {
    self.date = date
    self.workoutsDone = workoutsDone
    self.setsDone = setsDone
    self.setsLogged = setsLogged
    self.nutritionLogged = nutritionLogged
    self.nutrition = nutrition
  }
}

/// Why a trainee needs the coach's attention.
public enum AttentionReason: String, CaseIterable, Sendable {
  /// The 7-day compliance is at least 20 % lower, relatively, than in the 30 days before.
  case complianceDropped = "compliance_dropped"
  /// Workouts were due in the quiet days and none was logged in them.
  case noRecentWorkout = "no_recent_workout"
  /// A technique video has waited for feedback more than two days.
  case videoWaiting = "video_waiting"
}

/// The roster's thresholds.
public struct RosterRules: Equatable, Sendable {
  /// Days without a workout (while some were due) that flag a trainee: 1 to 365.
  public var quietDays: Int
  /// How long a video may wait for feedback before it flags its trainee.
  public var videoWaitSeconds: Int64 = 2 * 86_400

  /// The rules, with `quietDays` (7 unless a coach asks otherwise).
  public init(quietDays: Int = 7) { self.quietDays = quietDays }
}

/// One trainee of a coach's studio, as the roster shows them.
public struct RosterTrainee: Equatable, Sendable {
  public var account: AccountID
  public var trainee: TraineeID
  public var name: String
  /// The trainee's zone (the last a write of theirs carried; UTC before any).
  public var timeZone: String
  /// Today in the trainee's zone: the last day of both periods.
  public var today: CalendarDate
  public var lastWorkoutAt: Date?
  public var last7Days: RosterPeriod
  public var last30Days: RosterPeriod
  public var videosAwaitingFeedback: Int
  public var attention: [AttentionReason]
  /// Logged workouts no coach has reviewed (docs/decisions/the-coachs-words.md).
  public var workoutsAwaitingReview = 0
}

extension RosterPeriod {
  /// The counts of `days` (any dates; those outside are skipped) from `first` through `today`,
  /// against what `assignment` prescribes there.
  public static func of(
    _ days: [TraineeDayCounts], from first: CalendarDate, through today: CalendarDate,
    assignment: ProgramAssignment?, tolerance: NutritionTolerance = .standard
  ) -> RosterPeriod {
    var period = RosterPeriod()
    var doneToday = 0
    var loggedSets = 0
    for day in days where day.date >= first && day.date <= today {
      period.workoutsDone += day.workoutsDone
      period.setsDone += day.setsDone
      loggedSets += day.setsLogged
      period.nutritionDaysLogged += day.nutritionLogged ? 1 : 0
      if let nutrition = day.nutrition, tolerance.holds(for: nutrition) {
        period.nutritionDaysWithinTolerance += 1
      }
      if day.date == today { doneToday += day.workoutsDone }
    }
    guard let assignment else {
      period.setsPrescribed = loggedSets
      return period
    }
    let untilYesterday = assignment.prescribedWorkouts(from: first, through: today.adding(days: -1))
    let dueToday = assignment.prescribedWorkouts(from: first, through: today) - untilYesterday
    period.workoutsPrescribed = untilYesterday + min(dueToday, doneToday)
    period.setsPrescribed =
      loggedSets
      + max(0, period.workoutsPrescribed - period.workoutsDone) * assignment.setsPerWorkout
    return period
  }

  /// Whether this period's compliance (sets done over prescribed) is at least 20 % lower,
  /// relatively, than `before`'s; never when either prescribed nothing or `before` did nothing.
  public func droppedFrom(_ before: RosterPeriod) -> Bool {
    guard setsPrescribed > 0, before.setsPrescribed > 0, before.setsDone > 0 else { return false }
    // done / prescribed <= 0.8 × beforeDone / beforePrescribed, in integers.
    return 5 * setsDone * before.setsPrescribed <= 4 * before.setsDone * setsPrescribed
  }
}

extension RosterTrainee {
  /// Why the trainee needs attention, by `rules`, from their counts and open items.
  public static func attention(
    days: [TraineeDayCounts], assignment: ProgramAssignment?, today: CalendarDate,
    oldestVideoAt: Date?, now: Date, rules: RosterRules
  ) -> [AttentionReason] {
    var reasons: [AttentionReason] = []
    let week = RosterPeriod.of(
      days, from: today.adding(days: -6), through: today, assignment: assignment)
    let before = RosterPeriod.of(
      days, from: today.adding(days: -36), through: today.adding(days: -7),
      assignment: assignment)
    if week.droppedFrom(before) { reasons.append(.complianceDropped) }
    let quietFrom = today.adding(days: -(rules.quietDays - 1))
    let quiet = RosterPeriod.of(days, from: quietFrom, through: today, assignment: assignment)
    let dueWhileQuiet =
      assignment?.prescribedWorkouts(from: quietFrom, through: today.adding(days: -1)) ?? 0
    if quiet.workoutsDone == 0, dueWhileQuiet > 0 { reasons.append(.noRecentWorkout) }
    if let oldestVideoAt,
      now.milliseconds - oldestVideoAt.milliseconds > rules.videoWaitSeconds * 1000
    {
      reasons.append(.videoWaiting)
    }
    return reasons
  }
}
