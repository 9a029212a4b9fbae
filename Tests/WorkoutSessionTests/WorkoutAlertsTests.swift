import Foundation
import PerformTestSupport
import RestTimer
import Synchronization
import Testing
import TraineeAPI

@testable import WorkoutSession

/// What `WorkoutAlerts` does with the rest and reminder effects: haptics, the rest-over alert
/// (scheduled, moved, cancelled, posted now) and the reminders, on a recording center.
@MainActor
struct WorkoutAlertsTests {
  @Test func aStartedRestPlaysALightHapticAndSchedulesOneAlertAtItsEnd() async {
    let bench = AlertsBench()

    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)

    let rest = restClock(at: t0)
    #expect(bench.store.state.rest.clock == rest)
    #expect(bench.haptics.played == [.light])
    #expect(
      await bench.center.takeCalls() == [
        .presented(kind: "rest-timer"), .removePresented([]),
        .schedule(restRequest(rest, scheduledAt: t0)), .authorization,
        .importance(.restTimer),
      ])
    #expect(await bench.center.pendingRequests == [restRequest(rest, scheduledAt: t0)])
    #expect(RestAlertScheduler.alertId(for: rest) == "rest-1767607500000-1767607590000")
  }

  /// `(the adjustment, seconds from the start to the new end)`.
  @Test(arguments: [(15, 105.0), (-15, 75)])
  func adjustingCancelsTheAlertAndSchedulesTheNewEnd(delta: Int, endsAfter: TimeInterval) async {
    let bench = AlertsBench()
    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)
    _ = await bench.center.takeCalls()
    let old = restClock(at: t0)
    var moved = old
    moved.endsAt = t0 + endsAfter

    await bench.send(.adjustRest(seconds: delta), at: t0 + 30)

    #expect(
      await bench.center.takeCalls() == [
        .cancel([RestAlertScheduler.alertId(for: old)]), .presented(kind: "rest-timer"),
        .removePresented([]), .schedule(restRequest(moved, scheduledAt: t0 + 30)),
      ])
    #expect(await bench.center.pendingRequests == [restRequest(moved, scheduledAt: t0 + 30)])
    #expect(bench.haptics.played == [.light])
  }

  /// Skipping, checking a set that starts no rest, and closing the workout.
  @Test(arguments: [
    WorkoutAction.skipRest, .toggleSet(exerciseId: "ex_treadmill", setNumber: 1), .reset,
  ])
  func aSkippedOrClearedRestCancelsItsAlert(action: WorkoutAction) async {
    let bench = AlertsBench()
    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)
    _ = await bench.center.takeCalls()

    await bench.send(action, at: t0 + 20)

    #expect(
      await bench.center.takeCalls() == [
        .cancel([RestAlertScheduler.alertId(for: restClock(at: t0))])
      ]
    )
    #expect(await bench.center.pendingRequests == [])
    #expect(bench.haptics.played == [.light])
  }

  @Test func aReplacingRestMovesTheAlertToTheNewRest() async {
    let bench = AlertsBench()
    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)
    _ = await bench.center.takeCalls()

    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 2), at: t0 + 40)

    let second = restClock(at: t0 + 40, setNumber: 2)
    #expect(
      await bench.center.takeCalls() == [
        .cancel([RestAlertScheduler.alertId(for: restClock(at: t0))]),
        .presented(kind: "rest-timer"), .removePresented([]),
        .schedule(restRequest(second, scheduledAt: t0 + 40)),
      ])
    #expect(await bench.center.pendingRequests == [restRequest(second, scheduledAt: t0 + 40)])
    #expect(bench.haptics.played == [.light, .light])
  }

  /// Seconds after the end the app sees it, within the 5 s grace.
  @Test(arguments: [0.0, 0.25, 5])
  func anEndSeenInTimePlaysSuccessAndPostsTheAlertNow(secondsLate: TimeInterval) async {
    let bench = AlertsBench()
    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)
    _ = await bench.center.takeCalls()
    let seen = t0 + 90 + secondsLate

    await bench.send(.tick, at: seen)

    let posted = LocalNotificationRequest(
      id: "rest-now-\(milliseconds(seen))", title: "Rest over", body: "Up next: Bench press",
      fireAt: seen, interval: 1, channel: .restTimer, timeSensitive: true, sound: true,
      data: ["kind": "rest-timer", "target": "activeWorkout"])
    #expect(bench.haptics.played == [.light, .success])
    #expect(
      await bench.center.takeCalls() == [
        .cancel([RestAlertScheduler.alertId(for: restClock(at: t0))]),
        .presented(kind: "rest-timer"), .present(posted),
      ])
    #expect(await bench.center.pendingRequests == [])
    #expect(await bench.center.shownRequests == [posted])
  }

  /// docs/specs/live-activity.md, "The rest on the card": while the card is visible the app does
  /// not additionally post a banner. The rest ending in front of the app still plays the success
  /// haptic and the alert's sound; without a card the banner is posted as before.
  @Test(arguments: [true, false])
  func aRestEndingInFrontOfTheAppPostsABannerOnlyWithoutTheCard(cardVisible: Bool) async {
    let bench = AlertsBench()
    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)
    _ = await bench.center.takeCalls()
    // The card's visibility when the rest ends is what counts.
    bench.alerts.cardVisible = { cardVisible }

    await bench.send(.tick, at: t0 + 90)

    let posted = LocalNotificationRequest(
      id: "rest-now-\(milliseconds(t0 + 90))", title: "Rest over", body: "Up next: Bench press",
      fireAt: t0 + 90, interval: 1, channel: .restTimer, timeSensitive: true, sound: true,
      data: ["kind": "rest-timer", "target": "activeWorkout"], banner: !cardVisible)
    #expect(bench.haptics.played == [.light, .success])
    #expect(
      await bench.center.takeCalls() == [
        .cancel([RestAlertScheduler.alertId(for: restClock(at: t0))]),
        .presented(kind: "rest-timer"), .present(posted),
      ])
    #expect(await bench.center.shownRequests.filter(\.banner).count == (cardVisible ? 0 : 1))
  }

  /// The alert scheduled for the end stays as it is while the card is visible: it carries the
  /// sound that reaches a phone in a pocket, and the system delivers it with the app asleep.
  @Test func theCardLeavesTheScheduledAlertAsItIs() async {
    let bench = AlertsBench()
    bench.alerts.cardVisible = { true }

    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)

    let rest = restClock(at: t0)
    #expect(await bench.center.pendingRequests == [restRequest(rest, scheduledAt: t0)])
    #expect(await bench.center.pendingRequests.allSatisfy { $0.banner && $0.sound })
  }

  @Test func anEndSeenInTimePostsNothingWhenTheSystemShowsTheAlertAlready() async {
    let bench = AlertsBench()
    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)
    await bench.center.deliver(dueBy: t0 + 90)
    _ = await bench.center.takeCalls()

    await bench.send(.tick, at: t0 + 91)

    #expect(bench.haptics.played == [.light, .success])
    #expect(
      await bench.center.takeCalls() == [
        .cancel([RestAlertScheduler.alertId(for: restClock(at: t0))]),
        .presented(kind: "rest-timer"),
      ])
    #expect(await bench.center.shownRequests == [restRequest(restClock(at: t0), scheduledAt: t0)])
  }

  /// Seconds after the end the app sees it, beyond the 5 s grace.
  @Test(arguments: [5.25, 60, 3600])
  func anEndSeenLatePostsNothing(secondsLate: TimeInterval) async {
    let bench = AlertsBench()
    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)
    await bench.center.deliver(dueBy: t0 + 90)
    _ = await bench.center.takeCalls()

    let effects = await bench.send(.resume, at: t0 + 90 + secondsLate)

    #expect(effects == [.rest(.ended(restClock(at: t0, elapsed: true), late: true))])
    #expect(bench.haptics.played == [.light])
    #expect(
      await bench.center.takeCalls() == [
        .cancel([RestAlertScheduler.alertId(for: restClock(at: t0))])
      ])
    #expect(await bench.center.shownRequests == [restRequest(restClock(at: t0), scheduledAt: t0)])
  }

  @Test func aRestWithoutAnAlertSchedulesNothingButStillPlaysItsHaptics() async {
    let bench = AlertsBench(
      configs: [NotificationConfigDto(type: "REST_TIMER", enabled: false)] + noReminders,
      authorization: .denied)
    var blocked: [RestAlertBlockReason] = []
    bench.alerts.onBlocked = { blocked.append($0) }

    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)
    await bench.send(.tick, at: t0 + 90)

    #expect(bench.store.state.rest.clock?.alert == nil)
    #expect(bench.haptics.played == [.light, .success])
    #expect(await bench.center.takeCalls() == [])
    #expect(blocked == [])
  }

  @Test func deniedNotificationsAreReportedOnceAtTheFirstRestWithAnAlert() async {
    let bench = AlertsBench(authorization: .denied)
    var blocked: [RestAlertBlockReason] = []
    bench.alerts.onBlocked = { blocked.append($0) }

    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1), at: t0)
    await bench.send(.toggleSet(exerciseId: "ex_bench", setNumber: 2), at: t0 + 100)

    #expect(blocked == [.permission])
    let asked = await bench.center.takeCalls().filter { $0 == .authorization }
    #expect(asked == [.authorization])
  }

  @Test func remindersAreScheduledWithTheConfigsTextsAndRescheduledInPlace() async {
    let bench = AlertsBench(
      state: SampleWorkouts.pushDayState(started: false), configs: reminderConfigs)

    await bench.send(.begin, at: t0)
    let begun = await bench.center.takeCalls()
    await bench.send(.toggleSet(exerciseId: "ex_treadmill", setNumber: 1), at: t0 + 600)
    let checked = await bench.center.takeCalls()

    #expect(begun == [.schedule(idleRequest(scheduledAt: t0))])
    #expect(
      checked == [
        .cancel([WorkoutAlerts.reminderId(.workoutIdle)]),
        .schedule(idleRequest(scheduledAt: t0 + 600)),
      ])
    #expect(await bench.center.pendingRequests == [idleRequest(scheduledAt: t0 + 600)])
  }

  @Test func theLastSetSwapsTheIdleReminderForTheUnfinishedOneAndResetCancelsIt() async {
    let bench = AlertsBench(state: SampleWorkouts.pushDayState(), configs: reminderConfigs)
    await bench.send(.completeExercise(exerciseId: "ex_bench"), at: t0)
    await bench.send(.completeExercise(exerciseId: "ex_row"), at: t0 + 60)
    _ = await bench.center.takeCalls()

    await bench.send(.completeExercise(exerciseId: "ex_treadmill"), at: t0 + 120)
    let done = await bench.center.takeCalls()
    let pendingWhenDone = await bench.center.pendingRequests
    await bench.send(.reset, at: t0 + 180)

    let unfinished = LocalNotificationRequest(
      id: "reminder-WORKOUT_UNFINISHED", title: "Done already?", body: "Finish Push to save it.",
      fireAt: t0 + 120 + 15 * 60, interval: 15 * 60, channel: .workoutReminders,
      timeSensitive: false, sound: true,
      data: [
        "kind": "workout-reminder", "reminder": "WORKOUT_UNFINISHED", "target": "activeWorkout",
      ])
    #expect(
      done == [.cancel([WorkoutAlerts.reminderId(.workoutIdle)]), .schedule(unfinished)])
    #expect(pendingWhenDone == [unfinished])
    #expect(
      await bench.center.takeCalls() == [.cancel([WorkoutAlerts.reminderId(.workoutUnfinished)])])
    #expect(await bench.center.pendingRequests == [])
  }
}

