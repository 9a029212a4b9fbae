import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI

/// The workouts tab shows the history a page at a time and fetches older pages on request
/// (the server pages the history).
@MainActor
struct WorkoutHistoryPagesTests {
  let directory: URL
  let api = FakeWorkoutAPI(historyPageSize: 2)
  let size = TerminalSize(rows: 80, columns: 110)

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-app-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  private func logged(_ number: Int) -> WorkoutLogDto {
    WorkoutLogDto(
      id: "log_\(number)", workoutNumber: number, loggedAt: "2026-11-\(10 + number)T10:00:00.000Z",
      programId: "plan_1", dayId: "day_push", label: "Day 1", durationSec: 3000, completed: true,
      exerciseCount: 3, doneSetCount: 4, volumeKg: 1000 + number, entries: nil)
  }

  /// The app with only the workouts tab, its first history page loaded from five logged
  /// workouts (#5 to #1, two a page).
  private func workoutsTabWithFiveLoggedWorkouts() async throws -> PerformTerminalApp {
    api.recorded.withLock { $0.history = (1...5).reversed().map(logged) }
    let app = PerformTerminalApp()
    let coordinator = try WorkoutCoordinator(dataDirectory: directory, api: api)
    coordinator.host = app
    let workouts = WorkoutsScreen(
      coordinator: coordinator, api: api, host: app, openLiveWorkout: {})
    app.setTabs([.init(title: "Workouts", screen: workouts)])
    await workouts.reload()
    return app
  }

  @Test func olderPagesAreFetchedWithEnterOnTheLastLineUntilNoneIsLeft() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let app = try await workoutsTabWithFiveLoggedWorkouts()
    func screen() -> String { app.frame(size: size, now: Date()).plainText }
    #expect(screen().contains("#5") && screen().contains("#4") && !screen().contains("#3"))
    #expect(screen().contains("Older workouts (Enter)"))
    for _ in 0..<50 { _ = app.handle(.down, now: Date()) }
    _ = app.handle(.enter, now: Date())
    #expect(await settled { screen().contains("#2") })
    #expect(!screen().contains("#1"))
    for _ in 0..<50 { _ = app.handle(.down, now: Date()) }
    _ = app.handle(.enter, now: Date())
    #expect(await settled { screen().contains("#1") })
    #expect(!screen().contains("Older workouts"))
    let numbers = screen().split(separator: "\n").compactMap { line in
      line.split(separator: " ").first { $0.hasPrefix("#") }
    }
    #expect(numbers == ["#5", "#4", "#3", "#2", "#1"])
  }
}

extension WorkoutHistoryPagesTests {
  @Test func theCursorReachingTheEndLoadsTheNextPage() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let app = try await workoutsTabWithFiveLoggedWorkouts()
    func screen() -> String { app.frame(size: size, now: Date()).plainText }
    #expect(!screen().contains("#3"))
    // Down to the last logged workout shown: nothing more is fetched yet.
    for _ in 0..<50 where !screen().contains("▶ #4") { _ = app.handle(.down, now: Date()) }
    #expect(screen().contains("▶ #4"))
    await Task.yield()
    #expect(!screen().contains("#3") && !screen().contains("Loading older workouts"))
    // One more: the cursor is at the end, and the next page comes without Enter.
    _ = app.handle(.down, now: Date())
    #expect(await settled { screen().contains("#3") && screen().contains("#2") })
    #expect(!screen().contains("#1"))
  }
}
