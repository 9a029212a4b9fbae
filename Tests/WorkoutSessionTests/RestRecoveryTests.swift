import Foundation
import PerformTestSupport
import RestTimer
import Testing
import TraineeAPI

@testable import WorkoutSession

/// A kill and relaunch in the middle of a rest, or long after it: the journal brings the rest
/// back, the new `WorkoutAlerts` adopts the alert the old process left with the system, and
/// `resume` picks up from the end time.
@MainActor
struct RestRecoveryTests {
  @Test func aRestartMidRestResumesTheRestAndAdoptsItsAlert() async throws {
    try await withScratchDirectory { directory in
      let center = recordingAlertCenter()
      let time = WallClock(t0)
      try await firstRun(in: directory, center: center, time: time)
      let rest = benchRest()
      #expect(await center.pendingRequests == [restRequest(rest, scheduledAt: t0)])

      time.now = t0 + 30
      let relaunch = try Relaunch(directory: directory, center: center, time: time)
      #expect(relaunch.notices == [])
      #expect(relaunch.store.state.rest.clock == rest)
      time.now = t0 + 62.5
      let resumed = relaunch.store.send(.resume)
      await relaunch.alerts.settle()

      #expect(resumed == [])
      #expect(
        relaunch.store.state.rest.state(at: t0 + 62.5)
          == RestTimerState(
            running: true, remaining: 28, totalSeconds: 90, exerciseName: "Bench press"))
      #expect(await center.takeCalls() == [])
      #expect(relaunch.haptics.played == [])

      time.now = t0 + 70
      let adjusted = relaunch.store.send(.adjustRest(seconds: 15))
      await relaunch.alerts.settle()

      var moved = rest
      moved.endsAt = t0 + 105
      #expect(adjusted == [.rest(.adjusted(moved))])
      #expect(
        await center.takeCalls() == [
          .cancel([RestAlertScheduler.alertId(for: rest)]), .presented(kind: "rest-timer"),
          .removePresented([]), .schedule(restRequest(moved, scheduledAt: t0 + 70)),
        ])
      #expect(await center.pendingRequests == [restRequest(moved, scheduledAt: t0 + 70)])
      relaunch.journal.close()
    }
  }

  @Test func aRestartMidRestThenSkipCancelsTheAdoptedAlert() async throws {
    try await withScratchDirectory { directory in
      let center = recordingAlertCenter()
      let time = WallClock(t0)
      try await firstRun(in: directory, center: center, time: time)

      time.now = t0 + 40
      let relaunch = try Relaunch(directory: directory, center: center, time: time)
      relaunch.store.send(.resume)
      relaunch.store.send(.skipRest)
      await relaunch.alerts.settle()

      #expect(await center.takeCalls() == [.cancel([RestAlertScheduler.alertId(for: benchRest())])])
      #expect(await center.pendingRequests == [])
      relaunch.journal.close()
    }
  }

  @Test func aRestartJustBeforeTheEndPostsTheBackstopAtTheEnd() async throws {
    try await withScratchDirectory { directory in
      let center = recordingAlertCenter()
      let time = WallClock(t0)
      try await firstRun(in: directory, center: center, time: time)

      time.now = t0 + 88
      let relaunch = try Relaunch(directory: directory, center: center, time: time)
      relaunch.store.send(.resume)
      time.now = t0 + 90.25
      let ended = relaunch.store.send(.tick)
      await relaunch.alerts.settle()

      #expect(ended == [.rest(.ended(benchRest(elapsed: true), late: false))])
      #expect(relaunch.haptics.played == [.success])
      let posted = await center.shownRequests
      #expect(posted.map(\.id) == ["rest-now-\(milliseconds(t0 + 90.25))"])
      #expect(
        await center.takeCalls() == [
          .cancel([RestAlertScheduler.alertId(for: benchRest())]),
          .presented(kind: "rest-timer"), .present(posted[0]),
        ])
      #expect(await center.pendingRequests == [])
      relaunch.journal.close()
    }
  }

  @Test func aRestartLongAfterTheRestEndedEndsItLateWithoutAStaleAlert() async throws {
    try await withScratchDirectory { directory in
      let center = recordingAlertCenter()
      let time = WallClock(t0)
      try await firstRun(in: directory, center: center, time: time)
      // While the app is dead the system delivers the alert at the rest's end.
      await center.deliver(dueBy: t0 + 90)
      let delivered = restRequest(benchRest(), scheduledAt: t0)

      time.now = t0 + 20 * 60
      let relaunch = try Relaunch(directory: directory, center: center, time: time)
      let resumed = relaunch.store.send(.resume)
      await relaunch.alerts.settle()

      #expect(resumed == [.rest(.ended(benchRest(elapsed: true), late: true))])
      #expect(relaunch.store.state.rest.state(at: t0 + 20 * 60) == .idle)
      #expect(relaunch.store.state.rest.clock?.overdueSeconds(at: t0 + 20 * 60) == 1110)
      #expect(relaunch.haptics.played == [])
      #expect(await center.takeCalls() == [.cancel([RestAlertScheduler.alertId(for: benchRest())])])
      #expect(await center.shownRequests == [delivered])
      #expect(await center.pendingRequests == [])
      relaunch.journal.close()
    }
  }
  @Test func aRestartAdoptsTheRestAlertAndTheIdleReminderOfThePreviousRun() async throws {
    try await withScratchDirectory { directory in
      let center = recordingAlertCenter()
      let time = WallClock(t0)
      try await firstRun(in: directory, center: center, time: time, configs: withReminders)
      let idleId = WorkoutAlerts.reminderId(.workoutIdle)
      #expect(
        await center.pendingRequests.map(\.id) == [
          RestAlertScheduler.alertId(for: benchRest()), idleId,
        ])

      time.now = t0 + 30
      let relaunch = try Relaunch(directory: directory, center: center, time: time)
      relaunch.store.send(.resume)
      relaunch.store.send(.toggleSet(exerciseId: "ex_row", setNumber: 1))
      await relaunch.alerts.settle()

      let rowRest = RestClock(
        startedAt: t0 + 30, endsAt: t0 + 90, exerciseId: "ex_row", exerciseName: "Seated row",
        setNumber: 1, alert: RestAlertContent(title: "Rest over", body: "Up next: Seated row"))
      let rowAlert = LocalNotificationRequest(
        id: RestAlertScheduler.alertId(for: rowRest), title: "Rest over",
        body: "Up next: Seated row", fireAt: t0 + 90, interval: 60, channel: .restTimer,
        timeSensitive: true, sound: true, data: ["kind": "rest-timer", "target": "activeWorkout"])
      let idle = LocalNotificationRequest(
        id: idleId, title: "Still training?",
        body: "Your workout is still open. Log your next set or finish it.",
        fireAt: t0 + 30 + 60 * 60, interval: 60 * 60, channel: .workoutReminders,
        timeSensitive: false, sound: true,
        data: ["kind": "workout-reminder", "reminder": "WORKOUT_IDLE", "target": "activeWorkout"])
      #expect(relaunch.store.state.rest.clock == rowRest)
      #expect(
        await center.takeCalls() == [
          .cancel([RestAlertScheduler.alertId(for: benchRest())]), .presented(kind: "rest-timer"),
          .removePresented([]), .schedule(rowAlert), .authorization, .importance(.restTimer),
          .cancel([idleId]), .schedule(idle),
        ])
      #expect(await center.pendingRequests == [rowAlert, idle])
      relaunch.journal.close()
    }
  }
}

