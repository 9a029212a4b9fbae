import DurableFiles
import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import PerformTestSupport
import Synchronization
import TerminalScreens
import TerminalUI
import Testing
import TextColumns
import TraineeAPI
import TraineeClient
import WorkoutSession

/// The Workouts tab with the server away: the kept copy, marked, starts a workout; with no
/// copy one line says what to do, and the tab tries again by itself.
@MainActor
struct OfflineWorkoutsTests {
  let directory: URL
  let api = FakeWorkoutAPI()
  let size = TerminalSize(rows: 60, columns: 110)
  /// 2025-12-01 10:32 UTC.
  let copyTime = Date(timeIntervalSince1970: 1_764_585_120)
  let clock = WallClock(Date(timeIntervalSince1970: 1_764_585_120 + 3_600))

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-offline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func launch() async throws -> (PerformTerminalApp, WorkoutCoordinator, WorkoutsScreen) {
    let app = PerformTerminalApp()
    let coordinator = try WorkoutCoordinator(dataDirectory: directory, api: api)
    coordinator.host = app
    let clock = clock
    let workouts = WorkoutsScreen(
      coordinator: coordinator, api: api, host: app, now: { clock.now },
      timeZone: { TimeZone(identifier: "UTC")! },
      openLiveWorkout: { [weak app] in app?.select(tab: 1) })
    let live = LiveWorkoutScreen(coordinator: coordinator, host: app)
    app.setTabs([.init(title: "Workouts", screen: workouts), .init(title: "Live", screen: live)])
    await workouts.reload()
    return (app, coordinator, workouts)
  }

  func screen(_ app: PerformTerminalApp) -> String {
    app.frame(size: size, now: clock.now).plainText
  }

  @Test func offlineTheCopyIsShownMarkedWithItsTimeAndAWorkoutStartsFromIt() async throws {
    api.recorded.withLock {
      $0.reachable = false
      $0.programsCopyFetchedAt = copyTime
    }
    let (app, coordinator, _) = try await launch()
    let text = screen(app)
    #expect(text.contains("Offline, as of 10:32"))
    #expect(text.contains("Next workout: Day 1 Push"))
    #expect(!text.contains("Cannot load"))

    _ = app.handle(.character("n"), now: clock.now)

    let session = try #require(coordinator.store.session)
    #expect(session.started && session.dayId == "day_push")
    // Last time's values and the best come with the copy.
    #expect(screen(app).contains("(57.5)"))
  }

  @Test func aLogDoneFromTheCopyNamesItsDayAndTheNextStartUsesTheProgramTheCoachChanged()
    async throws
  {
    api.recorded.withLock {
      $0.reachable = false
      $0.programsCopyFetchedAt = copyTime
    }
    let (app, coordinator, workouts) = try await launch()
    _ = app.handle(.enter, now: clock.now)
    _ = app.handle(.character(" "), now: clock.now)
    coordinator.finishWorkout()
    #expect(coordinator.isFinishing)

    var changed = FakeWorkoutAPI.program
    changed.plans[0].days[0].title = "Heavy push"
    api.recorded.withLock {
      $0.changedPrograms = changed
      $0.reachable = true
    }
    coordinator.retryNow()
    #expect(await settled { api.recorded.withLock { $0.logs.count } == 1 })
    let log = try #require(api.recorded.withLock { $0.logs.first?.payload })
    #expect(log.programId == "plan_1" && log.dayId == "day_push" && log.label == "Day 1")
    coordinator.acknowledgeFinish()

    await workouts.reload()
    app.select(tab: 0)
    _ = app.handle(.enter, now: clock.now)
    #expect(coordinator.store.session?.title == "Heavy push")
  }

  @Test func theMarkGoesOnceTheServerAnswersAgain() async throws {
    api.recorded.withLock {
      $0.reachable = false
      $0.programsCopyFetchedAt = copyTime
    }
    let (app, _, workouts) = try await launch()
    #expect(screen(app).contains("Offline, as of"))
    api.reachable = true
    await workouts.reload()
    #expect(!screen(app).contains("Offline, as of"))
  }

  @Test func theFirstAnswerAfterACopyTellsTheAppTheServerIsBackOnce() async throws {
    api.recorded.withLock {
      $0.reachable = false
      $0.programsCopyFetchedAt = copyTime
    }
    let (_, _, workouts) = try await launch()
    var reconnects = 0
    workouts.onReconnect = { reconnects += 1 }
    await workouts.reload()
    #expect(reconnects == 0)
    api.reachable = true
    await workouts.reload()
    #expect(reconnects == 1)
    await workouts.reload()
    #expect(reconnects == 1)
  }

