import Foundation
import Testing

/// `perform activity preview` as a user runs it: from `.build/debug`, where the string tables
/// must be found beside the binary.
@Suite struct ActivityCommandTests {
  static let script = PerformBinary.fixtures.appendingPathComponent(
    "rest-background.replay.json")

  /// `rest-background` without its last step, `finish`, written into `directory`: the workout
  /// still in progress, so the card is still there (it ends at the finish).
  static func openScript(in directory: URL) throws -> URL {
    let url = directory.appendingPathComponent("rest-background-open.replay.json")
    var document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: script)) as? [String: Any])
    var actions = try #require(document["actions"] as? [[String: Any]])
    try #require(actions.last?["do"] as? String == "finish")
    actions.removeLast()
    document["actions"] = actions
    try JSONSerialization.data(withJSONObject: document).write(to: url)
    return url
  }

  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-activity-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func replayPreviewIsWrittenInTheChosenLanguage() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = try Self.openScript(in: directory)
    let output = try PerformBinary.run(
      ["activity", "preview", "--replay", script.path, "--locale", "de"])
    try #require(output.status == 0, "\(output.stderr)")
    let svg = String(decoding: output.stdout, as: UTF8.self)
    #expect(svg.hasPrefix("<svg "))
    #expect(svg.contains("Dynamic Island: minimal"))
    // Words only the German string table holds: the resource bundle was found.
    #expect(svg.contains("Satz") || svg.contains("Alle Sätze erledigt"), "\(svg)")
  }

  @Test func savedStatePreviewMatchesTheReplayItCameFrom() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = try Self.openScript(in: directory)
    let replay = try PerformBinary.run(
      ["replay", script.path, "--data-dir", directory.path])
    try #require(replay.status == 0, "\(replay.stderr)")
    let show = try PerformBinary.run(["session", "show", "--data-dir", directory.path])
    try #require(show.status == 0, "\(show.stderr)")
    let state = directory.appendingPathComponent("state.json")
    try show.stdout.write(to: state)

    let now = "2026-01-05T11:00:00Z"
    let fromState = try PerformBinary.run(
      ["activity", "preview", "--state", state.path, "--now", now, "--terminal"])
    let fromReplay = try PerformBinary.run(
      ["activity", "preview", "--replay", script.path, "--now", now, "--terminal"])
    try #require(fromState.status == 0, "\(fromState.stderr)")
    #expect(fromState.stdout == fromReplay.stdout)
    #expect(String(decoding: fromState.stdout, as: UTF8.self).hasPrefix("╭"))
  }

  @Test func outWritesTheFileAndAPNGWhenRsvgConvertIsInstalled() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("card.svg")
    let script = try Self.openScript(in: directory)
    let output = try PerformBinary.run(
      ["activity", "preview", "--replay", script.path, "--out", svg.path])
    try #require(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.isEmpty)
    #expect(FileManager.default.fileExists(atPath: svg.path))
    let png = directory.appendingPathComponent("card.png")
    #expect(FileManager.default.fileExists(atPath: png.path) == Self.rsvgConvertInstalled)
  }

  @Test func withoutRsvgConvertOnlyTheSVGIsWritten() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("card.svg")
    let script = try Self.openScript(in: directory)
    let process = Process()
    process.executableURL = PerformBinary.url
    process.arguments = ["activity", "preview", "--replay", script.path, "--out", svg.path]
    process.environment = ["PATH": directory.path]
    try ChildStart.run(process)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(FileManager.default.fileExists(atPath: svg.path))
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("card.png").path))
  }

  static let package = PerformBinary.packageRoot.appendingPathComponent("Package.swift")
  static let expected = PerformBinary.fixtures.appendingPathComponent(
    "rest-background.expected.json")

  /// (arguments after `activity`, exit status, a part of the message)
  static let badInput: [([String], Int32, String)] = [
    (["preview"], 2, "one of --state FILE or --replay FILE"),
    (["show", "--replay", script.path], 2, "activity takes preview"),
    (["preview", "--replay", script.path, "--locale", "es"], 2, "--locale \"es\" is not one of"),
    (["preview", "--replay", script.path, "--units", "si"], 2, "--units \"si\""),
    (["preview", "--replay", script.path, "--now", "today"], 2, "--now \"today\""),
    (["preview", "--replay", script.path, "--state", script.path], 2, "one of --state"),
    (["preview", "--state", "/nonexistent/state.json"], 1, "cannot read /nonexistent"),
    (["preview", "--state", package.path], 2, "Package.swift is not a saved workout state"),
    (["preview", "--replay", expected.path], 2, "rest-background.expected.json: "),
  ]

  @Test(arguments: badInput)
  func badInputExitsWithAClearMessage(
    _ arguments: [String], _ status: Int32, _ message: String
  ) throws {
    let output = try PerformBinary.run(["activity"] + arguments)
    #expect(output.status == status, "\(output.stderr)")
    #expect(output.stderr.contains(message), "\(output.stderr)")
    #expect(output.stdout.isEmpty)
  }

  /// docs/specs/live-activity.md, "Lifecycle and limits": the card ends when the workout is
  /// finished.
  @Test func aReplayThatFinishesHasNoCardToShow() throws {
    let output = try PerformBinary.run(
      ["activity", "preview", "--replay", Self.script.path, "--terminal"])
    #expect(output.status == 2)
    #expect(output.stderr.contains("(or it is finished)"), "\(output.stderr)")
    #expect(output.stdout.isEmpty)
  }

  @Test func stateWithoutAStartedWorkoutHasNothingToShow() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let state = directory.appendingPathComponent("empty.json")
    try Data("{\"session\": null, \"notificationConfigs\": []}".utf8).write(to: state)
    let output = try PerformBinary.run(["activity", "preview", "--state", state.path])
    #expect(output.status == 2)
    #expect(output.stderr.contains("holds no started workout"), "\(output.stderr)")
  }

  static var rsvgConvertInstalled: Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/rsvg-convert")
    }
  }
}
