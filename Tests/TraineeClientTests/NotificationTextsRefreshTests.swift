import DurableFiles
import Foundation
import LiveWorkoutScreens
import PerformTestSupport
import RestTimer
import Testing
import TraineeClient
import TraineeData

@testable import TraineeAPI

/// A coach's notification text reaches a running app's next rest alert within its 10-minute
/// refresh (docs/decisions/the-coachs-words.md, "Notification texts";
/// docs/decisions/rest-timer-alerts-and-reminders.md, "Notification configs while the app
/// runs"): the app's own refresh (`WorkoutCoordinator.startNotificationConfigRefresh`) through
/// its kept reads (`KeptWorkoutAPI`: a conditional GET, so the server's answer version and `ETag`
/// must change) against the real server on loopback, its waits slept on a manual clock.
@MainActor
struct NotificationTextsRefreshTests {
  @Test func aStudiosTextReachesTheRunningAppsNextRestAlertWithinTenMinutes() async throws {
    let server = try DemoTraineeServer()
    let studio = try #require(try server.store.versionedTrainee(forToken: server.token)?.studio)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-texts-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let clock = ManualClock()
    let start = server.now
    let now: @Sendable () -> Date = { start + TimeInterval(clock.now.offset.components.seconds) }
    // The app's own API: reads through their last good copies, each a conditional GET.
    let api = KeptWorkoutAPI(
      reads: KeptReads(
        client: server.client(),
        copies: AnswerCopies(directory: directory.appendingPathComponent("copies")), now: now,
        report: { _ in }))
    let coordinator = try WorkoutCoordinator(
      dataDirectory: directory, api: api, clock: clock, now: now)
    func nextRestAlert() -> RestAlertContent? {
      NotificationTexts(.restTimer, configs: coordinator.store.state.notificationConfigs)
        .restAlert(exerciseName: "Bench press")
    }
    coordinator.startNotificationConfigRefresh(clock: clock)
    #expect(await clock.untilSleepers(1))
    #expect(
      nextRestAlert()
        == RestAlertContent(title: "Rest is over", body: "Time for your next set of Bench press."))

    // The coach sets the studio's text a second after the app's read.
    await clock.advance(by: .seconds(1))
    _ = try server.store.setStudioNotificationConfig(
      .restTimer,
      NotificationConfigRequestDto(
        enabled: true, titleTemplate: "Rest over", bodyTemplate: "Next: {{ exercise }}"),
      of: studio)
    await clock.advance(by: .seconds(598))
    #expect(await clock.untilSleepers(1))
    #expect(nextRestAlert()?.title == "Rest is over")
    // Ten minutes after the last read, the app reads again and the next alert says it.
    await clock.advance(by: .seconds(1))
    #expect(await clock.untilSleepers(1))
    #expect(nextRestAlert() == RestAlertContent(title: "Rest over", body: "Next: Bench press"))

    // The studio switches the alert off: the next read, ten minutes on, turns it off.
    _ = try server.store.setStudioNotificationConfig(
      .restTimer, NotificationConfigRequestDto(enabled: false), of: studio)
    await clock.advance(by: .seconds(600))
    #expect(await clock.untilSleepers(1))
    #expect(nextRestAlert() == nil)
    coordinator.close()
    #expect(clock.sleeperCount == 0)
  }
}