// MARK: - Fakes shared with RestRecoveryTests

/// The alert center of these tests: the callers' ids, as UserNotifications keeps them, and no
/// channels, as on Apple platforms.
func recordingAlertCenter(
  authorization: NotificationAuthorization = .granted
) -> RecordingNotificationCenter {
  RecordingNotificationCenter(authorization: authorization, importance: nil, ids: .callers)
}

/// `Haptics` that remembers what was played.
@MainActor
final class RecordingHaptics: Haptics {
  private(set) var played: [Haptic] = []

  func play(_ haptic: Haptic) {
    played.append(haptic)
  }
}

// MARK: - Fixtures

/// 2026-01-05T10:05:00Z: the first set is checked then.
private let t0 = SampleWorkouts.laterAt

private let noReminders = [
  NotificationConfigDto(type: "WORKOUT_IDLE", enabled: false),
  NotificationConfigDto(type: "WORKOUT_UNFINISHED", enabled: false),
]

/// The rest alert's templates; reminders off so that only the rest alert reaches the center.
private let restConfigs =
  [
    NotificationConfigDto(
      type: "REST_TIMER", enabled: true, titleTemplate: "Rest over",
      bodyTemplate: "Up next: {{exercise}}")
  ] + noReminders

/// The reminders' templates; the rest alert off so that only reminders reach the center.
private let reminderConfigs = [
  NotificationConfigDto(type: "REST_TIMER", enabled: false),
  NotificationConfigDto(
    type: "WORKOUT_IDLE", titleTemplate: "Still lifting?", bodyTemplate: "Log a set of Push."),
  NotificationConfigDto(
    type: "WORKOUT_UNFINISHED", titleTemplate: "Done already?",
    bodyTemplate: "Finish Push to save it."),
]

