import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI
import TrainingHistory
import WorkoutSession

/// The history and progress views at 80 × 24 on fixed data, compared character for character
/// with `Goldens/<name>.txt`. `PERFORM_UPDATE_GOLDEN=1` (`make golden`) writes them instead:
/// read the diff before committing.
@MainActor
@Suite(.serialized)
struct HistoryViewGoldenTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens")
  nonisolated static let utc = TimeZone(identifier: "UTC")!

  /// The app with `locale`'s settings, one blank tab, and `api`'s history.
  private func app(
    _ locale: String, _ api: FakeTrainingHistoryAPI
  ) throws -> (
    PerformTerminalApp, HistoryViews, URL
  ) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-golden-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let app = PerformTerminalApp()
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": locale], now: Date())
    app.text = settings.text
    app.setTabs([.init(title: settings.text(.tabWorkouts), screen: BlankScreen())])
    return (
      app, HistoryViews(app: app, api: api, settings: settings, timeZone: { Self.utc }), directory
    )
  }

  /// Twelve weeks of bench press, rising with a stall and a deload, one workout a week.
  private static var benchSets: [LoggedSetDto] {
    let weights: [Double] = [80, 82.5, 85, 85, 87.5, 80, 85, 90, 92.5, 92.5, 95, 97.5]
    return weights.enumerated().flatMap { week, weight in
      let date = Date(timeIntervalSince1970: 1_767_600_000 + Double(week) * 7 * 86_400)
      return (1...3).map { number in
        LoggedSetDto(
          logId: String(week + 1), workoutNumber: week + 1,
          performedAt: ISO8601Instant.text(date), label: "Push", exerciseId: "bench",
          name: "Bench Press", setNumber: number, setType: number == 1 ? .warmup : .working,
          weight: number == 1 ? 40 : weight, reps: number == 1 ? 10 : 5)
      }
    }
  }

  private static var loggedWorkout: WorkoutLogDto {
    func set(
      _ number: Int, _ weight: Double, _ reps: Int, _ type: SetType, _ rir: String?, _ record: Bool
    )
      -> LogSet
    {
      .strength(
        StrengthLogSet(
          setNumber: number, reps: reps, targetReps: 5, weight: weight, rir: rir, rm: nil,
          done: true, setType: type, isRecord: record))
    }
    return WorkoutLogDto(
      id: "12", workoutNumber: 12, loggedAt: "2026-03-23T08:00:00.000Z", programId: "plan_1",
      dayId: "day_push", label: "Push", durationSec: 3780, completed: true, exerciseCount: 2,
      doneSetCount: 6, volumeKg: 2090,
      entries: [
        LogEntry(
          exerciseId: "bench", name: "Bench Press", done: true, tempo: "3-0-1-0",
          sets: [
            set(1, 40, 10, .warmup, nil, false), set(2, 97.5, 5, .working, "1", true),
            set(3, 97.5, 5, .working, "0", false), set(4, 80, 8, .drop, nil, false),
          ]),
        LogEntry(
          exerciseId: "dips", name: "Dips", done: true, tempo: nil,
          sets: [set(1, 10, 10, .working, "2", false), set(2, 10, 9, .working, "1", false)]),
      ])
  }

  private func frame(_ app: PerformTerminalApp) -> String {
    app.frame(size: TerminalSize(rows: 24, columns: 80), now: Date()).lines
      .map { $0.plainText.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
      .joined(separator: "\n") + "\n"
  }

  @Test(arguments: [
    ("history-en-US", "en_US.UTF-8"), ("history-de", "de_DE.UTF-8"),
  ])
  func theWorkoutViewMatchesItsGolden(name: String, locale: String) async throws {
    let api = FakeTrainingHistoryAPI()
    api.state.withLock { $0.logs["12"] = Self.loggedWorkout }
    let (app, views, directory) = try app(locale, api)
    defer { try? FileManager.default.removeItem(at: directory) }
    views.openLog(id: "12") {}
    #expect(await settled { frame(app).contains("Bench Press") })
    try Self.compare(frame(app), "\(name).txt")
  }

  @Test(arguments: [
    ("progress-en-US", "en_US.UTF-8", 0), ("progress-de-volume", "de_DE.UTF-8", 2),
  ])
  func theProgressViewMatchesItsGolden(name: String, locale: String, chart: Int) async throws {
    let api = FakeTrainingHistoryAPI(pageSize: 10)
    api.state.withLock { $0.sets = Self.benchSets }
    let (app, views, directory) = try app(locale, api)
    defer { try? FileManager.default.removeItem(at: directory) }
    views.openProgress(NamedExercise(id: "bench", name: "Bench Press"))
    #expect(await settled { frame(app).contains("┤") })
    for _ in 0..<chart { _ = app.handle(.right, now: Date()) }
    try Self.compare(frame(app), "\(name).txt")
  }

  static func compare(_ actual: String, _ file: String) throws {
    let url = goldens.appendingPathComponent(file)
    if ProcessInfo.processInfo.environment["PERFORM_UPDATE_GOLDEN"] == "1" {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "\(file) differs from its golden")
  }
}
