import Foundation
import PerformTestSupport
import TerminalUI
import Testing
import TraineeAPI
import WorkoutSession

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// Issue 29: the heading's set count after `W`, the plates only for a barbell, and a time
/// refused in a distance field.
@MainActor
struct LiveWarmUpsAndEntryTests {
  let directory: URL
  let time = WallClock(Date(timeIntervalSince1970: 1_767_607_200))

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-warmups-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// A squat (3 sets, last time 100 kg), a dumbbell curl, a cable row and a treadmill, started
  /// in `lang`; the live screen too, to put its cursor.
  func started(
    lang: String = "en_US.UTF-8"
  ) async throws -> (
    PerformTerminalApp, WorkoutCoordinator, LiveWorkoutScreen
  ) {
    let last = #"[ { "setNumber": 1, "weight": "100", "reps": "5" } ]"#
    let json = """
      { "plans": [ { "id": "plan_1", "name": "Block", "days": [
        { "id": "day_a", "label": "Day 1", "title": "Legs", "strength": [
          { "id": "row_squat", "exerciseId": "ex_squat", "name": "Squat", "sets": "3",
            "reps": "5", "rest": "3:00", "lastSets": \(last) },
          { "id": "row_curl", "exerciseId": "ex_curl", "name": "Dumbbell curl", "sets": "2",
            "reps": "10", "lastSets": [ { "setNumber": 1, "weight": "14", "reps": "10" } ] },
          { "id": "row_cable", "exerciseId": "ex_cable_row", "name": "Cable row", "sets": "2",
            "reps": "10", "lastSets": [ { "setNumber": 1, "weight": "50", "reps": "10" } ] } ],
          "cardio": [
            { "id": "row_run", "exerciseId": "ex_treadmill", "name": "Treadmill", "sets": "1" } ]
        } ] } ] }
      """
    let programs = try JSONDecoder().decode(TrainingProgramsDto.self, from: Data(json.utf8))
    let api = FakeWorkoutAPI(programs: programs)
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": lang], now: time.now)
    try settings.save(SavedSettings(units: .metric))
    let tabs = try await WorkoutTabs(
      directory: directory, api: api, now: time.reader, settings: settings)
    let (app, coordinator, live) = (tabs.app, tabs.coordinator, tabs.live)
    _ = app.handle(.enter, now: time.now)
    try #require(coordinator.store.session?.started == true)
    // A first move puts the cursor on this workout, so `cursor.select` below holds.
    type("jk", into: app)
    return (app, coordinator, live)
  }

  func screen(_ app: PerformTerminalApp) -> String {
    app.frame(size: TerminalSize(rows: 60, columns: 110), now: time.now).plainText
  }

  func type(_ text: String, into app: PerformTerminalApp) {
    for character in text {
      _ = app.handle(character == "\n" ? .enter : .character(character), now: time.now)
    }
  }

  /// The heading line of the exercise named `name`.
  func heading(_ name: String, in app: PerformTerminalApp) -> String? {
    screen(app).components(separatedBy: "\n").first {
      $0.hasPrefix("▸ \(name)  ") || $0.hasPrefix("  \(name)  ")
    }
  }

  @Test(arguments: [
    ("en_US.UTF-8", "3 sets", "4 warm-ups + 3 sets"),
    ("de_DE.UTF-8", "3 Sätze", "4 Aufwärmsätze + 3 Sätze"),
  ])
  func theHeadingCountsTheWarmUpsWAdded(
    lang: String, before: String, after: String
  )
    async throws
  {
    let (app, coordinator, _) = try await started(lang: lang)
    #expect(try #require(heading("Squat", in: app)).contains(before))
    // W: the bar, 40, 60 and 80 kg before the squat's three sets.
    type("W", into: app)
    #expect(coordinator.store.session?.exercises.first?.sets.count == 7)
    let squat = try #require(heading("Squat", in: app))
    #expect(squat.contains(after), "\(squat)")
  }

  @Test func oneWarmUpAndACountChangedByTheTraineeAreSaidAsTheyAre() async throws {
    let (_, coordinator, live) = try await started()
    var squat = try #require(coordinator.store.session?.exercises.first)
    #expect(live.setsHeading(squat) == "3 sets")
    squat.sets[0].type = .warmup
    #expect(live.setsHeading(squat) == "1 warm-up + 2 sets")
    squat.sets.removeLast(2)
    #expect(live.setsHeading(squat) == "1 warm-up")
    squat.sets[0].type = .working
    #expect(live.setsHeading(squat) == "1 set")
  }

  @Test(arguments: [("ex_curl", "Dumbbell curl"), ("ex_cable_row", "Cable row")])
  func noPlatesAndNoWarmUpLadderWithoutABarbell(
    exerciseId: String, name: String
  )
    async throws
  {
    let (app, coordinator, live) = try await started()
    // The squat is loaded on the bar.
    type("P", into: app)
    #expect(screen(app).contains("Per side: 25 + 15  (20 kg bar)"))
    let session = try #require(coordinator.store.session)
    live.cursor.select(exerciseId: exerciseId, setNumber: 1, in: session)
    var text = screen(app)
    #expect(!text.contains("Per side"), "\(text)")
    #expect(!text.contains("Warm-up:"))
    #expect(text.contains("No plates to load: \(name) is not a barbell exercise."))
    type("W", into: app)
    text = screen(app)
    #expect(text.contains("No warm-up ladder: \(name) is not a barbell exercise."))
    let exercise = try #require(
      coordinator.store.session?.exercises.first { $0.exerciseId == exerciseId })
    #expect(exercise.sets.count == 2)
  }

  @Test(arguments: [
    ("en_US.UTF-8", "“20:00” looks like a time; this field takes a number."),
    ("de_DE.UTF-8", "„20:00“ sieht wie eine Zeit aus; dieses Feld nimmt eine Zahl."),
  ])
  func aTimeInTheDistanceFieldIsRefusedAtTheField(lang: String, message: String) async throws {
    let (app, coordinator, live) = try await started(lang: lang)
    let session = try #require(coordinator.store.session)
    live.cursor.select(exerciseId: "ex_treadmill", setNumber: 1, in: session)
    type("20:00\n", into: app)
    // The duration takes a time.
    let run = { coordinator.store.session?.exercises.last?.sets.first }
    #expect(run()?.duration == "20:00")
    #expect(live.selectedField == .distance)
    type("20:00\n", into: app)
    #expect(screen(app).contains(message), "\(screen(app))")
    #expect(run()?.distance == "")
    // Still typing: the value is there to correct.
    guard case .editing(.distance, let editor) = live.mode else {
      Issue.record("not editing the distance: \(live.mode)")
      return
    }
    #expect(editor.text == "20:00")
    _ = app.handle(.control("u"), now: time.now)
    type("5,2\n", into: app)
    #expect(run()?.distance == "5.2")
  }
}
