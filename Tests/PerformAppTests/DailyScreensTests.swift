import Foundation
import LiveActivity
import NutritionLog
import TerminalUI
import Testing
import TraineeAPI
import TraineeClient
import WorkoutSession

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// Settings applied to the live workout, the plates, the finished workout and Today,
/// driven by keys on a fake server.
@MainActor
struct DailyScreensTests {
  let directory: URL
  let api = FakeWorkoutAPI()
  let size = TerminalSize(rows: 60, columns: 110)

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-daily-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  struct Launched {
    var app: PerformTerminalApp
    var coordinator: WorkoutCoordinator
    var settings: AppSettingsStore
    var today: TodayScreen
    var started: [(String, String)] { startedBox.value }
    let startedBox: Box
  }

  final class Box {
    var value: [(String, String)] = []
  }

  /// The app with Today, Workouts, Live and Settings in the locale `lang`, the workouts loaded.
  func launch(lang: String, home: String = FakeTodayAPI.home) async throws -> Launched {
    let app = PerformTerminalApp()
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": lang], now: Date())
    app.text = settings.text
    let coordinator = try WorkoutCoordinator(
      dataDirectory: directory, api: api, language: settings.current.language)
    coordinator.host = app
    coordinator.show(language: settings.current.language, units: settings.current.units)
    let workouts = WorkoutsScreen(
      coordinator: coordinator, api: api, host: app,
      openLiveWorkout: { [weak app] in app?.select(tab: 2) })
    workouts.units = { settings.current.units }
    workouts.language = { settings.current.language }
    let live = LiveWorkoutScreen(
      coordinator: coordinator, host: app, openWorkouts: { [weak app] in app?.select(tab: 0) })
    live.settings = settings
    let box = Box()
    let today = TodayScreen(
      environment: .init(
        api: FakeTodayAPI(answer: home), workouts: api, coordinator: coordinator,
        nutritionEdits: { NutritionEdits() }, now: { Date() },
        timeZone: { TimeZone(identifier: "UTC")! },
        startWorkout: { box.value.append(($0, $1)) }, openLiveWorkout: {}, openNutrition: {}),
      settings: settings, host: app)
    app.setTabs(
      [
        .init(title: settings.text(.tabToday), screen: today),
        .init(title: settings.text(.tabWorkouts), screen: workouts),
        .init(title: settings.text(.tabLive), screen: live),
        .init(
          title: settings.text(.tabSettings), screen: SettingsScreen(settings: settings, host: app)),
      ], selected: 1)
    await workouts.reload()
    await today.reload()
    return Launched(
      app: app, coordinator: coordinator, settings: settings, today: today, startedBox: box)
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

  @Test func aUSLocaleStartsInPoundsLogsKilogramsAndLoadsA45PoundBar() async throws {
    let launched = try await launch(lang: "en_US.UTF-8")
    let app = launched.app
    _ = app.handle(.enter, now: Date())
    let session = try #require(launched.coordinator.store.session)
    #expect(session.units == .imperial)
    // Last time's 57.5 kg, in pounds, under a column named for the unit.
    var text = screen(app)
    #expect(text.contains("(126.8)"))
    #expect(text.contains("lb       Reps"))
    #expect(text.contains("best 132.3 lb × 5"))

    type("P", into: app)
    text = screen(app)
    // 40 lb a side makes 125, nearer than 130 (42.5 a side).
    #expect(text.contains("Per side: 35 + 5  (45 lb bar)"))
    #expect(text.contains("126.8 lb cannot be loaded: nearest 125 lb"))
    #expect(text.contains("Warm-up: 45 × 10, 50 × 5, 75 × 3, 100 × 2 lb"))

    // W: the ladder to 125 lb before the bench's sets, in pounds, as warm-up sets.
    type("W", into: app)
    let bench = try #require(launched.coordinator.store.session?.exercises.first)
    #expect(bench.sets.prefix(4).map(\.weight) == ["45", "50", "75", "100"])
    #expect(bench.sets.prefix(4).map(\.type) == [.warmup, .warmup, .warmup, .warmup])
    #expect(bench.sets.map(\.setNumber) == [1, 2, 3, 4, 5, 6])
    #expect(screen(app).contains("4 warm-up sets added before Bench press."))
    // A second W once a set is checked is refused, and nothing changes.
    type(" ", into: app)
    type("V", into: app)
    type("kW", into: app)
    #expect(launched.coordinator.store.session?.exercises.first?.sets.count == 6)
    // On to the first working set.
    type("jjjj", into: app)
    type("135\n8\n ", into: app)
    type("P", into: app)
    #expect(!screen(app).contains("Per side:"))
    type("V", into: app)
    type("Fy", into: app)
    #expect(
      await settled {
        if case .accepted = launched.coordinator.finish { true } else { false }
      })
    let logged = try #require(api.recorded.withLock { $0.logs.first?.payload })
    let json = String(decoding: try JSONEncoder().encode(logged), as: UTF8.self)
    // 135 lb, logged in kilograms to the gram; the checked warm-up, 45 lb, too.
    #expect(json.contains("\"weight\":61.235"))
    #expect(json.contains("\"weight\":20.412"))
    text = screen(app)
    #expect(text.contains("Volume          1530 lb"))
    #expect(text.contains("Press Enter to go on to Today."))
    _ = app.handle(.enter, now: Date())
    #expect(app.selectedTab == 0)
  }

