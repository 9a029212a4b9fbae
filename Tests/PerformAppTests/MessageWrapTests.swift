import Foundation
import NutritionLog
import PerformTestSupport
import TerminalUI
import Testing
import TextColumns
import TraineeAPI
import TrainingHistory
import WorkoutSession

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// Every screen's sentences wrap between words instead of being cut by the renderer: drawn at
/// 80 columns in German and 100 in English, no line is wider than the screen and every long
/// message appears whole (issue 29: "Shown from the diar", "versuche andere Wör…").
@MainActor
struct MessageWrapTests {
  nonisolated static let widths: [(locale: String, columns: Int)] = [
    ("de_DE.UTF-8", 80), ("en_US.UTF-8", 100),
  ]
  /// A coach's long day title and exercise name: the coach's words, as long as they like.
  static let longTitle =
    "Push — chest, shoulders and triceps with paused bench and incline dumbbell work"
  static let longExercise = "Barbell Bench Press (paused, competition grip, two-second pause)"

  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-wrap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// The frame's text at `columns`, checked to fit, and its words joined by single spaces (so a
  /// wrapped sentence reads as one).
  func shown(_ app: PerformTerminalApp, columns: Int) -> String {
    let lines = app.frame(size: TerminalSize(rows: 40, columns: columns), now: Date()).lines
      .map(\.plainText)
    for line in lines {
      #expect(TextColumns.of(line) <= columns, "cut at \(columns): \(line)")
    }
    return Self.words(lines.joined(separator: " "))
  }

  static func words(_ text: String) -> String {
    text.split(separator: " ").joined(separator: " ")
  }

  func settings(_ locale: String) -> AppSettingsStore {
    AppSettingsStore(dataDirectory: directory, environment: ["LANG": locale], now: Date())
  }

  @Test(arguments: widths.map(\.locale))
  func workoutsTabSaysWhyItShowsACopyWhole(locale: String) async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let columns = try #require(Self.widths.first { $0.locale == locale }).columns
    let api = FakeWorkoutAPI()
    api.recorded.withLock {
      $0.failure = .http(status: 401, error: nil)
      $0.programsCopyFetchedAt = Date(timeIntervalSince1970: 1_767_609_120)
    }
    let settings = settings(locale)
    let app = PerformTerminalApp()
    app.text = settings.text
    let coordinator = try WorkoutCoordinator(
      dataDirectory: directory, api: api, language: settings.current.language)
    coordinator.host = app
    let workouts = WorkoutsScreen(
      coordinator: coordinator, api: api, host: app,
      timeZone: { TimeZone(identifier: "UTC")! }, openLiveWorkout: {})
    workouts.language = { settings.current.language }
    app.setTabs([.init(title: settings.text(.tabWorkouts), screen: workouts)])
    await workouts.reload()
    let text = shown(app, columns: columns)
    let help = try #require(
      OfflineText.help(for: .http(status: 401, error: nil), text: settings.text))
    #expect(text.contains(Self.words(help)), "\(help) not whole in \(text)")
  }

  @Test(arguments: widths.map(\.locale))
  func todaySaysTheCoachsLongTitleWhole(locale: String) async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let columns = try #require(Self.widths.first { $0.locale == locale }).columns
    let api = FakeWorkoutAPI()
    let settings = settings(locale)
    let app = PerformTerminalApp()
    app.text = settings.text
    let coordinator = try WorkoutCoordinator(
      dataDirectory: directory, api: api, language: settings.current.language)
    coordinator.host = app
    let home = FakeTodayAPI.home.replacingOccurrences(
      of: "\"title\": \"Push\"", with: "\"title\": \"\(Self.longTitle)\"")
    let today = TodayScreen(
      environment: .init(
        api: FakeTodayAPI(answer: home), workouts: api, coordinator: coordinator,
        nutritionEdits: { NutritionEdits() }, now: { Date() },
        timeZone: { TimeZone(identifier: "UTC")! },
        startWorkout: { _, _ in }, openLiveWorkout: {}, openNutrition: {}),
      settings: settings, host: app)
    app.setTabs([.init(title: settings.text(.tabToday), screen: today)])
    await today.reload()
    let text = shown(app, columns: columns)
    let next = settings.text(.todayNextWorkout, ["title": Self.longTitle])
    #expect(text.contains(Self.words(next)), "\(next) not whole in \(text)")
  }

  @Test(arguments: widths.map(\.locale))
  func progressAndHistorySayTheirSentencesWhole(locale: String) async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let columns = try #require(Self.widths.first { $0.locale == locale }).columns
    let api = FakeTrainingHistoryAPI()
    let settings = settings(locale)
    let app = PerformTerminalApp()
    app.text = settings.text
    app.setTabs([.init(title: "Workouts", screen: BlankScreen())])
    let views = HistoryViews(
      app: app, api: api, settings: settings, timeZone: { TimeZone(identifier: "UTC")! })
    // No sets yet: the progress view says the chart starts with the first workout.
    views.openProgress(NamedExercise(id: "bench", name: Self.longExercise))
    let none = settings.text(.progressNoSets, ["exercise": Self.longExercise])
    #expect(await settled { shown(app, columns: columns).contains(Self.words(none)) })
    // A workout that cannot be loaded says why.
    _ = app.handle(.escape, now: Date())
    api.state.withLock { $0.failing = true }
    views.openLog(id: "7") {}
    let sentence = settings.text(.historyNotLoaded, ["reason": "\u{1}"])
      .components(separatedBy: "\u{1}")
    #expect(await settled { shown(app, columns: columns).contains(Self.words(sentence[0])) })
    #expect(shown(app, columns: columns).contains(Self.words(sentence[1])))
  }
}
