import Foundation
import Testing
import TraineeAPI

/// A folder of `*.replay.json` scripts, each run through one `perform` replay command and compared
/// with its `*.expected.json` as parsed JSON, so formatting never matters.
///
/// `PERFORM_UPDATE_GOLDEN=1` (`make golden`) writes the expected files instead. An expected file
/// is a claim about the engine: review its diff by hand before committing it.
struct ReplayGolden {
  static let scriptSuffix = ".replay.json"
  static let expectedSuffix = ".expected.json"

  /// Whether `make golden` runs the tests, to write the expected files rather than compare them.
  static var updatingGoldenFiles: Bool {
    ProcessInfo.processInfo.environment["PERFORM_UPDATE_GOLDEN"] == "1"
  }

  /// The folder holding the scripts and their expected outputs.
  var folder: URL
  /// The arguments before the script's path, such as `["nutrition", "replay"]`.
  var command: [String]
  /// What the expected files are claims about, named when one differs: `engine`, `sync engine`.
  var subject: String

  /// The fixture names, `strength-day` for `strength-day.replay.json`, in a stable order.
  var fixtureNames: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(Self.scriptSuffix) }
      .map { String($0.dropLast(Self.scriptSuffix.count)) }
      .sorted()
  }

  /// The script of fixture `name`.
  func script(_ name: String) -> URL {
    folder.appendingPathComponent(name + Self.scriptSuffix)
  }

  /// Runs fixture `name` and records an issue for each place its output differs from the expected
  /// file, or, under `make golden`, writes that file.
  func check(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let expectedFile = folder.appendingPathComponent(name + Self.expectedSuffix)
    let output = try PerformBinary.run(command + [script(name).path])
    let commandLine = (["perform"] + command).joined(separator: " ")
    try #require(
      output.status == 0, "\(commandLine) \(name) failed: \(output.stderr)",
      sourceLocation: sourceLocation)

    if Self.updatingGoldenFiles {
      try output.stdout.write(to: expectedFile, options: .atomic)
      print("wrote \(expectedFile.lastPathComponent); review its diff before committing")
      return
    }
    let expectedData = try #require(
      FileManager.default.contents(atPath: expectedFile.path),
      "\(expectedFile.lastPathComponent) is missing: run `make golden` and review it",
      sourceLocation: sourceLocation)
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
      If the \(subject) changed on purpose, run `make golden` and review the diff.
      """,
      sourceLocation: sourceLocation)
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
