import Foundation
import LiveActivity
import PerformTestSupport
import Synchronization
import TerminalUI
import Testing
import TraineeAPI
import WorkoutSession

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// The terminal's Live Activity card against the rest of the live workout: the rest-over alert
/// while the card is visible, the inert checkmark, and the set-type letters.
@MainActor
struct WorkoutCardTests {
  let directory: URL
  let size = TerminalSize(rows: 60, columns: 110)
  /// The app's clock: it moves only when a test sets it (the rest ticks still run every 250 ms).
  let time = WallClock(Date(timeIntervalSince1970: 1_767_607_200))

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-card-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// The app on a one-day plan of `rows` (strength rows' JSON), the live workout started.
  func started(_ rows: String) async throws -> (PerformTerminalApp, WorkoutCoordinator) {
    let api = FakeWorkoutAPI(programs: try Self.program(rows))
    let tabs = try await WorkoutTabs(directory: directory, api: api, now: time.reader)
    let (app, coordinator) = (tabs.app, tabs.coordinator)
    _ = app.handle(.enter, now: time.now)
    try #require(coordinator.store.session?.started == true)
    return (app, coordinator)
  }

  static func program(_ rows: String) throws -> TrainingProgramsDto {
    let json = """
      { "plans": [ { "id": "plan_1", "name": "Block", "days": [
        { "id": "day_a", "label": "Day 1", "title": "Upper", "strength": [ \(rows) ] } ] } ] }
      """
    return try JSONDecoder().decode(TrainingProgramsDto.self, from: Data(json.utf8))
  }

