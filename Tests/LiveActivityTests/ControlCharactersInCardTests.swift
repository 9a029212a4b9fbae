import Foundation
import Testing
import WorkoutSession

@testable import LiveActivity

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A name with control characters (stored before the server refused them) draws an SVG that is
/// still XML and a terminal card that sends no control character (docs/security.md, "Names and
/// the terminal").
@Suite struct ControlCharactersInCardTests {
  static let hostile = "Push\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}0m\u{0}"

  func content() throws -> WorkoutActivityContent {
    var content = try #require(
      CardFixtures.content(RenderingGoldenTests.Scenario.restRunning.state))
    content.routineName = Self.hostile
    content.surfaces.lockScreen.header = Self.hostile
    content.surfaces.lockScreen.title = Self.hostile
    content.surfaces.expanded.center = Self.hostile
    return content
  }

  @Test func theSVGStaysXML() throws {
    let svg = activitySVG(try content(), now: RenderingTests.now)
    #expect(svg.contains("Push\u{FFFD}]0;owned"))
    let parser = XMLParser(data: Data(svg.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
  }

  @Test(arguments: [false, true])
  func theTerminalCardSendsNoControlCharacterButItsColours(color: Bool) throws {
    let card = activityTerminalCard(try content(), now: RenderingTests.now, color: color)
    #expect(card.contains("Push\u{FFFD}]0;owned"))
    let withoutColours = card.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    let controls = withoutColours.unicodeScalars.filter {
      $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
    }
    #expect(controls.isEmpty, "\(controls.map { String($0.value, radix: 16) })")
  }
}