  @Test func aGermanLocaleWritesCommasAndTheFinishedWorkoutHasItsDurationAndRecords()
    async throws
  {
    let launched = try await launch(lang: "de_DE.UTF-8")
    let app = launched.app
    #expect(screen(app).contains("Tab wechseln · ? Hilfe · q beenden"))
    _ = app.handle(.enter, now: Date())
    #expect(launched.coordinator.store.session?.units == .metric)
    #expect(screen(app).contains("(57,5)"))
    // 70 kg × 8 beats the best, 60 × 5: a record.
    type("70\n8\n ", into: app)
    type("V", into: app)
    #expect(screen(app).contains("70 "))
    type("P", into: app)
    // The cursor is on set 2 now, last time's 57,5 kg.
    #expect(screen(app).contains("Pro Seite: 15 + 2,5 + 1,25  (Stange 20 kg)"))
    type("Fy", into: app)
    #expect(
      await settled {
        if case .accepted = launched.coordinator.finish { true } else { false }
      })
    let text = screen(app)
    #expect(text.contains("Training abgeschlossen!"))
    #expect(text.contains("Push: Training #1"))
    #expect(text.contains("Dauer"))
    #expect(text.contains("Sätze erledigt    1 von 4"))
    #expect(text.contains("🏆 Bench press 70 kg × 8 (geschätztes 1RM 88,7 kg)"))
    #expect(text.contains("Enter führt weiter zu Heute."))
    // Today reads home again once the workout is accepted.
    let before = launched.today.reloads
    launched.today.upkeep(now: Date())
    #expect(await settled { launched.today.reloads > before })
  }

  @Test func todayShowsTheNextWorkoutNutritionAndHistoryAndStartsTheWorkout() async throws {
    api.recorded.withLock {
      $0.history = [
        WorkoutLogDto(
          id: "w1", workoutNumber: 7, loggedAt: "2020-01-06T10:00:00.000Z", programId: "plan_1",
          dayId: "day_push", label: "Day 1", durationSec: 3000, completed: true,
          exerciseCount: 3, doneSetCount: 4, volumeKg: 1000, entries: nil)
      ]
    }
    let launched = try await launch(lang: "C.UTF-8")
    launched.app.select(tab: 0)
    let text = screen(launched.app)
    #expect(text.contains("Next workout: Push"))
    #expect(text.contains("Eaten 1250 of 2000 kcal"))
    #expect(text.contains("Protein 80 of 150 g"))
    #expect(text.contains("Plan day: Cut · Training day"))
    #expect(text.contains("Last workout: #7 Day 1, Monday, January 6"))
    #expect(text.contains("Workouts this week: 0"))
    _ = launched.app.handle(.enter, now: Date())
    #expect(launched.started.map { "\($0.0)/\($0.1)" } == ["plan_1/day_push"])
  }

  @Test func aFocusReportIsNoKeyPressAndSaysWhetherTheTerminalHasTheFocus() async throws {
    let launched = try await launch(lang: "C.UTF-8")
    let app = launched.app
    #expect(app.terminalFocused == nil)
    app.show(message: "Rest is over")
    let before = screen(app)
    #expect(app.handle(.focusOut, now: Date()) == .none)
    #expect(app.terminalFocused == false)
    #expect(screen(app) == before)
    _ = app.handle(.focusIn, now: Date())
    #expect(app.terminalFocused == true)
    #expect(app.message == "Rest is over")
  }

  @Test func theWeekCountsMondayToNowInTheTraineesZone() {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    // Wednesday 2 December 2026, 12:00 UTC.
    let now = Date(timeIntervalSince1970: 1_796_212_800)
    let logged = [
      "2026-11-29T22:59:00.000Z",  // Sunday 23:59 in Berlin: last week
      "2026-11-29T23:00:00.000Z",  // Monday 00:00 in Berlin
      "2026-12-02T11:00:00Z",
      "2026-12-02T13:00:00.000Z",  // after now
      "not a date",
    ]
    #expect(TodayScreen.countThisWeek(logged, now: now, zone: zone) == 2)
  }

  @Test func settingsChangeWithOneKeyAreSavedAndRefuseABadBar() async throws {
    let launched = try await launch(lang: "en_GB.UTF-8")
    let app = launched.app
    app.select(tab: 3)
    #expect(screen(app).contains("Language  English  (from the environment)"))
    _ = app.handle(.enter, now: Date())
    #expect(launched.settings.current.language == .de)
    #expect(screen(app).contains("Sprache    Deutsch  (hier gewählt)"))
    // The bar: 0 is refused under the row and nothing is saved.
    type("jj\n", into: app)
    for _ in 0..<3 { _ = app.handle(.backspace, now: Date()) }
    type("0\n", into: app)
    #expect(screen(app).contains("„0“ ist kein Gewicht"))
    #expect(launched.settings.current.barbell.bar == 20)
    for _ in 0..<3 { _ = app.handle(.backspace, now: Date()) }
    type("15\n", into: app)
    #expect(launched.settings.current.barbell.bar == 15)
    let again = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": "en_GB.UTF-8"], now: Date())
    #expect(again.current == launched.settings.current)
    // `e` on the language goes back to the environment's.
    type("kke", into: app)
    #expect(launched.settings.current.language == .en)
  }
}

