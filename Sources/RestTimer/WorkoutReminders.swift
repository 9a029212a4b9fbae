import Foundation

// NB: docs/specs/workout-session.md, "Idle and unfinished reminders".

/// How long after the last change of the completed-set count the idle reminder fires.
public let idleReminderDelay: TimeInterval = 60 * 60
/// How long after the last set is done the unfinished reminder fires.
public let unfinishedReminderDelay: TimeInterval = 15 * 60

/// Which workout reminders are scheduled, and the policy that keeps them right.
public struct WorkoutReminders: Codable, Equatable, Sendable {
  /// The completed-set count the idle reminder was scheduled at, or `nil` when none is.
  public private(set) var idleScheduledAt: Int?
  /// Whether the unfinished reminder is scheduled.
  public private(set) var unfinishedScheduled: Bool

  public init() {
    idleScheduledAt = nil
    unfinishedScheduled = false
  }

  /// The workout as the reminders see it.
  public struct Progress: Equatable, Sendable {
    public var started: Bool
    public var completedSets: Int
    public var allSetsDone: Bool

    public init(started: Bool, completedSets: Int, allSetsDone: Bool) {
      self.started = started
      self.completedSets = completedSets
      self.allSetsDone = allSetsDone
    }

    /// No workout open (none started, or finished or discarded).
    public static let closed = Progress(started: false, completedSets: 0, allSetsDone: false)
  }

  /// Brings the reminders in line with `progress` at `now`: the idle reminder while started and
  /// not all done, rescheduled on every change of the completed-set count; the unfinished one
  /// once every set is done; neither without a started workout. A kind whose config is disabled
  /// is never scheduled.
  public mutating func update(
    _ progress: Progress, now: Date, idleEnabled: Bool = true, unfinishedEnabled: Bool = true
  ) -> [ReminderEffect] {
    var effects: [ReminderEffect] = []
    let wantsIdle = progress.started && !progress.allSetsDone && idleEnabled
    let wantsUnfinished = progress.started && progress.allSetsDone && unfinishedEnabled

    if wantsIdle {
      if idleScheduledAt != progress.completedSets {
        idleScheduledAt = progress.completedSets
        effects.append(.schedule(.workoutIdle, at: now + idleReminderDelay))
      }
    } else if idleScheduledAt != nil {
      idleScheduledAt = nil
      effects.append(.cancel(.workoutIdle))
    }

    if wantsUnfinished {
      if !unfinishedScheduled {
        unfinishedScheduled = true
        effects.append(.schedule(.workoutUnfinished, at: now + unfinishedReminderDelay))
      }
    } else if unfinishedScheduled {
      unfinishedScheduled = false
      effects.append(.cancel(.workoutUnfinished))
    }
    return effects
  }
}

/// A change to the scheduled reminders.
public enum ReminderEffect: Equatable, Sendable {
  case schedule(WorkoutNotificationKind, at: Date)
  case cancel(WorkoutNotificationKind)
}