/// A store on the push day with `WorkoutAlerts` on a recording center and recording haptics,
/// at a time the test sets.
@MainActor
private struct AlertsBench {
  let time = WallClock(t0)
  let center: RecordingNotificationCenter
  let haptics = RecordingHaptics()
  let alerts: WorkoutAlerts
  let store: WorkoutStore

  init(
    state: WorkoutState = SampleWorkouts.pushDayState(),
    configs: [NotificationConfigDto] = restConfigs,
    authorization: NotificationAuthorization = .granted
  ) {
    center = recordingAlertCenter(authorization: authorization)
    alerts = WorkoutAlerts(center: center, haptics: haptics, now: time.reader)
    var state = state
    state.notificationConfigs = configs
    store = WorkoutStore(state: state, journal: nil, now: time.reader, performer: alerts)
  }

  /// Sends `action` at `at` and waits for every call to the center it caused.
  @discardableResult
  func send(_ action: WorkoutAction, at: Date) async -> [WorkoutEffect] {
    time.now = at
    let effects = store.send(action)
    await alerts.settle()
    return effects
  }
}

/// The push day's bench press rest after set `setNumber`, started at `at`, with the alert of
/// `restConfigs`.
private func restClock(at: Date, setNumber: Int = 1, elapsed: Bool = false) -> RestClock {
  RestClock(
    startedAt: at, endsAt: at + 90, exerciseId: "ex_bench", exerciseName: "Bench press",
    setNumber: setNumber,
    alert: RestAlertContent(title: "Rest over", body: "Up next: Bench press"), elapsed: elapsed)
}

