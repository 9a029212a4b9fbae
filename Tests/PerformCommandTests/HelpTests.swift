import Foundation
import Testing

/// `--help` on every command: that command's usage on standard output, exit 0, nothing done.
@Suite struct HelpTests {
  /// Each command with `--help` somewhere among its arguments, and a line its usage starts with.
  static let commands: [(arguments: [String], synopsis: String)] = [
    (["app", "--help"], "perform [app] [--server URL [--token-file FILE]]"),
    (
      ["--server", "http://127.0.0.1:9", "--help"],
      "perform [app] [--server URL [--token-file FILE]]"
    ),
    (["replay", "-h"], "perform replay FILE|-"),
    (["replay", "script.json", "--help"], "perform replay FILE|-"),
    (["nutrition", "replay", "--help"], "perform nutrition replay FILE|-"),
    (["session", "show", "--help"], "perform session show [--data-dir DIR]"),
    (["session", "apply", "--help", "--now", "x"], "perform session apply [--data-dir DIR]"),
    (["activity", "preview", "--help"], "perform activity preview --state FILE|--replay FILE"),
    (["serve", "--help"], "perform serve [--host 127.0.0.1]"),
    (["serve", "--port", "not-a-port", "--help"], "perform serve [--host 127.0.0.1]"),
    (["trainee", "add", "--help"], "perform trainee add NAME"),
    (["program", "import", "--help"], "perform program import FILE --trainee ID"),
    (["nutrition-plan", "import", "--help"], "perform nutrition-plan import FILE --trainee ID"),
    (["help", "serve"], "perform serve [--host 127.0.0.1]"),
    (["history", "export", "--help"], "perform history export --csv FILE|--json FILE"),
    (["history", "import", "--help"], "perform history import --csv FILE [--dry-run]"),
    (["progress", "Bench", "--help"], "perform progress EXERCISE [--svg FILE]"),
  ]

  @Test(arguments: commands)
  func helpPrintsThatCommandsUsageOnStandardOutput(
    _ command: (arguments: [String], synopsis: String)
  ) throws {
    let output = try PerformBinary.run(command.arguments)
    let stdout = String(decoding: output.stdout, as: UTF8.self)
    #expect(output.status == 0, "stderr: \(output.stderr)")
    #expect(output.stderr.isEmpty)
    #expect(stdout.hasPrefix("Usage:\n  \(command.synopsis)"), "stdout: \(stdout)")
    // Only that command: the usage of another is not in it.
    let others = Self.commands.map(\.synopsis).filter { $0 != command.synopsis }
    #expect(others.allSatisfy { !stdout.contains($0) }, "stdout: \(stdout)")
  }

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func helpAloneListsEveryCommand(_ arguments: [String]) throws {
    let output = try PerformBinary.run(arguments)
    let stdout = String(decoding: output.stdout, as: UTF8.self)
    #expect(output.status == 0)
    #expect(output.stderr.isEmpty)
    #expect(Self.commands.allSatisfy { stdout.contains($0.synopsis) }, "stdout: \(stdout)")
  }

  @Test func helpDoesNothingElse() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-help-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite").path
    let output = try PerformBinary.run([
      "trainee", "add", "Ana", "--database", database, "--help",
    ])
    #expect(output.status == 0)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func versionPrintsTheVersionAndTheDatabaseSchema() throws {
    let output = try PerformBinary.run(["--version"])
    let stdout = String(decoding: output.stdout, as: UTF8.self)
    #expect(output.status == 0)
    #expect(output.stderr.isEmpty)
    #expect(
      stdout.wholeMatch(of: /perform \d+\.\d+\.\d+ \(database schema \d+\)\n/) != nil,
      "stdout: \(stdout)")
  }

  @Test(arguments: [
    (["serve", "--verbose"], "perform serve [--host 127.0.0.1]"),
    (["activity", "preview", "--colour"], "perform activity preview"),
    (["session", "show", "--dir", "x"], "perform session show"),
    (["app", "--tokn", "x"], "perform [app]"),
    (["frobnicate", "--help"], "perform serve [--host 127.0.0.1]"),
  ])
  func unknownOptionsAndCommandsExitTwoWithTheUsageOnStandardError(
    _ arguments: [String], synopsis: String
  ) throws {
    let output = try PerformBinary.run(arguments)
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.hasPrefix("perform: unknown"), "stderr: \(output.stderr)")
    #expect(output.stderr.contains(synopsis), "stderr: \(output.stderr)")
  }
}
