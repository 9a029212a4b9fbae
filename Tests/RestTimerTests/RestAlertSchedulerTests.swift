import Foundation
import PerformTestSupport
import Testing

@testable import RestTimer

/// The moment the rests in these tests start.
private let t0 = Date(timeIntervalSince1970: 1_767_225_600)
private let benchAlert = RestAlertContent(title: "Rest is over", body: "Next: Bench press")

/// The bench press rest that starts at `t0` and ends `seconds` later.
private func benchRest(
  endsAfter seconds: TimeInterval = 90, alert: RestAlertContent? = benchAlert
)
  -> RestClock
{
  RestClock(
    startedAt: t0, endsAt: t0 + seconds, exerciseId: "ex_bench", exerciseName: "Bench press",
    alert: alert)
}

private func ms(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

/// The request the scheduler should make for the bench alert: firing `fireAfter` seconds after
/// `t0`, `interval` seconds after it was made.
private func benchRequest(
  id: String? = nil, fireAfter: TimeInterval = 90, interval: TimeInterval = 90
)
  -> LocalNotificationRequest
{
  LocalNotificationRequest(
    id: id ?? "rest-\(ms(t0))-\(ms(t0 + fireAfter))", title: "Rest is over",
    body: "Next: Bench press", fireAt: t0 + fireAfter,
    interval: interval, channel: .restTimer, timeSensitive: true, sound: true,
    data: ["kind": "rest-timer", "target": "activeWorkout"])
}

/// One rest-over alert scheduled at a time, stale schedule results dropped, the backstop, and the
/// block reason once.
@MainActor
struct RestAlertSchedulerTests {
  @Test func scheduleDismissesShownRestAlertsAndSchedulesOneAtTheEnd() async {
    let center = RecordingNotificationCenter()
    await center.show(id: "old-rest", kind: "rest-timer")
    await center.show(id: "idle-1", kind: "workout-reminder")
    let scheduler = RestAlertScheduler(center: center)

    await scheduler.schedule(benchRest(), now: t0)

    #expect(
      await center.takeCalls() == [
        .presented(kind: "rest-timer"), .removePresented(["old-rest"]), .schedule(benchRequest()),
      ])
    #expect(scheduler.scheduledId == "scheduled-1")
    #expect(await center.pending == ["scheduled-1"])
    #expect(await center.shown == [.init(id: "idle-1", kind: "workout-reminder")])
  }

  /// `(seconds after the start when scheduling, the trigger's interval)`: at least 1 s.
  @Test(arguments: [(0.0, 90.0), (30.5, 59.5), (89, 1), (89.5, 1), (90, 1), (200, 1)])
  func theIntervalRunsToTheEndAndIsAtLeastOneSecond(secondsIn: TimeInterval, interval: Double) async
  {
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)

    await scheduler.schedule(benchRest(), now: t0 + secondsIn)

    #expect(await center.takeCalls().last == .schedule(benchRequest(interval: interval)))
  }

  @Test func reschedulingCancelsThePreviousAlert() async {
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)
    await scheduler.schedule(benchRest(), now: t0)
    _ = await center.takeCalls()

    await scheduler.schedule(benchRest(endsAfter: 105), now: t0 + 20)

    #expect(
      await center.takeCalls() == [
        .cancel(["scheduled-1"]), .presented(kind: "rest-timer"), .removePresented([]),
        .schedule(benchRequest(fireAfter: 105, interval: 85)),
      ])
    #expect(scheduler.scheduledId == "scheduled-2")
    #expect(await center.pending == ["scheduled-2"])
  }

  @Test func cancelCancelsTheScheduledAlert() async {
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)
    await scheduler.schedule(benchRest(), now: t0)
    _ = await center.takeCalls()

    await scheduler.cancel()
    await scheduler.cancel()

    #expect(await center.takeCalls() == [.cancel(["scheduled-1"])])
    #expect(scheduler.scheduledId == nil)
    #expect(await center.pending == [])
  }

  @Test func aRestWithoutAlertContentSchedulesNoAlert() async {
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)

    await scheduler.schedule(benchRest(alert: nil), now: t0)

    #expect(await center.takeCalls() == [])
    #expect(scheduler.scheduledId == nil)
  }

  @Test func aRestWithoutAlertContentCancelsTheAlertBefore() async {
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)
    await scheduler.schedule(benchRest(), now: t0)
    _ = await center.takeCalls()

    await scheduler.schedule(benchRest(alert: nil), now: t0 + 30)

    #expect(await center.takeCalls() == [.cancel(["scheduled-1"])])
    #expect(scheduler.scheduledId == nil)
    #expect(await center.pending == [])
  }

  @Test func aRefusedScheduleLeavesNoId() async {
    let center = RecordingNotificationCenter()
    await center.refuseSchedules()
    let scheduler = RestAlertScheduler(center: center)

    await scheduler.schedule(benchRest(), now: t0)

    #expect(scheduler.scheduledId == nil)
    #expect(await center.takeCalls().last == .schedule(benchRequest()))
  }

  @Test(.timeLimit(.minutes(1)))
  func aStaleScheduleResolvingAfterANewerOneIsCancelled() async {
    let center = RecordingNotificationCenter()
    await center.holdNextSchedule()
    let scheduler = RestAlertScheduler(center: center)
    let first = Task { await scheduler.schedule(benchRest(), now: t0) }
    await center.untilScheduleHeld()

    await scheduler.schedule(benchRest(endsAfter: 105), now: t0 + 20)
    #expect(scheduler.scheduledId == "scheduled-2")
    await center.releaseHeldSchedule()
    await first.value

    #expect(
      await center.takeCalls() == [
        .presented(kind: "rest-timer"), .removePresented([]), .schedule(benchRequest()),
        .presented(kind: "rest-timer"), .removePresented([]),
        .schedule(benchRequest(fireAfter: 105, interval: 85)),
        .cancel(["scheduled-1"]),
      ])
    #expect(scheduler.scheduledId == "scheduled-2")
    #expect(await center.pending == ["scheduled-2"])
  }

  @Test(.timeLimit(.minutes(1)))
  func aScheduleResolvingAfterACancelIsCancelled() async {
    let center = RecordingNotificationCenter()
    await center.holdNextSchedule()
    let scheduler = RestAlertScheduler(center: center)
    let first = Task { await scheduler.schedule(benchRest(), now: t0) }
    await center.untilScheduleHeld()

    await scheduler.cancel()
    await center.releaseHeldSchedule()
    await first.value

    #expect(
      await center.takeCalls() == [
        .presented(kind: "rest-timer"), .removePresented([]), .schedule(benchRequest()),
        .cancel(["scheduled-1"]),
      ])
    #expect(scheduler.scheduledId == nil)
    #expect(await center.pending == [])
  }

  @Test func everyScheduledAlertHasItsOwnIdSoCancellingAStaleOneSparesTheCurrent() async {
    // A center that keeps the caller's ids (as UserNotifications does) replaces a request with
    // the same id: a shared id would let the stale alert's cancel take the current one with it.
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)
    await scheduler.schedule(benchRest(), now: t0)
    await scheduler.schedule(benchRest(endsAfter: 105), now: t0 + 20)

    let ids = await center.calls.compactMap { call -> String? in
      if case .schedule(let request) = call { return request.id }
      return nil
    }
    #expect(ids == ["rest-\(ms(t0))-\(ms(t0 + 90))", "rest-\(ms(t0))-\(ms(t0 + 105))"])
  }

  @Test func anAdoptedAlertFromAPreviousRunIsMovedAndCancelledByItsId() async {
    // The app was killed mid-rest: its alert is still scheduled under the clock's id.
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)
    scheduler.adopt(benchRest())
    #expect(scheduler.scheduledId == RestAlertScheduler.alertId(for: benchRest()))

    await scheduler.cancel()

    #expect(await center.takeCalls() == [.cancel([RestAlertScheduler.alertId(for: benchRest())])])
    #expect(scheduler.scheduledId == nil)
  }

  @Test func presentNowCancelsTheScheduledAlertAndPostsOneNow() async {
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)
    await scheduler.schedule(benchRest(), now: t0)
    _ = await center.takeCalls()

    let posted = await scheduler.presentNow(benchRest(), now: t0 + 92)

    #expect(posted == "presented-1")
    #expect(
      await center.takeCalls() == [
        .cancel(["scheduled-1"]), .presented(kind: "rest-timer"),
        .present(benchRequest(id: "rest-now-\(ms(t0 + 92))", fireAfter: 92, interval: 1)),
      ])
    #expect(scheduler.scheduledId == nil)
    #expect(await center.pending == [])
    #expect(await center.shownIds(kind: "rest-timer") == ["presented-1"])
  }

  /// While the Live Activity card is visible the backstop posts the alert's sound only.
  @Test func presentNowWithoutABannerPostsTheSoundOnly() async {
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)
    await scheduler.schedule(benchRest(), now: t0)
    _ = await center.takeCalls()

    let posted = await scheduler.presentNow(benchRest(), now: t0 + 90, banner: false)

    var soundOnly = benchRequest(id: "rest-now-\(ms(t0 + 90))", fireAfter: 90, interval: 1)
    soundOnly.banner = false
    #expect(posted == "presented-1")
    #expect(
      await center.takeCalls() == [
        .cancel(["scheduled-1"]), .presented(kind: "rest-timer"), .present(soundOnly),
      ])
    #expect(await center.pending == [])
  }

  @Test func presentNowPostsNothingWhenTheRestAlertIsAlreadyShown() async {
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)
    await scheduler.schedule(benchRest(), now: t0)
    await center.deliver("scheduled-1")
    _ = await center.takeCalls()

    let posted = await scheduler.presentNow(benchRest(), now: t0 + 91)

    #expect(posted == nil)
    #expect(
      await center.takeCalls() == [.cancel(["scheduled-1"]), .presented(kind: "rest-timer")])
    #expect(await center.shownIds(kind: "rest-timer") == ["scheduled-1"])
  }

  @Test func presentNowIgnoresOtherKindsOnScreen() async {
    let center = RecordingNotificationCenter()
    await center.show(id: "idle-1", kind: "workout-reminder")
    let scheduler = RestAlertScheduler(center: center)

    let posted = await scheduler.presentNow(benchRest(), now: t0 + 90)

    #expect(posted == "presented-1")
    #expect(
      await center.shown == [
        .init(id: "idle-1", kind: "workout-reminder"), .init(id: "presented-1", kind: "rest-timer"),
      ])
  }

  @Test func presentNowWithoutAlertContentOnlyCancels() async {
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)
    await scheduler.schedule(benchRest(), now: t0)
    _ = await center.takeCalls()

    let posted = await scheduler.presentNow(benchRest(alert: nil), now: t0 + 90)

    #expect(posted == nil)
    #expect(await center.takeCalls() == [.cancel(["scheduled-1"])])
    #expect(await center.shown == [])
  }

  /// `(seconds after the end when the app sees it, whether the app posts the alert)`: the
  /// backstop runs inside the grace; later, the scheduled alert has already done its work.
  @Test(arguments: [(0.0, true), (3, true), (5, true), (5.5, false), (3600, false)])
  func theTimerCallsTheBackstopOnlyInsideTheGrace(
    secondsAfterEnd: TimeInterval, posts: Bool
  ) async {
    let center = RecordingNotificationCenter()
    let scheduler = RestAlertScheduler(center: center)
    var timer = RestTimer(clock: benchRest())
    await scheduler.schedule(benchRest(), now: t0)
    let now = t0 + 90 + secondsAfterEnd

    for effect in timer.sync(now: now) {
      if case .ended(let clock, late: false) = effect {
        await scheduler.presentNow(clock, now: now)
      }
    }

    let posted = benchRequest(
      id: "rest-now-\(ms(now))", fireAfter: 90 + secondsAfterEnd, interval: 1)
    #expect(await center.calls.contains(.present(posted)) == posts)
    #expect(await center.shownIds(kind: "rest-timer") == (posts ? ["presented-1"] : []))
  }

  /// `(authorization, rest-timer channel importance, block reason)`.
  @Test(arguments: [
    (NotificationAuthorization.granted, ChannelImportance?.none, RestAlertBlockReason?.none),
    (.granted, ChannelImportance.none, .channel), (.granted, .min, .channel), (.granted, .low, nil),
    (.granted, .max, nil), (.denied, .max, .permission), (.notDetermined, .high, .permission),
    (.denied, ChannelImportance.none, .permission),
  ])
  func blockReasonOnceAnswersTheFirstTimeOnly(
    authorization: NotificationAuthorization, importance: ChannelImportance?,
    reason: RestAlertBlockReason?
  ) async {
    let center = RecordingNotificationCenter(authorization: authorization, importance: importance)
    let scheduler = RestAlertScheduler(center: center)

    #expect(await scheduler.blockReasonOnce() == reason)
    _ = await center.takeCalls()
    #expect(await scheduler.blockReasonOnce() == nil)
    #expect(await center.takeCalls() == [])
  }

  @Test func restAlertBlockReasonChecksPermissionBeforeTheChannel() async {
    let denied = RecordingNotificationCenter(
      authorization: .denied, importance: ChannelImportance.none)
    let granted = RecordingNotificationCenter(authorization: .granted, importance: .low)

    #expect(await restAlertBlockReason(denied) == .permission)
    #expect(await denied.takeCalls() == [.authorization])
    #expect(await restAlertBlockReason(granted) == nil)
    #expect(await granted.takeCalls() == [.authorization, .importance(.restTimer)])
  }
}
