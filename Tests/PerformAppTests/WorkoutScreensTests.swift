import Foundation
import LiveWorkoutScreens
import NutritionLog
import NutritionScreens
import PerformApp
import RestTimer
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI
import WorkoutLogDelivery
import WorkoutSession

/// The workout side of the terminal app driven by keys, as a person would, on a fake server.
@MainActor
struct WorkoutScreensTests {
  let directory: URL
  let api = FakeWorkoutAPI()
  let size = TerminalSize(rows: 60, columns: 110)

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-app-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// The app with its workout tabs on `directory`, the workouts loaded.
  func launch() async throws -> (PerformTerminalApp, WorkoutCoordinator, WorkoutsScreen) {
    let tabs = try await WorkoutTabs(directory: directory, api: api)
    return (tabs.app, tabs.coordinator, tabs.workouts)
  }

  func type(_ text: String, into app: PerformTerminalApp) {
    for character in text {
      let key: Key = character == "\n" ? .enter : .character(character)
      _ = app.handle(key, now: Date())
    }
  }

  func screen(_ app: PerformTerminalApp) -> String {
    app.frame(size: size, now: Date()).plainText
  }

  func bench(_ coordinator: WorkoutCoordinator) throws -> SessionExercise {
    try #require(coordinator.store.session?.exercises.first)
  }

  @Test func theWorkoutsTabListsTheDaysAndTheNextWorkout() async throws {
    let (app, _, _) = try await launch()
    let text = screen(app)
    #expect(text.contains("Next workout: Day 1 Push"))
    #expect(text.contains("Strength block"))
    #expect(text.contains("Day 2"))
    #expect(text.contains("Nothing logged yet."))
  }

