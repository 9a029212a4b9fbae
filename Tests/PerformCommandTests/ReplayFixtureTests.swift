import Foundation
import Testing

/// Every `Fixtures/*.replay.json`, run through the real `perform replay` and compared with its
/// `*.expected.json` (see `ReplayGolden`; `make golden` rewrites them).
@Suite struct ReplayFixtureTests {
  static let golden = ReplayGolden(
    folder: PerformBinary.fixtures, command: ["replay"], subject: "engine")

  @Test func fixturesFolderHoldsTheScenarios() {
    // A typo in the folder or suffix would otherwise make the parameterized test run nothing.
    #expect(Self.golden.fixtureNames.count >= 10, "found \(Self.golden.fixtureNames)")
  }

  @Test(arguments: golden.fixtureNames)
  func replayPrintsTheExpectedOutput(_ name: String) throws {
    try Self.golden.check(name)
  }
}
