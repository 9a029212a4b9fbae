import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import PerformTestSupport
import RestTimer
import TerminalScreens
import Testing
import TraineeAPI

/// The app keeps the coach's notification configs current while it runs
/// (docs/specs/workout-session.md, "Alert texts and configs": a stale time of 10 minutes).
@MainActor
struct NotificationConfigWiringTests {
  nonisolated static let start = Date(timeIntervalSince1970: 1_767_607_200)
  static let rest = NotificationConfigDto(
    type: "REST_TIMER", enabled: true, titleTemplate: "Rest over", bodyTemplate: "{{ exercise }}")
  static let restOff = NotificationConfigDto(type: "REST_TIMER", enabled: false)

  @Test func inAnotherLanguageTheAppsOwnTextsFillWhatTheCoachLeftBlank() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-configs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let api = FakeWorkoutAPI()
    let idleBlank = NotificationConfigDto(type: "WORKOUT_IDLE", enabled: false, titleTemplate: " ")
    api.recorded.withLock { $0.notificationConfigs = [Self.rest, idleBlank] }
    let clock = ManualClock()
    let coordinator = try WorkoutCoordinator(
      dataDirectory: directory, api: api,
      now: { Self.start + TimeInterval(clock.now.offset.components.seconds) })
    coordinator.show(language: .de, units: .metric)
    coordinator.startNotificationConfigRefresh(clock: clock)
    #expect(await clock.untilSleepers(1))
    #expect(
      coordinator.store.state.notificationConfigs == [
        // The coach's own texts stay; a blank one and a missing kind get the app's, in German,
        // and a switched-off reminder stays off.
        Self.rest,
        NotificationConfigDto(
          type: "WORKOUT_IDLE", enabled: false, titleTemplate: "Noch am Trainieren?",
          bodyTemplate: "Dein Training ist noch offen. Erfasse den nächsten Satz oder beende es."),
        NotificationConfigDto(
          type: "WORKOUT_UNFINISHED", titleTemplate: "Training beenden",
          bodyTemplate: "Alle Sätze sind erledigt. Beende das Training, um es zu speichern."),
      ])
    // Back to English: the coach's configs as sent, the engine's English for the rest.
    coordinator.show(language: .en, units: .metric)
    #expect(coordinator.store.state.notificationConfigs == [Self.rest, idleBlank])
    coordinator.close()
  }

  @Test func aDisabledRestAlertReachesTheRunningAppWithinTenMinutes() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-configs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let api = FakeWorkoutAPI()
    api.recorded.withLock { $0.notificationConfigs = [Self.rest] }
    let clock = ManualClock()
    let coordinator = try WorkoutCoordinator(
      dataDirectory: directory, api: api,
      now: { Self.start + TimeInterval(clock.now.offset.components.seconds) })

    coordinator.startNotificationConfigRefresh(clock: clock)
    #expect(await clock.untilSleepers(1))
    #expect(coordinator.store.state.notificationConfigs == [Self.rest])

    // The coach turns the rest alert off.
    api.recorded.withLock { $0.notificationConfigs = [Self.restOff] }
    await clock.advance(by: .seconds(599))
    #expect(await clock.untilSleepers(1))
    #expect(coordinator.store.state.notificationConfigs == [Self.rest])
    await clock.advance(by: .seconds(1))
    #expect(await clock.untilSleepers(1))

    #expect(coordinator.store.state.notificationConfigs == [Self.restOff])
    #expect(
      !NotificationTexts(.restTimer, configs: coordinator.store.state.notificationConfigs).enabled)
    coordinator.close()
    #expect(clock.sleeperCount == 0)
  }
}