/// Home from memory.
struct FakeTodayAPI: TodayAPI {
  static let home = """
    { "date": "2026-12-01",
      "nextWorkout": { "planId": "plan_1", "dayId": "day_push", "title": "Push" },
      "nutrition": { "planId": "np", "dayId": "day_training",
        "targets": { "kcal": 2000, "protein": 150, "carbs": 200, "fat": 60 },
        "eaten": { "kcal": 1250, "protein": 80, "carbs": 120, "fat": 40 } } }
    """
  var answer: String

  func keptHome(hint: PlanDayHint?) async throws(TraineeAPIError) -> KeptAnswer<HomeDto> {
    do throws(PayloadError) {
      let home = try JSONDecoder().decodePayload(HomeDto.self, from: Data(answer.utf8))
      return KeptAnswer(value: home, fetchedAt: Date())
    } catch {
      throw .decoding(error)
    }
  }

  func keptNutritionPlans() async throws(TraineeAPIError) -> KeptAnswer<NutritionPlansDto> {
    let json = """
      { "plans": [ { "id": "np", "name": "Cut", "days": [
        { "id": "day_training", "label": "Training day", "meals": [] } ] } ] }
      """
    do throws(PayloadError) {
      let plans = try JSONDecoder().decodePayload(NutritionPlansDto.self, from: Data(json.utf8))
      return KeptAnswer(value: plans, fetchedAt: Date())
    } catch {
      throw .decoding(error)
    }
  }
}

/// The rest bar never has more filled cells than it has (a rest cut to its last second just
/// after it started has 2 s left of a 1 s total, and the screen crashed on it).
struct RestBarTests {
  @Test(arguments: [
    (120, 120, 20), (60, 120, 10), (1, 120, 0), (2, 1, 20), (5, 0, 20), (0, 120, 0),
  ])
  func theFillIsTheShareLeftWithinTheBar(remaining: Int, total: Int, filled: Int) {
    #expect(LiveWorkoutScreen.restBarFill(remaining: remaining, total: total, width: 20) == filled)
  }
}