/// The request that schedules `clock`'s alert at `scheduledAt`.
@MainActor
private func restRequest(_ clock: RestClock, scheduledAt: Date) -> LocalNotificationRequest {
  LocalNotificationRequest(
    id: RestAlertScheduler.alertId(for: clock), title: "Rest over", body: "Up next: Bench press",
    fireAt: clock.endsAt, interval: clock.endsAt.timeIntervalSince(scheduledAt),
    channel: .restTimer, timeSensitive: true, sound: true,
    data: ["kind": "rest-timer", "target": "activeWorkout"])
}

/// The idle reminder of `reminderConfigs`, scheduled at `scheduledAt` for an hour later.
private func idleRequest(scheduledAt: Date) -> LocalNotificationRequest {
  LocalNotificationRequest(
    id: "reminder-WORKOUT_IDLE", title: "Still lifting?", body: "Log a set of Push.",
    fireAt: scheduledAt + 60 * 60, interval: 60 * 60, channel: .workoutReminders,
    timeSensitive: false, sound: true,
    data: ["kind": "workout-reminder", "reminder": "WORKOUT_IDLE", "target": "activeWorkout"])
}

private func milliseconds(_ date: Date) -> Int64 {
  Int64((date.timeIntervalSince1970 * 1000).rounded())
}
