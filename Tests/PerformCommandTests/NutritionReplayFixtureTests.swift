import Foundation
import Testing

/// Every `Fixtures/nutrition/*.replay.json`, run through the real `perform nutrition replay` and
/// compared with its `*.expected.json` (see `ReplayGolden`; `make golden` rewrites them).
@Suite struct NutritionReplayFixtureTests {
  static let golden = ReplayGolden(
    folder: PerformBinary.fixtures.appendingPathComponent("nutrition"),
    command: ["nutrition", "replay"], subject: "sync engine")

  @Test func fixturesFolderHoldsTheSyncScenarios() {
    // A typo in the folder or suffix would otherwise make the parameterized test run nothing.
    #expect(Self.golden.fixtureNames.count >= 10, "found \(Self.golden.fixtureNames)")
  }

  @Test(arguments: golden.fixtureNames)
  func replayPrintsTheExpectedOutput(_ name: String) throws {
    try Self.golden.check(name)
  }

  @Test func theSameScriptPrintsTheSameBytesEveryTime() throws {
    // The scenario with the most timers, failures and answers in flight, run again and again.
    let script = Self.golden.script("offline-then-back")
    let first = try PerformBinary.run(["nutrition", "replay", script.path])
    for _ in 0..<10 {
      let again = try PerformBinary.run(["nutrition", "replay", script.path])
      #expect(again.stdout == first.stdout)
    }
  }
}