  @Test func enterStartsTheDayAndOpensTheLiveWorkoutOnItsFirstSet() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    #expect(app.selectedTab == 1)
    let session = try #require(coordinator.store.session)
    #expect(session.dayId == "day_push" && session.started)
    let text = screen(app)
    #expect(text.contains("Push — Chest"))
    #expect(text.contains("Bench press"))
    // The placeholders from last time are shown greyed, in parentheses.
    #expect(text.contains("(57.5)"))
    // The card is drawn at the top.
    #expect(text.contains("╭"))
  }

  @Test func typingDigitsEntersTheValuesAndSpaceChecksTheSet() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type("62.5\n6\n2\n", into: app)
    var set = try bench(coordinator).sets[0]
    #expect((set.weight, set.reps, set.rir) == ("62.5", "6", "2"))
    type(" ", into: app)
    set = try bench(coordinator).sets[0]
    #expect(set.done)
    // 62.5 × 6 beats the best of 60 × 5: a record, celebrated.
    #expect(set.isPr)
    #expect(screen(app).contains("New personal record: Bench press 62.5 kg × 6"))
    #expect(app.bells == 1)
    // The rest of 1:30 starts and its bar is drawn.
    #expect(coordinator.store.state.rest.isRunning)
    #expect(screen(app).contains("Rest 1:"))
    // The cursor moved to set 2: checking it commits the placeholders.
    type(" ", into: app)
    let second = try bench(coordinator).sets[1]
    #expect(second.done && second.weight == "57.5" && second.reps == "8")
  }

  @Test func lettersCannotBeTypedIntoAValueAndABadNumberIsRefusedWithItsReason() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type("6x0y\n", into: app)
    #expect(try bench(coordinator).sets[0].weight == "60")
    // The cursor moved on to reps, which take whole numbers: the check is refused, with why.
    type("1.5\n ", into: app)
    #expect(try bench(coordinator).sets[0].reps == "1.5")
    #expect(try !bench(coordinator).sets[0].done)
    #expect(app.message?.isEmpty == false)
  }

  @Test func theRestBarKeysMoveAndSkipTheOneRest() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type(" ", into: app)
    let clock = try #require(coordinator.store.state.rest.clock)
    type("+", into: app)
    #expect(coordinator.store.state.rest.clock?.endsAt == clock.endsAt + 15)
    type("-", into: app)
    type("-", into: app)
    #expect(coordinator.store.state.rest.clock?.endsAt == clock.endsAt - 15)
    type("s", into: app)
    #expect(coordinator.store.state.rest.clock == nil)
    #expect(!screen(app).contains("Rest 1:"))
  }

  @Test func aSubstituteIsPickedSavedOnTheServerAndUndone() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type("S", into: app)
    #expect(screen(app).contains("Do instead of Bench press:"))
    _ = app.handle(.down, now: Date())
    _ = app.handle(.enter, now: Date())
    #expect(try bench(coordinator).name == "Dumbbell bench press")
    #expect(screen(app).contains("substitute for Bench press"))
    #expect(
      await settled { api.recorded.withLock { $0.substitutions.count } == 1 })
    type("U", into: app)
    #expect(try bench(coordinator).name == "Bench press")
    #expect(
      await settled {
        api.recorded.withLock { $0.substitutions.last?.toExerciseId } == "ex_bench"
      })
  }

  @Test func theTechniquePromptTakesAURLAndCoachFeedbackIsDismissed() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    #expect(screen(app).contains("Coach: Elbows in"))
    type("D", into: app)
    #expect(try bench(coordinator).coachFeedback == nil)
    #expect(await settled { api.recorded.withLock { $0.seen } == ["v9"] })
    type(" ", into: app)
    #expect(screen(app).contains("technique video"))
    type("v", into: app)
    for character in "example.com/v.mp4" { _ = app.handle(.character(character), now: Date()) }
    _ = app.handle(.enter, now: Date())
    #expect(try bench(coordinator).videoSent)
    #expect(
      await settled {
        api.recorded.withLock { $0.videos.first?.url } == "https://example.com/v.mp4"
      })
  }

  @Test func aSetIsAddedAndRemovedButNeverTheLast() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type("a", into: app)
    #expect(try bench(coordinator).sets.count == 3)
    type("xxx", into: app)
    #expect(try bench(coordinator).sets.count == 1)
    #expect(app.message?.isEmpty == false)
  }

  @Test func finishingOfflineKeepsTheWorkoutAndTheLogUntilTheServerTakesIt() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type("60\n5\n ", into: app)
    api.reachable = false
    type("Fy", into: app)
    #expect(
      await settled {
        if case .waiting = coordinator.finish { true } else { false }
      })
    // The session stays and the log waits on disk.
    #expect(coordinator.store.session != nil)
    let outbox = WorkoutLogOutbox(dataDirectory: directory)
    let waiting = try #require(outbox.load(now: Date()).log)
    #expect(screen(app).contains("the log is kept, not sent yet"))
    api.reachable = true
    type("r", into: app)
    #expect(
      await settled {
        if case .accepted = coordinator.finish { true } else { false }
      })
    #expect(coordinator.store.session == nil)
    #expect(outbox.load(now: Date()).log == nil)
    let logs = api.recorded.withLock { $0.logs }
    #expect(logs.count == 1)
    #expect(logs.first?.key == waiting.idempotencyKey)
    let text = screen(app)
    #expect(text.contains("Workout complete!"))
    #expect(text.contains("Push: workout #1"))
    #expect(text.contains("Sets done       1 of 4"))
  }

  /// docs/specs/workout-session.md, "Moving or cancelling the alert": finishing ends the rest, its
  /// alert and the reminders the moment the trainee finishes, while the log still waits for the
  /// server.
  @Test func finishingMidRestEndsTheRestAndTheRemindersBeforeTheServerAnswers() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type("60\n5\n ", into: app)
    #expect(coordinator.store.state.rest.clock != nil)
    #expect(coordinator.store.state.reminders.idleScheduledAt == 1)
    api.reachable = false

    type("Fy", into: app)

    #expect(
      await settled {
        if case .waiting = coordinator.finish { true } else { false }
      })
    #expect(coordinator.store.session?.finishedAt != nil)
    #expect(coordinator.store.state.rest.clock == nil)
    #expect(coordinator.store.state.reminders == WorkoutReminders())
    #expect(coordinator.card == nil)
  }

  @Test func discardingMidRestEndsTheRestAndTheReminders() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type("60\n5\n ", into: app)
    #expect(coordinator.store.state.rest.clock != nil)

    type("Xy", into: app)

    #expect(coordinator.store.session == nil)
    #expect(coordinator.store.state.rest.clock == nil)
    #expect(coordinator.store.state.reminders == WorkoutReminders())
  }

  @Test func aRelaunchComesBackToTheWorkoutAndSendsAWaitingLogWithTheSameKey() async throws {
    var key: String?
    do {
      let (app, coordinator, _) = try await launch()
      _ = app.handle(.enter, now: Date())
      type("70\n3\n", into: app)
      #expect(try bench(coordinator).sets[0].weight == "70")
      coordinator.close()
    }
    do {
      let (_, coordinator, _) = try await launch()
      #expect(try bench(coordinator).sets[0].weight == "70")
      #expect(try bench(coordinator).sets[0].reps == "3")
      api.reachable = false
      coordinator.finishWorkout()
      #expect(
        await settled {
          if case .waiting = coordinator.finish { true } else { false }
        })
      key = WorkoutLogOutbox(dataDirectory: directory).load(now: Date()).log?.idempotencyKey
      coordinator.close()
    }
    api.reachable = true
    let (_, coordinator, _) = try await launch()
    #expect(
      await settled {
        if case .accepted = coordinator.finish { true } else { false }
      })
    #expect(api.recorded.withLock { $0.logs.map(\.key) } == [try #require(key)])
    #expect(coordinator.store.session == nil)
  }

  @Test func aLogTheServerRefusesIsKeptAndNotRetriedByItself() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    api.recorded.withLock { $0.refuseLogs = true }
    type("Fy", into: app)
    #expect(
      await settled {
        if case .waiting(_, nil) = coordinator.finish { true } else { false }
      })
    #expect(screen(app).contains("the server answered 400"))
    #expect(coordinator.isFinishing)
  }

  @Test func aKeyTheServerHoldsForAnotherWorkoutIsShownAndTheLogKeptWithThatKey() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    api.recorded.withLock { $0.keysHeldByOtherWorkouts = 1 }
    type("Fy", into: app)
    #expect(
      await settled {
        if case .waiting(_, nil) = coordinator.finish { true } else { false }
      })
    #expect(screen(app).contains("the server answered 422"))
    let tried = api.recorded.withLock { $0.keysTried }
    #expect(tried.count == 1)
    #expect(
      WorkoutLogOutbox(dataDirectory: directory).load(now: Date()).log?.idempotencyKey
        == tried.first)
    #expect(coordinator.isFinishing)
    // Sent again when asked, with the same key.
    coordinator.retryNow()
    #expect(
      await settled {
        if case .accepted = coordinator.finish { true } else { false }
      })
    #expect(api.recorded.withLock { ($0.keysTried, $0.logs.map(\.key)) } == (tried + tried, tried))
  }

  @Test func aRefusedLogCanBeKeptAsideSoTheNextWorkoutCanStart() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    api.recorded.withLock { $0.refuseLogs = true }
    type("Fy", into: app)
    #expect(
      await settled {
        if case .waiting(_, nil) = coordinator.finish { true } else { false }
      })
    let pending = try #require(WorkoutLogOutbox(dataDirectory: directory).load(now: Date()).log)
    #expect(screen(app).contains("K to keep it aside"))
    type("Kn", into: app)
    #expect(coordinator.isFinishing)
    type("Ky", into: app)
    #expect(!coordinator.isFinishing)
    #expect(coordinator.store.session == nil)
    #expect(WorkoutLogOutbox(dataDirectory: directory).load(now: Date()).log == nil)
    let refused = directory.appendingPathComponent("refused-workout-logs")
    let names = try FileManager.default.contentsOfDirectory(atPath: refused.path)
    #expect(names.count == 1)
    let kept = try JSONDecoder().decode(
      PendingWorkoutLog.self,
      from: Data(contentsOf: refused.appendingPathComponent(try #require(names.first))))
    #expect(kept == pending)
    #expect(app.message?.contains(refused.path) == true)
    // The next workout starts.
    app.select(tab: 0)
    _ = app.handle(.enter, now: Date())
    #expect(coordinator.store.session?.started == true)
  }

  @Test func aLogWaitingForTheNetworkCannotBeSetAside() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    api.reachable = false
    type("Fy", into: app)
    #expect(
      await settled {
        if case .waiting(_, .some) = coordinator.finish { true } else { false }
      })
    #expect(!coordinator.logWasRefused)
    type("Ky", into: app)
    #expect(coordinator.isFinishing)
    #expect(WorkoutLogOutbox(dataDirectory: directory).load(now: Date()).log != nil)
    #expect(try coordinator.setAsideRefusedLog() == nil)
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("refused-workout-logs").path))
  }

  @Test func discardNeedsAYes() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type("Xn", into: app)
    #expect(coordinator.store.session != nil)
    type("Xy", into: app)
    #expect(coordinator.store.session == nil)
    #expect(screen(app).contains("No workout in progress."))
  }

  @Test func helpListsTheKeysOfTheScreen() async throws {
    let (app, _, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type("?", into: app)
    let text = screen(app)
    #expect(text.contains("check/uncheck set"))
    #expect(text.contains("finish workout"))
    #expect(text.contains("Ctrl-C"))
    _ = app.handle(.escape, now: Date())
    #expect(!app.showingHelp)
    #expect(app.handle(.control("c"), now: Date()) == .quit)
  }

  @Test func theCardsCheckmarkTapGoesThroughThePendingQueue() async throws {
    let (app, coordinator, _) = try await launch()
    _ = app.handle(.enter, now: Date())
    type("!", into: app)
    #expect(app.message == nil)
    let set = try bench(coordinator).sets[0]
    #expect(set.done && set.weight == "57.5" && set.reps == "8")
    let pending = directory.appendingPathComponent("live-activity/pending")
    #expect((try? FileManager.default.contentsOfDirectory(atPath: pending.path))?.isEmpty ?? true)
  }

  @Test func aLaunchRemovesTemporariesAKillLeftInTheDataDirectoriesAndKeepsFreshOnes() throws {
    let now = Date(timeIntervalSince1970: 1_767_607_200)
    let pending = directory.appendingPathComponent("live-activity/pending")
    let session = directory.appendingPathComponent("workout-session")
    var orphans: [URL] = []
    var inFlight: [URL] = []
    for folder in [directory, pending, session] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for age: TimeInterval in [2 * 3600, 60] {
        let url = folder.appendingPathComponent(".writing-\(UUID().uuidString).tmp")
        try Data(#"{"partial"#.utf8).write(to: url)
        try FileManager.default.setAttributes(
          [.modificationDate: now - age], ofItemAtPath: url.path)
        if age > 3600 { orphans.append(url) } else { inFlight.append(url) }
      }
    }

    // What `perform app` does on launch: the workout, the nutrition edits, the card's taps.
    let coordinator = try WorkoutCoordinator(dataDirectory: directory, api: api, now: { now })
    defer { coordinator.close() }
    var edits = NutritionEdits()
    #expect(NutritionEditsFile(dataDirectory: directory).restore(into: &edits, now: now) == nil)
    #expect(coordinator.applyPendingCommands().isEmpty)

    for url in orphans { #expect(!FileManager.default.fileExists(atPath: url.path)) }
    for url in inFlight { #expect(FileManager.default.fileExists(atPath: url.path)) }
  }

  @Test func theNutritionEditsFileSweepsTheDataDirectoryWhenItIsRead() throws {
    let now = Date(timeIntervalSince1970: 1_767_607_200)
    let orphan = directory.appendingPathComponent(".writing-\(UUID().uuidString).tmp")
    let inFlight = directory.appendingPathComponent(".writing-\(UUID().uuidString).tmp")
    for (url, age) in [(orphan, 2.0 * 3600), (inFlight, 60)] {
      try Data(#"{"2026-0-5""#.utf8).write(to: url)
      try FileManager.default.setAttributes([.modificationDate: now - age], ofItemAtPath: url.path)
    }

    let loaded = NutritionEditsFile(dataDirectory: directory).load(now: now)

    #expect(loaded.snapshots.isEmpty && loaded.problem == nil)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == [
        inFlight.lastPathComponent
      ])
  }

  @Test func aLoggedWorkoutIsDeletedAfterAYes() async throws {
    api.recorded.withLock {
      $0.history = [
        WorkoutLogDto(
          id: "log_7", workoutNumber: 7, loggedAt: "2026-11-28T10:00:00.000Z", programId: "plan_1",
          dayId: "day_push", label: "Day 1", durationSec: 3000, completed: true, exerciseCount: 3,
          doneSetCount: 4, volumeKg: 1200, entries: nil)
      ]
    }
    let (app, _, workouts) = try await launch()
    #expect(screen(app).contains("Next workout: Day 2 Pull"))
    for _ in 0..<2 { _ = app.handle(.down, now: Date()) }
    type("d", into: app)
    #expect(screen(app).contains("delete? (y/n)"))
    type("y", into: app)
    #expect(await settled { api.recorded.withLock { $0.history.isEmpty } })
    await workouts.reload()
    #expect(screen(app).contains("Nothing logged yet."))
  }
}

/// Lets the main actor run the work the screens started (server calls on the fake) until
/// `condition` holds; gives up after a bounded number of short pauses.
@MainActor
func settled(_ condition: @MainActor () -> Bool) async -> Bool {
  for _ in 0..<5_000 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}
