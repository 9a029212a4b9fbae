import Foundation
import Testing
import TraineeAPI
import WorkoutSession

@testable import LiveActivity

/// The SVG and terminal renderings of a few cards in every language, and of supersets in
/// English, compared byte for byte with `<state>.<language>.svg` and `.txt` in ``goldens``.
///
/// `PERFORM_UPDATE_GOLDEN=1` (`make golden`) writes the goldens instead. A golden is a claim
/// about how the card looks: open the SVGs and read the diff before committing.
@Suite struct RenderingGoldenTests {
  /// `Tests/PerformCommandTests/Fixtures/activity`: a folder the package already excludes, so
  /// the goldens do not make SwiftPM warn about unhandled files in this target.
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("PerformCommandTests/Fixtures/activity")

  static var updatingGoldenFiles: Bool {
    ProcessInfo.processInfo.environment["PERFORM_UPDATE_GOLDEN"] == "1"
  }

  /// The states drawn, by golden name.
  enum Scenario: String, CaseIterable, Sendable {
    case normalSet = "normal-set"
    case cardio
    case restRunning = "rest-running"
    case restOverdue = "rest-overdue"
    case noSetsLeft = "no-sets-left"

    var state: WorkoutState {
      let now = CardFixtures.now
      switch self {
      case .normalSet:
        return CardFixtures.state(Self.bench(.working, rirColumn: true))
      case .cardio:
        return CardFixtures.state(
          CardFixtures.session(
            [CardFixtures.cardio(duration: "20", distance: "5", rpe: "7")], title: "Cardio"))
      case .restRunning:
        return CardFixtures.state(
          Self.bench(.drop, rirColumn: false), restStart: now - 23, restEnd: now + 67)
      case .restOverdue:
        return CardFixtures.state(
          Self.bench(.drop, rirColumn: true), restStart: now - 102, restEnd: now - 12)
      case .noSetsLeft:
        let sets = (1...3).map { CardFixtures.set($0, weight: "60", reps: "8", done: true) }
        return CardFixtures.state(CardFixtures.session([CardFixtures.strength(sets: sets)]))
      }
    }

    /// Bench press, set 3 of 5 next: 72.5 kg × 8 of `type`.
    static func bench(_ type: SetType, rirColumn: Bool) -> WorkoutSession {
      let sets = [
        CardFixtures.set(1, type: .warmup, weight: "40", reps: "12", done: true),
        CardFixtures.set(2, weight: "70", reps: "8", rir: "2", done: true),
        CardFixtures.set(
          3, type: type, weight: "72.5", reps: "8", rir: rirColumn ? "2" : ""),
        CardFixtures.set(4, lastWeight: "70", lastReps: "8"),
        CardFixtures.set(5),
      ]
      return CardFixtures.session([CardFixtures.strength(sets: sets)], rirColumn: rirColumn)
    }
  }

  static let cases: [(Scenario, ActivityLanguage)] = Scenario.allCases.flatMap { scenario in
    ActivityLanguage.allCases.map { (scenario, $0) }
  }

  /// Which set a superset's card shows does not depend on the language: English only.
  static let supersetLanguage = ActivityLanguage.en

  static func content(
    _ scenario: Scenario, _ language: ActivityLanguage
  ) throws
    -> WorkoutActivityContent
  {
    try #require(CardFixtures.content(scenario.state, language))
  }

  @Test(arguments: cases)
  func svgMatchesItsGolden(_ scenario: Scenario, _ language: ActivityLanguage) throws {
    let svg = activitySVG(try Self.content(scenario, language), now: CardFixtures.now)
    try Self.compare(svg, golden: "\(scenario.rawValue).\(language.rawValue).svg")
  }

  @Test(arguments: cases)
  func terminalCardMatchesItsGolden(_ scenario: Scenario, _ language: ActivityLanguage) throws {
    let card = activityTerminalCard(try Self.content(scenario, language), now: CardFixtures.now)
    try Self.compare(card, golden: "\(scenario.rawValue).\(language.rawValue).txt")
  }

  @Test(arguments: SupersetCards.allCases)
  func supersetSVGMatchesItsGolden(_ scenario: SupersetCards) throws {
    let content = try #require(CardFixtures.content(scenario.state, Self.supersetLanguage))
    let svg = activitySVG(content, now: CardFixtures.now)
    try Self.compare(svg, golden: "\(scenario.rawValue).\(Self.supersetLanguage.rawValue).svg")
  }

  @Test(arguments: SupersetCards.allCases)
  func supersetTerminalCardMatchesItsGolden(_ scenario: SupersetCards) throws {
    let content = try #require(CardFixtures.content(scenario.state, Self.supersetLanguage))
    let card = activityTerminalCard(content, now: CardFixtures.now)
    try Self.compare(card, golden: "\(scenario.rawValue).\(Self.supersetLanguage.rawValue).txt")
  }

  @Test func goldensFolderHoldsEveryCase() throws {
    // A missing folder would otherwise read as every golden missing, one failure each.
    guard !Self.updatingGoldenFiles else { return }
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path)
    let count = Self.cases.count + SupersetCards.allCases.count
    #expect(names.count(where: { $0.hasSuffix(".svg") }) == count)
    #expect(names.count(where: { $0.hasSuffix(".txt") }) == count)
  }

  static func compare(_ rendering: String, golden name: String) throws {
    let url = goldens.appendingPathComponent(name)
    if updatingGoldenFiles {
      try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
      try Data(rendering.utf8).write(to: url, options: .atomic)
      return
    }
    let expected = try #require(
      FileManager.default.contents(atPath: url.path),
      "\(url.path) is missing: run `make golden` and review it")
    let expectedText = String(decoding: expected, as: UTF8.self)
    guard expectedText != rendering else { return }
    let expectedLines = expectedText.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = rendering.split(separator: "\n", omittingEmptySubsequences: false)
    let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
    let location =
      first.map { "line \($0.offset + 1):\n  expected \($0.element.0)\n  got      \($0.element.1)" }
      ?? "expected \(expectedLines.count) lines, got \(actualLines.count)"
    Issue.record(
      """
      \(url.path) differs at \(location)
      If the rendering changed on purpose, run `make golden` and review the diff.
      """)
  }
}
