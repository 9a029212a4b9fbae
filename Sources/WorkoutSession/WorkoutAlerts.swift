import Foundation
import RestTimer
import TraineeAPI

// NB: docs/specs/workout-session.md, "The rest-over alert" and "Idle and unfinished reminders";
// docs/decisions/rest-timer-alerts-and-reminders.md, "Rest timer, rest-over alert and reminders".
// The engine decides; this performer talks to the notification center and the haptics.

/// Performs the rest and reminder effects: schedules, moves and cancels the rest-over alert,
/// posts it at once when the app sees the rest end (its sound only while the Live Activity card
/// is visible), plays the haptics, and keeps the idle and unfinished reminders scheduled.
///
/// Calls to the center run one after another in the order the effects came; `settle()` waits
/// for all of them (tests, replays, and an app going to the background).
@MainActor
public final class WorkoutAlerts: WorkoutEffectPerformer {
  public nonisolated static let reminderKind = "workout-reminder"

  private let center: any LocalNotifications
  private let scheduler: RestAlertScheduler
  private let haptics: (any Haptics)?
  private let now: @Sendable () -> Date
  private var queue: Task<Void, Never>?
  private var reminderIds: [WorkoutNotificationKind: String] = [:]

  /// Called when the first rest with an alert finds alerts blocked (once per screen), so the
  /// front end can say so.
  public var onBlocked: ((RestAlertBlockReason) -> Void)?

  /// Whether the Live Activity card is on screen; the front end sets it (the activity
  /// controller's `cardIsCurrent(now:)`: a card held and not past its stale date). While it is,
  /// a rest that ends in front of the app gets its sound and haptic but no banner: the card
  /// already says the rest is over (docs/specs/live-activity.md, "The rest on the card").
  public var cardVisible: @MainActor () -> Bool = { false }

  public init(
    center: any LocalNotifications, haptics: (any Haptics)?, now: @escaping @Sendable () -> Date
  ) {
    self.center = center
    self.scheduler = RestAlertScheduler(center: center)
    self.haptics = haptics
    self.now = now
  }

  public func perform(
    _ effects: [WorkoutEffect], after action: WorkoutAction, in state: WorkoutState
  ) {
    for effect in effects {
      switch effect {
      case .restStarted:
        guard let clock = state.rest.clock else { continue }
        haptics?.play(.light)
        enqueue { [self] in
          await scheduler.schedule(clock, now: now())
          if clock.alert != nil, let reason = await scheduler.blockReasonOnce() {
            onBlocked?(reason)
          }
        }
      case .rest(.adjusted(let clock)):
        enqueue { [self] in await scheduler.schedule(clock, now: now()) }
      case .rest(.skipped), .rest(.cleared):
        enqueue { [self] in await scheduler.cancel() }
      case .rest(.ended(let clock, let late)):
        if late {
          // The app saw the end long after it: the system delivered the alert already.
          enqueue { [self] in await scheduler.cancel() }
        } else {
          haptics?.play(.success)
          let banner = !cardVisible()
          enqueue { [self] in await scheduler.presentNow(clock, now: now(), banner: banner) }
        }
      case .reminder(.schedule(let kind, let at)):
        let texts = NotificationTexts(kind, configs: state.notificationConfigs)
        enqueue { [self] in await scheduleReminder(kind, at: at, texts: texts) }
      case .reminder(.cancel(let kind)):
        enqueue { [self] in await cancelReminder(kind) }
      case .rest(.started), .rest(.replaced), .personalRecord, .techniquePrompt,
        .exerciseCompleted, .actionRefused, .saveSubstitution, .submitTechniqueVideo,
        .markCoachFeedbackSeen, .workoutFinished:
        continue
      }
    }
  }

  public func restored(_ state: WorkoutState) {
    if let clock = state.rest.clock { scheduler.adopt(clock) }
    // What the previous run scheduled is still with the system, under the fixed ids.
    if state.reminders.idleScheduledAt != nil {
      reminderIds[.workoutIdle] = Self.reminderId(.workoutIdle)
    }
    if state.reminders.unfinishedScheduled {
      reminderIds[.workoutUnfinished] = Self.reminderId(.workoutUnfinished)
    }
  }

  /// Waits until every call to the center so far has finished.
  public func settle() async {
    await queue?.value
  }

  private func enqueue(_ work: @escaping @MainActor () async -> Void) {
    let previous = queue
    queue = Task {
      await previous?.value
      await work()
    }
  }

  private func scheduleReminder(
    _ kind: WorkoutNotificationKind, at: Date, texts: NotificationTexts
  ) async {
    await cancelReminder(kind)
    let request = LocalNotificationRequest(
      id: Self.reminderId(kind), title: applyTemplate(texts.titleTemplate, [:]),
      body: applyTemplate(texts.bodyTemplate, [:]), fireAt: at,
      interval: max(1, at.timeIntervalSince(now())), channel: .workoutReminders,
      timeSensitive: false, sound: true,
      data: ["kind": Self.reminderKind, "reminder": kind.rawValue, "target": "activeWorkout"])
    reminderIds[kind] = try? await center.schedule(request)
  }

  private func cancelReminder(_ kind: WorkoutNotificationKind) async {
    guard let id = reminderIds.removeValue(forKey: kind) else { return }
    await center.cancel([id])
  }

  /// The fixed identifier of a reminder: scheduling it again replaces it.
  public static func reminderId(_ kind: WorkoutNotificationKind) -> String {
    "reminder-\(kind.rawValue)"
  }
}
