import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "The preferred day and the home hint". The edit store reads no
// clock and no calendar: the caller, which owns both, says where the tab stands when an edit is
// made.

/// The moment of an edit, as `lockPreferredFrom` needs it: the instant, the device's today and the
/// tab's day as `dateKeyOf` keys, and when a preferred day locked now expires.
public struct EditMoment: Equatable, Sendable {
  public var now: Date
  /// `dateKeyOf` of the start of the device's current day (`todayMs`).
  public var todayKey: String
  /// `dateKeyOf` of the day the nutrition tab shows (`dateMs`).
  public var shownKey: String
  /// The next 05:00 device time (`nextNutritionRolloverMs(now)`,
  /// `NutritionCalendar.nextNutritionRollover(after:)`).
  public var nextRollover: Date

  public init(now: Date, todayKey: String, shownKey: String, nextRollover: Date) {
    self.now = now
    self.todayKey = todayKey
    self.shownKey = shownKey
    self.nextRollover = nextRollover
  }
}

/// The plan day the trainee follows today, remembered until `untilMs`. The content of
/// `perform-preferred-nutrition-day.json`.
public struct PreferredNutritionDay: Codable, Equatable, Sendable {
  public var planId: String
  public var dayId: String
  /// Milliseconds since 1970 at which the entry expires (the next 05:00 when it was locked).
  public var untilMs: Double

  public init(planId: String, dayId: String, untilMs: Double) {
    self.planId = planId
    self.dayId = dayId
    self.untilMs = untilMs
  }

  /// Whether the entry still holds at `now`.
  public func isActive(at now: Date) -> Bool {
    Double(now.milliseconds) < untilMs
  }
}