  /// A row of `sets` sets resting `rest`, last time's 40 × 10 as placeholders unless `blank`.
  static func row(
    _ id: String, _ name: String, sets: Int = 2, rest: String = "1:30", group: String? = nil,
    blank: Bool = false
  ) -> String {
    let last = (1...sets).map { #"{ "setNumber": \#($0), "weight": "40", "reps": "10" }"# }
    return """
      { "id": "row_\(id)", "exerciseId": "ex_\(id)", "name": "\(name)", "sets": "\(sets)",
        "reps": "10", "rest": "\(rest)"\(group.map { #", "supersetGroup": "\#($0)""# } ?? "")
        \(blank ? "" : #", "lastSets": [ \#(last.joined(separator: ", ")) ]"#) }
      """
  }

  func lines(_ app: PerformTerminalApp) -> [String] {
    app.frame(size: size, now: time.now).plainText.components(separatedBy: "\n")
  }

  func key(_ character: Character, _ app: PerformTerminalApp) {
    _ = app.handle(.character(character), now: time.now)
  }

  // MARK: The rest-over alert

  /// The alert scheduled for the end arrives while the app runs and the card is on screen: the
  /// bell rings, no alert line is drawn under the card.
  @Test func theScheduledAlertArrivingUnderTheCardOnlyRingsTheBell() async throws {
    let (app, coordinator) = try await started(Self.row("press", "Press", rest: "1"))
    key(" ", app)
    #expect(coordinator.store.state.rest.isRunning)
    #expect(coordinator.cardVisible)
    let bells = app.bells

    // One real second on: the alert's timer fires (the app's clock stands still, so the rest
    // ticks never see the end and the alert is the scheduled one).
    #expect(await settled { app.bells > bells })

    #expect(coordinator.restAlert == nil)
    let text = lines(app).joined(separator: "\n")
    #expect(!text.contains("🔔"))
    #expect(text.contains("╭"))
  }

  /// The app sees the rest end (the backstop): under the card the bell rings with no line; once
  /// the card is no longer kept up to date (its stale date, 8 hours after it started: a rest
  /// started then never appears on it) or gone (removed at 12 hours) the line is drawn.
  @Test(arguments: [0, 7.9, 9, 12.1])
  func aRestEndingInFrontOfTheAppDrawsTheAlertLineOnlyWithoutTheCard(hours: Double) async throws {
    let card = hours < 8
    let (app, coordinator) = try await started(Self.row("press", "Press"))
    time.now += hours * 3600
    key(" ", app)
    let rest = try #require(coordinator.store.state.rest.clock)
    #expect(coordinator.cardVisible == card)
    let bells = app.bells

    time.now = rest.endsAt + 1
    #expect(await settled { app.bells > bells })

    let text = lines(app).joined(separator: "\n")
    #expect(text.contains("rest over"))
    #expect(text.contains("╭") == card)
    if card {
      #expect(coordinator.restAlert == nil)
      #expect(!text.contains("🔔"))
    } else {
      #expect(coordinator.restAlert == "Rest is over Time for your next set of Press.")
      #expect(text.contains("🔔 Rest is over"))
    }
  }

  /// The terminal without the focus is an app in the background: a rest that ends is posted
  /// with its banner (so to the desktop) even when the app sees the end before the scheduled
  /// alert's timer, card or no card.
  @Test(arguments: [false, true])
  func aRestEndingWhileTheAppIsNotInFrontIsPostedWithItsBannerWhoeverSeesTheEndFirst(
    inFront: Bool
  ) async throws {
    let (app, coordinator) = try await started(Self.row("press", "Press"))
    let posted = Mutex<[String]>([])
    coordinator.onNotification = { title, _ in posted.withLock { $0.append(title) } }
    coordinator.appInFront = { inFront }
    key(" ", app)
    // The alert is scheduled for the end, 90 real seconds away: the app sees the end first.
    await coordinator.settleAlerts()
    let rest = try #require(coordinator.store.state.rest.clock)
    #expect(coordinator.cardVisible)
    let bells = app.bells

    time.now = rest.endsAt + 1
    #expect(await settled { app.bells > bells })

    #expect(posted.withLock { $0 } == (inFront ? [] : ["Rest is over"]))
  }

  // MARK: Relaunching

  /// The app relaunched for the same workout, with the same clock.
  func relaunch() throws -> WorkoutCoordinator {
    try WorkoutCoordinator(
      dataDirectory: directory, api: FakeWorkoutAPI(programs: try Self.program("")),
      now: time.reader)
  }

  /// A rest that ended within the 5 s grace before a relaunch: the card is back before `.resume`
  /// sees the end, so the alert is posted without a banner.
  @Test func aRestEndedJustBeforeARelaunchRingsUnderTheCard() async throws {
    let (app, first) = try await started(Self.row("press", "Press"))
    key(" ", app)
    let rest = try #require(first.store.state.rest.clock)
    first.close()

    time.now = rest.endsAt + 2
    let relaunched = try relaunch()
    #expect(relaunched.cardVisible)
    #expect(await settled { relaunched.deliveredRestAlert != nil })
    #expect(relaunched.deliveredRestAlert?.banner == false)
    #expect(relaunched.restAlert == nil)
    relaunched.close()
  }

  /// A relaunch 13 hours into the workout (the terminal's host keeps no card across launches)
  /// starts no card: iOS would have removed it long ago. Before 8 hours the card comes back.
  @Test(arguments: [1, 13])
  func aRelaunchLongIntoTheWorkoutStartsNoCard(hours: Double) async throws {
    let (_, first) = try await started(Self.row("press", "Press"))
    #expect(first.cardVisible)
    first.close()

    time.now += hours * 3600
    let relaunched = try relaunch()
    #expect(relaunched.store.session?.started == true)
    #expect(relaunched.cardVisible == (hours < 8))
    #expect((relaunched.activityHost.current != nil) == (hours < 8))
    relaunched.close()
  }

  // MARK: The checkmark

  /// docs/specs/live-activity.md, "Buttons and pending commands": the checkmark of a set with
  /// missing values is inert, and tapping it opens the app instead. Nothing is queued, so nothing
  /// is refused; the cursor goes to the set.
  @Test func anInertCheckmarkQueuesNothingAndPutsTheCursorOnTheSet() async throws {
    let (app, coordinator) = try await started(
      Self.row("row", "Row", blank: true) + ", " + Self.row("curl", "Curl"))
    let shown = try #require(coordinator.card?.currentSet)
    #expect(shown.exerciseId == "ex_row" && shown.setNumber == 1)
    #expect(shown.checkmark == .opensApp)
    key("j", app)
    key("j", app)
    #expect(selectedRow(app)?.contains("Curl") == true)

    key("!", app)

    #expect(app.message == nil)
    for folder in ["pending", "rejected", "malformed"] {
      let path = directory.appendingPathComponent("live-activity/\(folder)").path
      #expect((try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty ?? true)
    }
    #expect(coordinator.store.session?.exercises.first?.sets.allSatisfy { !$0.done } == true)
    #expect(selectedRow(app)?.contains("Row") == true)
    #expect(selectedSetLine(app)?.hasPrefix("  ▶ 1 ") == true)
  }

  /// The exercise header above the selected set row.
  func selectedRow(_ app: PerformTerminalApp) -> String? {
    lines(app).first { $0.hasPrefix("▸ ") }
  }

  func selectedSetLine(_ app: PerformTerminalApp) -> String? {
    lines(app).first { $0.hasPrefix("  ▶ ") }
  }

  // MARK: Set-type letters

  /// docs/specs/live-activity.md, "What the card shows": the card's badge uses the same letters as
  /// the app's own set rows. An empty superset group is no superset: N on both, and no superset
  /// label.
  @Test func theSetRowsUseTheCardsLetters() async throws {
    let (app, coordinator) = try await started(
      [
        Self.row("dips", "Dips", sets: 1, group: ""),
        Self.row("fly", "Fly", sets: 1, group: "A"),
        Self.row("pushdown", "Pushdown", sets: 1, group: "A"),
      ].joined(separator: ", "))
    let text = lines(app)
    let letters = text.compactMap { line -> String? in
      let columns = line.dropFirst(4).split(separator: " ")
      guard columns.count > 1, Int(columns[0]) != nil, line.hasPrefix("  ") else { return nil }
      return String(columns[1])
    }

    #expect(letters == ["N", "S", "S"])
    #expect(coordinator.card?.currentSet?.exerciseId == "ex_dips")
    #expect(coordinator.card?.currentSet?.badge?.letter == letters.first)
    #expect(text.contains { $0.hasPrefix("▸ Dips") && !$0.contains("superset") })
    #expect(text.filter { $0.contains("[superset A]") }.count == 2)
  }
}
