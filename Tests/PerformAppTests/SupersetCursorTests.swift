import Foundation
import LiveActivity
import PerformTestSupport
import TerminalUI
import Testing
import TraineeAPI
import WorkoutSession

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// The live workout's cursor in a superset: after a check it sits on the set due next, the one
/// the card shows (`SetLocation.due(in:)`), and `!` completes that set.
@MainActor
struct SupersetCursorTests {
  let directory: URL
  let time = WallClock(Date(timeIntervalSince1970: 1_767_607_200))

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-superset-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// Superset `A` of bench press and cable row (3 sets each, last time 40 × 10), started.
  func started() async throws -> (PerformTerminalApp, LiveWorkoutScreen, WorkoutCoordinator) {
    let rows = [
      WorkoutCardTests.row("bench", "Bench press", sets: 3, group: "A"),
      WorkoutCardTests.row("cable_row", "Cable row", sets: 3, group: "A"),
    ].joined(separator: ", ")
    let api = FakeWorkoutAPI(programs: try WorkoutCardTests.program(rows))
    let tabs = try await WorkoutTabs(directory: directory, api: api, now: time.reader)
    let (app, coordinator, live) = (tabs.app, tabs.coordinator, tabs.live)
    _ = app.handle(.enter, now: time.now)
    try #require(coordinator.store.session?.started == true)
    return (app, live, coordinator)
  }

  func press(_ key: Key, _ app: PerformTerminalApp) {
    _ = app.handle(key, now: time.now)
  }

  /// The set under the cursor, as `exerciseId setNumber`.
  func cursor(_ live: LiveWorkoutScreen, _ coordinator: WorkoutCoordinator) -> String? {
    guard let session = coordinator.store.session,
      session.exercises.indices.contains(live.cursor.exerciseIndex)
    else { return nil }
    let exercise = session.exercises[live.cursor.exerciseIndex]
    guard exercise.sets.indices.contains(live.cursor.setIndex) else { return nil }
    return "\(exercise.exerciseId) \(exercise.sets[live.cursor.setIndex].setNumber)"
  }

  /// The set the card shows, as `exerciseId setNumber`.
  func card(_ coordinator: WorkoutCoordinator) -> String? {
    coordinator.card?.currentSet.map { "\($0.exerciseId) \($0.setNumber)" }
  }

  @Test func checkingWithSpaceAlternatesTheMembersAndTheCardFollows() async throws {
    let (app, live, coordinator) = try await started()
    var checked: [String] = []
    while let set = cursor(live, coordinator), checked.count < 10,
      coordinator.store.session?.allSetsDone == false
    {
      checked.append(set)
      press(.character(" "), app)
      guard coordinator.store.session?.allSetsDone == false else { break }
      #expect(card(coordinator) == cursor(live, coordinator), "after \(set)")
    }
    #expect(
      checked == [
        "ex_bench 1", "ex_cable_row 1", "ex_bench 2", "ex_cable_row 2", "ex_bench 3",
        "ex_cable_row 3",
      ])
  }

  /// The case: after bench press set 1, the card's checkmark completes cable row set 1
  /// (last time's 40 × 10), not bench press set 2.
  @Test func theCardsCheckmarkCompletesThePartnersSet() async throws {
    let (app, live, coordinator) = try await started()
    press(.character(" "), app)
    #expect(card(coordinator) == "ex_cable_row 1")

    press(.character("!"), app)

    let session = try #require(coordinator.store.session)
    #expect(
      session.exercises.map { $0.sets.map(\.done) } == [
        [true, false, false], [true, false, false],
      ])
    #expect(session.exercises[1].sets[0].weight == "40")
    #expect(cursor(live, coordinator) == "ex_bench 2")
    #expect(card(coordinator) == "ex_bench 2")
  }

  /// A set checked out of turn (bench press set 2 before set 1) leaves round 1 open: the cursor
  /// goes back to it, as the card does.
  @Test func aSetCheckedOutOfTurnSendsTheCursorToTheEarliestOpenRound() async throws {
    let (app, live, coordinator) = try await started()
    press(.character("j"), app)
    #expect(cursor(live, coordinator) == "ex_bench 2")

    press(.character(" "), app)

    #expect(cursor(live, coordinator) == "ex_bench 1")
    #expect(card(coordinator) == "ex_bench 1")
  }

  /// Issue 29 item 7: Dips set 1 of a superset checked while the exercise above (bench press)
  /// is untouched: the round goes on to the partner's set 1, and the card follows; only when the
  /// superset is done does the first open exercise come back.
  @Test func aSupersetBegunOutOfOrderGoesOnWithItsRound() async throws {
    let tabs = try await WorkoutTabs(directory: directory, api: FakeWorkoutAPI(), now: time.reader)
    let (app, coordinator, live) = (tabs.app, tabs.coordinator, tabs.live)
    press(.enter, app)
    press(.character("j"), app)
    press(.character("j"), app)
    try #require(cursor(live, coordinator) == "ex_dips 1")
    press(.character("1"), app)
    press(.character("0"), app)
    press(.enter, app)
    press(.character("8"), app)
    press(.enter, app)

    press(.character(" "), app)

    #expect(cursor(live, coordinator) == "ex_pushdown 1")
    #expect(card(coordinator) == "ex_pushdown 1")
    press(.character("2"), app)
    press(.character("0"), app)
    press(.enter, app)
    press(.character("1"), app)
    press(.character("2"), app)
    press(.enter, app)
    press(.character(" "), app)
    #expect(cursor(live, coordinator) == "ex_bench 1")
    #expect(card(coordinator) == "ex_bench 1")
  }
}
