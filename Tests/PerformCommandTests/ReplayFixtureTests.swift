import Foundation
import Testing
import TraineeAPI

/// Every `Fixtures/*.replay.json`, run through the real `perform replay` and compared with its
/// `*.expected.json` as parsed JSON, so formatting never matters.
///
/// `PERFORM_UPDATE_GOLDEN=1` (`make golden`) writes the expected files instead. An expected file
/// is a claim about the engine: review its diff by hand before committing it.
@Suite struct ReplayFixtureTests {
  static let scriptSuffix = ".replay.json"
  static let expectedSuffix = ".expected.json"

  /// The fixture names, `strength-day` for `strength-day.replay.json`, in a stable order.
  static let fixtureNames: [String] = {
    let files =
      (try? FileManager.default.contentsOfDirectory(atPath: PerformBinary.fixtures.path)) ?? []
    return files.filter { $0.hasSuffix(scriptSuffix) }
      .map { String($0.dropLast(scriptSuffix.count)) }
      .sorted()
  }()

  static var updatingGoldenFiles: Bool {
    ProcessInfo.processInfo.environment["PERFORM_UPDATE_GOLDEN"] == "1"
  }

  @Test func fixturesFolderHoldsTheScenarios() {
    // A typo in the folder or suffix would otherwise make the parameterized test run nothing.
    #expect(Self.fixtureNames.count >= 10, "found \(Self.fixtureNames)")
  }

  @Test(arguments: fixtureNames)
  func replayPrintsTheExpectedOutput(_ name: String) throws {
    let script = PerformBinary.fixtures.appendingPathComponent(name + Self.scriptSuffix)
    let expectedFile = PerformBinary.fixtures.appendingPathComponent(name + Self.expectedSuffix)
    let output = try PerformBinary.run(["replay", script.path])
    try #require(output.status == 0, "perform replay \(name) failed: \(output.stderr)")

    if Self.updatingGoldenFiles {
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
      If the engine changed on purpose, run `make golden` and review the diff.
      """)
  }
}

/// The paths where two JSON documents differ, keys in sorted order, such as
/// `$.effects[2].seconds: expected 90, got 60`.
enum JSONDifference {
  static func list(expected: JSONValue, actual: JSONValue, path: String = "$") -> [String] {
    switch (expected, actual) {
    case (.object(let expectedFields), .object(let actualFields)):
      return Set(expectedFields.keys).union(actualFields.keys).sorted().flatMap { key in
        let child = "\(path).\(key)"
        switch (expectedFields[key], actualFields[key]) {
        case (let expectedValue?, let actualValue?):
          return list(expected: expectedValue, actual: actualValue, path: child)
        case (let expectedValue?, nil):
          return ["\(child): missing, expected \(render(expectedValue))"]
        case (nil, let actualValue?):
          return ["\(child): unexpected \(render(actualValue))"]
        case (nil, nil):
          return []
        }
      }
    case (.array(let expectedItems), .array(let actualItems)):
      var differences: [String] = []
      for index in 0..<max(expectedItems.count, actualItems.count) {
        let child = "\(path)[\(index)]"
        if index >= actualItems.count {
          differences.append("\(child): missing, expected \(render(expectedItems[index]))")
        } else if index >= expectedItems.count {
          differences.append("\(child): unexpected \(render(actualItems[index]))")
        } else {
          differences += list(
            expected: expectedItems[index], actual: actualItems[index], path: child)
        }
      }
      return differences
    default:
      return expected == actual
        ? [] : ["\(path): expected \(render(expected)), got \(render(actual))"]
    }
  }

  /// Compact JSON text of `value`, cut to one readable line.
  static func render(_ value: JSONValue) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let text = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    return text.count > 80 ? text.prefix(77) + "..." : text
  }
}
