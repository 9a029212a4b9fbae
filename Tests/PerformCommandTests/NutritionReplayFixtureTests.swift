import Foundation
import Testing
import TraineeAPI

/// Every `Fixtures/nutrition/*.replay.json`, run through the real `perform nutrition replay` and
/// compared with its `*.expected.json` as parsed JSON.
///
/// `PERFORM_UPDATE_GOLDEN=1` (`make golden`) writes the expected files instead. An expected file
/// is a claim about the sync engine: review its diff by hand before committing it.
@Suite struct NutritionReplayFixtureTests {
  static let folder = PerformBinary.fixtures.appendingPathComponent("nutrition")

  /// The fixture names, `late-answers` for `late-answers.replay.json`, in a stable order.
  static let fixtureNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let suffix = ReplayFixtureTests.scriptSuffix
    return files.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }
      .sorted()
  }()

  @Test func fixturesFolderHoldsTheSyncScenarios() {
    // A typo in the folder or suffix would otherwise make the parameterized test run nothing.
    #expect(Self.fixtureNames.count >= 10, "found \(Self.fixtureNames)")
  }

  @Test(arguments: fixtureNames)
  func replayPrintsTheExpectedOutput(_ name: String) throws {
    let script = Self.folder.appendingPathComponent(name + ReplayFixtureTests.scriptSuffix)
    let expectedFile = Self.folder.appendingPathComponent(
      name + ReplayFixtureTests.expectedSuffix)
    let output = try PerformBinary.run(["nutrition", "replay", script.path])
    try #require(output.status == 0, "perform nutrition replay \(name) failed: \(output.stderr)")

    if ReplayFixtureTests.updatingGoldenFiles {
      try output.stdout.write(to: expectedFile, options: .atomic)
      print("wrote \(expectedFile.lastPathComponent); review its diff before committing")
      return
    }
    let expectedData = try #require(
      FileManager.default.contents(atPath: expectedFile.path),
      "\(expectedFile.lastPathComponent) is missing: run `make golden` and review it")
    let expected = try JSONDecoder().decode(JSONValue.self, from: expectedData)
    let actual = try JSONDecoder().decode(JSONValue.self, from: output.stdout)
    let differences = JSONDifference.list(expected: expected, actual: actual)
    guard !differences.isEmpty else { return }
    let shown = differences.prefix(12).map { "  \($0)" }.joined(separator: "\n")
    let more = differences.count > 12 ? "\n  ... and \(differences.count - 12) more" : ""
    Issue.record(
      """
      \(name): output differs from \(expectedFile.lastPathComponent) \
      (\(differences.count) difference(s)):
      \(shown)\(more)
      If the sync engine changed on purpose, run `make golden` and review the diff.
      """)
  }

  @Test func theSameScriptPrintsTheSameBytesEveryTime() throws {
    // The scenario with the most timers, failures and answers in flight, run again and again.
    let script = Self.folder.appendingPathComponent("offline-then-back.replay.json")
    let first = try PerformBinary.run(["nutrition", "replay", script.path])
    for _ in 0..<10 {
      let again = try PerformBinary.run(["nutrition", "replay", script.path])
      #expect(again.stdout == first.stdout)
    }
  }
}
