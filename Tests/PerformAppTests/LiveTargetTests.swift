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

/// The coach's prescribed weight beside the target reps of an open set (issue 29, item 5): a
/// target in the trainee's unit and language, never a placeholder and never logged unless typed.
@MainActor
struct LiveTargetTests {
  let directory: URL
  let time = WallClock(Date(timeIntervalSince1970: 1_767_607_200))

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-targets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// The demo's squat (3 × 5 at 90 kg, nothing from last time) and an imported program's set
  /// rows (20 kg × 10, then 40 kg with no reps), started in `lang` and `units`.
  func started(
    lang: String = "en_US.UTF-8", units: UnitSystem = .metric
  ) async throws -> (
    PerformTerminalApp, WorkoutCoordinator
  ) {
    let rows = """
      { "id": "row_squat", "exerciseId": "ex_squat", "name": "Squat", "sets": "3",
        "reps": "5", "weight": "90", "rest": "3:00" },
      { "id": "row_press", "exerciseId": "ex_press", "name": "Press", "sets": "2",
        "setRows": [ { "setNumber": 1, "reps": "10", "weight": "20" },
                     { "setNumber": 2, "weight": "40" } ] }
      """
    let api = FakeWorkoutAPI(programs: try WorkoutCardTests.program(rows))
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": lang], now: time.now)
    try settings.save(SavedSettings(units: units))
    let tabs = try await WorkoutTabs(
      directory: directory, api: api, now: time.reader, settings: settings)
    let (app, coordinator) = (tabs.app, tabs.coordinator)
    _ = app.handle(.enter, now: time.now)
    try #require(coordinator.store.session?.started == true)
    return (app, coordinator)
  }

  func lines(_ app: PerformTerminalApp) -> [String] {
    app.frame(size: TerminalSize(rows: 60, columns: 100), now: time.now).plainText
      .components(separatedBy: "\n")
  }

  /// The row of set `number` of the exercise headed `name`.
  func row(_ number: Int, of name: String, in lines: [String]) -> String? {
    guard let heading = lines.firstIndex(where: { $0.contains(name) }) else { return nil }
    return lines[(heading + 1)...].first {
      $0.trimmingCharacters(in: .whitespaces).hasPrefix("▶ \(number) ")
        || $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(number) ")
    }
  }

  @Test func theSquatShowsItsWeightBesideTheRepsAndTheFieldsStayEmpty() async throws {
    let (app, coordinator) = try await started()
    let screen = lines(app)
    let squat = try #require(row(1, of: "Squat", in: screen))
    #expect(squat.contains("target 5 @ 90 kg"), "\(squat)")
    // A target, not a placeholder: the fields show `–`, never `(90)`.
    #expect(squat.contains("–"))
    #expect(!squat.contains("(90)"))
    let press1 = try #require(row(1, of: "Press", in: screen))
    #expect(press1.contains("target 10 @ 20 kg"), "\(press1)")
    let press2 = try #require(row(2, of: "Press", in: screen))
    #expect(press2.contains("target 40 kg"), "\(press2)")
    // Nothing was entered from the plan.
    let set = try #require(coordinator.store.session?.exercises.first?.sets.first)
    #expect(set.weight.isEmpty && set.reps.isEmpty)
  }

  @Test func aCheckedSetShowsNoTargetAndLogsNoPrescribedWeight() async throws {
    let (app, coordinator) = try await started()
    _ = app.handle(.character(" "), now: time.now)
    let set = try #require(coordinator.store.session?.exercises.first?.sets.first)
    #expect(set.done && set.weight.isEmpty)
    let squat = try #require(row(1, of: "Squat", in: lines(app)))
    #expect(!squat.contains("target"), "\(squat)")
  }

  @Test func poundsAndGermanWriteTheTargetInTheTraineesUnitAndLanguage() async throws {
    let (app, _) = try await started(lang: "de_DE.UTF-8", units: .imperial)
    let screen = lines(app)
    let squat = try #require(row(1, of: "Squat", in: screen))
    // 90 kg is 198.4 lb, written with the German decimal comma.
    #expect(squat.contains("Ziel 5 @ 198,4 lb"), "\(squat)")
    let press2 = try #require(row(2, of: "Press", in: screen))
    #expect(press2.contains("Ziel 88,2 lb"), "\(press2)")
  }
}
