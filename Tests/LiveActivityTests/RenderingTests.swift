import Foundation
import Testing
import WorkoutSession

@testable import LiveActivity

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The rules of the renderings that goldens would only show by example.
@Suite struct RenderingTests {
  static let now = CardFixtures.now

  static func rest(endingIn seconds: Double) -> CardRest {
    CardRest(
      startedAt: now - 30, endsAt: now + seconds, title: "Rest", decreaseLabel: "-15s",
      increaseLabel: "+15s", skipLabel: "Skip", stepSeconds: 15)
  }

  /// (seconds from now to the rest's end, clock, overdue)
  static let restClocks: [(Double, String, Bool)] = [
    (67, "1:07", false),
    (0.2, "0:01", false),
    (0, "0:00", true),
    (-0.5, "0:00", true),
    (-12, "0:12", true),
    (-3725, "1:02:05", true),
  ]

  @Test(arguments: restClocks)
  func restClockCountsDownThenUpAndIsRedFromTheEnd(
    _ offset: Double, _ clock: String, _ overdue: Bool
  ) {
    let shown = RenderedClock.rest(Self.rest(endingIn: offset), at: Self.now)
    #expect(shown.text == clock)
    #expect(shown.overdue == overdue)
  }

  @Test func workoutClockCountsUpFromTheStart() {
    #expect(RenderedClock.elapsed(since: Self.now - 605.9, at: Self.now) == "10:05")
    #expect(RenderedClock.elapsed(since: Self.now + 5, at: Self.now) == "0:00")
  }

  @Test func overdueRestIsRedInTheSVGAndMarkedInTheTerminal() throws {
    let state = RenderingGoldenTests.Scenario.restOverdue.state
    let content = try #require(CardFixtures.content(state))
    let svg = activitySVG(content, now: Self.now)
    #expect(svg.contains("fill=\"#FF3B30\""))
    #expect(activityTerminalCard(content, now: Self.now).contains(" +0:12 "))
    let running = activitySVG(content, now: content.rest!.endsAt - 1)
    #expect(!running.contains("fill=\"#FF3B30\""))
  }

  @Test func badgeTakesTheContentsColour() throws {
    var content = try #require(CardFixtures.content(RenderingGoldenTests.Scenario.normalSet.state))
    content.currentSet?.badge = SetBadge(letter: "D", colorHex: "#123456")
    #expect(activitySVG(content, now: Self.now).contains("fill=\"#123456\""))
    let colored = activityTerminalCard(content, now: Self.now, color: true)
    #expect(colored.contains("\u{1B}[1;97;48;2;18;52;86m D \u{1B}[0m"))
  }

  @Test(arguments: ActivityLanguage.allCases)
  func everyTerminalLineHasTheCardsWidth(_ language: ActivityLanguage) throws {
    for scenario in RenderingGoldenTests.Scenario.allCases {
      var content = try #require(CardFixtures.content(scenario.state, language))
      content.surfaces.lockScreen.title = String(repeating: "ベンチプレス Bench ", count: 6)
      let lines = activityTerminalCard(content, now: Self.now, width: 40).split(separator: "\n")
      for line in lines {
        #expect(TextWidth.columns(String(line)) == 40, "\(scenario) \(language): \(line)")
      }
    }
  }

  @Test func longNamesAreCutWithAnEllipsis() throws {
    var content = try #require(CardFixtures.content(RenderingGoldenTests.Scenario.normalSet.state))
    content.surfaces.lockScreen.title = String(repeating: "Incline dumbbell press ", count: 5)
    let card = activityTerminalCard(content, now: Self.now)
    #expect(card.contains("│ Incline dumbbell press Incline d… Set 3 of 5 │"))
    let svg = activitySVG(content, now: Self.now)
    #expect(svg.contains(">Incline dumbbell press…</text>"))
  }

  @Test func svgIsWellFormedWithMarkupInNames() throws {
    var content = try #require(
      CardFixtures.content(RenderingGoldenTests.Scenario.restRunning.state))
    content.routineName = "Push & <Pull> \"A\""
    content.surfaces.lockScreen.header = content.routineName
    content.surfaces.expanded.center = content.routineName
    let svg = activitySVG(content, now: Self.now)
    #expect(svg.contains("Push &amp; &lt;Pull&gt; &quot;A&quot;"))
    let parser = XMLParser(data: Data(svg.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
  }

  @Test func terminalCardIsTheSameTextWithOrWithoutColourButForTheBadge() throws {
    let content = try #require(
      CardFixtures.content(RenderingGoldenTests.Scenario.restOverdue.state, .de))
    let plain = activityTerminalCard(content, now: Self.now)
    let colored = activityTerminalCard(content, now: Self.now, color: true)
    let stripped = colored.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    #expect(stripped == plain.replacingOccurrences(of: "[D]", with: " D "))
  }
}