// MARK: - Fixtures

/// 2026-01-05T10:05:00Z: the bench press set is checked then.
private let t0 = SampleWorkouts.laterAt

/// The rest alert's templates, the app's reminder texts.
private let withReminders = [
  NotificationConfigDto(
    type: "REST_TIMER", titleTemplate: "Rest over", bodyTemplate: "Up next: {{ exercise }}")
]

/// The rest alert's templates; reminders off so that only the rest alert reaches the center.
private let restConfigs =
  withReminders + [
    NotificationConfigDto(type: "WORKOUT_IDLE", enabled: false),
    NotificationConfigDto(type: "WORKOUT_UNFINISHED", enabled: false),
  ]

/// The first process: opens the push day, loads `configs`, begins and checks bench press set 1
/// at `t0` (a 90 s rest), then is killed: its store and alerts are dropped, the journal closed.
/// The center (the system's) keeps what was scheduled; the calls so far are taken.
@MainActor
private func firstRun(
  in directory: URL, center: RecordingNotificationCenter, time: WallClock,
  configs: [NotificationConfigDto] = restConfigs
) async throws {
  let journal = SessionJournal(directory: directory)
  let alerts = WorkoutAlerts(center: center, haptics: RecordingHaptics(), now: time.reader)
  let (store, _) = try WorkoutStore.restoring(from: journal, now: time.reader, performer: alerts)
  store.send(.start(SampleWorkouts.pushDay(), units: .metric))
  store.send(.notificationConfigsLoaded(configs))
  store.send(.begin)
  store.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1))
  await alerts.settle()
  #expect(store.state.rest.clock == benchRest())
  journal.close()
  _ = await center.takeCalls()
}

/// The second process: a new journal on the same directory, a new `WorkoutAlerts` on the same
/// center, and the store restored from the journal.
@MainActor
private struct Relaunch {
  let journal: SessionJournal
  let haptics = RecordingHaptics()
  let alerts: WorkoutAlerts
  let store: WorkoutStore
  let notices: [RecoveryNotice]

  init(directory: URL, center: RecordingNotificationCenter, time: WallClock) throws {
    journal = SessionJournal(directory: directory)
    alerts = WorkoutAlerts(center: center, haptics: haptics, now: time.reader)
    (store, notices) = try WorkoutStore.restoring(
      from: journal, now: time.reader, performer: alerts)
  }
}

/// The bench press rest that set 1 started at `t0`, with the alert of `restConfigs`.
private func benchRest(elapsed: Bool = false) -> RestClock {
  RestClock(
    startedAt: t0, endsAt: t0 + 90, exerciseId: "ex_bench", exerciseName: "Bench press",
    setNumber: 1, alert: RestAlertContent(title: "Rest over", body: "Up next: Bench press"),
    elapsed: elapsed)
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

private func milliseconds(_ date: Date) -> Int64 {
  Int64((date.timeIntervalSince1970 * 1000).rounded())
}

/// Runs `body` with a fresh directory under the temporary directory, removed afterwards.
@MainActor
private func withScratchDirectory(_ body: (URL) async throws -> Void) async throws {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("RestRecoveryTests-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: root) }
  try await body(root.appendingPathComponent("workout"))
}