  @Test func withNoCopyOneLineSaysWhatToDoAndTheTabTriesAgainByItself() async throws {
    api.reachable = false
    let (app, _, workouts) = try await launch()
    let text = screen(app)
    #expect(
      text.contains(
        "Offline, nothing saved yet: connect to the network. Retrying by itself (r now)."))
    // One line: nothing else is said about the missing workouts.
    #expect(!text.contains("No workouts loaded."))
    let reads = api.recorded.withLock { $0.programReads }

    // Before the retry time nothing is asked.
    workouts.upkeep(now: clock.now + 1)
    let retryAt = try #require(workouts.retryAt)
    #expect(api.recorded.withLock { $0.programReads } == reads)

    api.reachable = true
    workouts.upkeep(now: retryAt)
    #expect(await settled { workouts.programsFetchedAt != nil })
    #expect(screen(app).contains("Next workout: Day 1 Push"))
    #expect(workouts.retryAt == nil)
  }

  // NB: docs/decisions/the-apps-files-and-the-api-client.md, "Offline reads": Enter on Today with
  // nothing kept says why.
  @Test func startingFromTodayWithNoCopyAndNoServerSaysSoInsteadOfDoingNothing() async throws {
    api.reachable = false
    let (app, coordinator, workouts) = try await launch()
    app.select(tab: 1)
    #expect(!screen(app).contains("Offline, nothing saved yet"))

    await workouts.startLoadingFirst(planId: "plan_1", dayId: "day_push")

    #expect(coordinator.store.session == nil)
    #expect(screen(app).contains("Offline, nothing saved yet: connect to the network."))
  }

  // NB: docs/decisions/the-coachs-programs.md, "What the trainee reads": Today may name a day of
  // a program assigned since the tab's last load; the start loads it rather than starting an
  // empty workout.
  @Test func startingFromTodayADayTheLoadedProgramsLackLoadsThemFirst() async throws {
    let (_, coordinator, workouts) = try await launch()
    var assigned = FakeWorkoutAPI.program
    assigned.plans[0].id = "plan_coach"
    api.recorded.withLock { $0.changedPrograms = assigned }

    await workouts.startLoadingFirst(planId: "plan_coach", dayId: "day_push")

    let session = try #require(coordinator.store.session)
    #expect(session.programId == "plan_coach")
    #expect(!session.exercises.isEmpty)
  }

  @Test func failedLoadsAreTriedAgainAfter5Then10And20ThenEvery30Seconds() async throws {
    api.reachable = false
    let (_, _, workouts) = try await launch()
    var pauses: [TimeInterval] = []
    for _ in 0..<5 {
      pauses.append(try #require(workouts.retryAt).timeIntervalSince(clock.now))
      await workouts.reload()
    }
    #expect(pauses == [5, 10, 20, 30, 30])
  }

  @Test func programsOlderThanTheirStaleTimeAreFetchedAgainInTheBackground() async throws {
    let (_, _, workouts) = try await launch()
    let fetched = try #require(workouts.programsFetchedAt)
    let reads = api.recorded.withLock { $0.programReads }

    workouts.upkeep(now: fetched + KeptRead.workouts.staleAfter)
    #expect(api.recorded.withLock { $0.programReads } == reads)
    workouts.upkeep(now: fetched + KeptRead.workouts.staleAfter + 1)
    #expect(await settled { api.recorded.withLock { $0.programReads } == reads + 1 })
  }

  @Test func offlineTheCoachsNotificationTextsComeFromTheirCopy() async throws {
    let copies = AnswerCopies(directory: directory.appendingPathComponent("last-good-answers"))
    let body = #"[{"type":"REST_TIMER","enabled":true,"titleTemplate":"Go!"}]"#
    try copies.save(
      AnswerCopy(body: Data(body.utf8), fetchedAt: copyTime), for: KeptRead.notificationConfigs.key)
    // Nothing listens on port 1: the connection is refused, as with no network.
    let client = TraineeAPIClient(baseURL: URL(string: "http://127.0.0.1:1")!, token: "t")
    let clock = clock
    let api = KeptWorkoutAPI(
      reads: KeptReads(client: client, copies: copies, now: { clock.now }, report: { _ in }))
    #expect(
      try await api.notificationConfigs()
        == [NotificationConfigDto(type: "REST_TIMER", enabled: true, titleTemplate: "Go!")])
  }

  @Test func aRefusedTokenIsSaidPlainlyWithHowToGetANewOne() async throws {
    api.recorded.withLock {
      $0.failure = .http(status: 401, error: nil)
      $0.programsCopyFetchedAt = copyTime
    }
    let (app, _, _) = try await launch()
    let text = screen(app)
    // The help is a sentence wider than the screen: it wraps between words, every line fits.
    #expect(text.split(separator: "\n").allSatisfy { TextColumns.of($0) <= size.columns })
    let shown = text.replacingOccurrences(of: "\n", with: " ")
    #expect(shown.contains("the server refused this app's token (401)"))
    #expect(shown.contains("perform --server URL --token-file FILE"))
  }
}
