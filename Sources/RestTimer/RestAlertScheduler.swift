import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "Scheduling the alert", "Moving or cancelling the alert", "The
// backstop when the app sees the end" (the present-now backstop, here on every platform) and
// "Blocked alerts".

/// Keeps exactly one rest-over alert scheduled for the current rest, and at most one shown.
@MainActor
public final class RestAlertScheduler {
  public nonisolated static let kind = "rest-timer"

  private let center: any LocalNotifications
  /// Raised by every schedule and cancel; a schedule that resolves after a newer call is stale.
  public private(set) var generation = 0
  /// The center's id of the alert now scheduled.
  public private(set) var scheduledId: String?

  /// The identifier of the alert for `clock`: one per start and end, so a stale schedule is
  /// cancelled without touching the current alert even on a center that keeps the caller's ids
  /// (UserNotifications does, and replaces a request with the same id), and a relaunched app can
  /// name the alert its previous process scheduled.
  public nonisolated static func alertId(for clock: RestClock) -> String {
    "rest-\(clock.startedAt.milliseconds)-\(clock.endsAt.milliseconds)"
  }
  private var blockReasonChecked = false

  public init(center: any LocalNotifications) {
    self.center = center
  }

  /// Schedules the alert of `clock` for its end, replacing any alert before it; does nothing
  /// when the rest has no alert.
  public func schedule(_ clock: RestClock, now: Date) async {
    generation += 1
    let mine = generation
    let previous = scheduledId
    scheduledId = nil
    if let previous { await center.cancel([previous]) }
    guard let alert = clock.alert else { return }
    await center.removePresented(await center.presented(kind: Self.kind))
    let request = Self.request(alert, id: Self.alertId(for: clock), fireAt: clock.endsAt, now: now)
    guard let id = try? await center.schedule(request) else { return }
    if generation == mine {
      scheduledId = id
    } else {
      // A newer schedule or a cancel ran while this one was in flight: this alert is stale.
      await center.cancel([id])
    }
  }

  /// Takes over the alert that a previous run of the app scheduled for `clock` (after a kill and
  /// relaunch), so that adjusting or skipping the rest moves or cancels it.
  public func adopt(_ clock: RestClock) {
    generation += 1
    scheduledId = clock.alert == nil || clock.elapsed ? nil : Self.alertId(for: clock)
  }

  /// Cancels the scheduled alert (skip, finish, discard, a replaced rest).
  public func cancel() async {
    generation += 1
    if let id = scheduledId {
      scheduledId = nil
      await center.cancel([id])
    }
  }

  /// The backstop when the app sees the rest end: cancels the scheduled alert and, unless a
  /// rest alert is already shown, posts one now. Returns the id of the alert it posted.
  ///
  /// With `banner` false (the Live Activity card is visible and already says the rest is over)
  /// the alert posted is its sound only, without a banner.
  @discardableResult
  public func presentNow(_ clock: RestClock, now: Date, banner: Bool = true) async -> String? {
    await cancel()
    guard let alert = clock.alert else { return nil }
    guard await center.presented(kind: Self.kind).isEmpty else { return nil }
    var request = Self.request(alert, id: "rest-now-\(now.milliseconds)", fireAt: now, now: now)
    request.banner = banner
    return try? await center.present(request)
  }

  /// The block reason, the first time a rest with an alert starts on this screen; `nil` after.
  public func blockReasonOnce() async -> RestAlertBlockReason? {
    guard !blockReasonChecked else { return nil }
    blockReasonChecked = true
    return await restAlertBlockReason(center)
  }

  static func request(
    _ alert: RestAlertContent, id: String, fireAt: Date, now: Date
  )
    -> LocalNotificationRequest
  {
    LocalNotificationRequest(
      id: id, title: alert.title, body: alert.body, fireAt: fireAt,
      interval: max(1, fireAt.timeIntervalSince(now)), channel: .restTimer, timeSensitive: true,
      sound: true, data: ["kind": kind, "target": "activeWorkout"])
  }
}
