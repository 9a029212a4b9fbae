import Foundation
import Testing

/// A script a replay command must refuse, and how its error must read.
struct BadReplayScript: Sendable, CustomTestStringConvertible {
  var testDescription: String
  var script: Data
  /// How standard error must begin, after `perform: -: `.
  var message: String
}

/// What one `perform` replay command does with input it cannot run: a bad script exits 2 with one
/// line on standard error naming where it went wrong, a file it cannot read exits 1, and wrong
/// arguments print the usage and exit 2; none of them prints anything on standard output.
struct ReplayBadInput {
  /// The arguments before the script's path, such as `["nutrition", "replay"]`.
  var command: [String]

  /// Feeds `bad` on standard input and expects it refused with `bad.message`.
  func expectRefused(
    _ bad: BadReplayScript, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let output = try PerformBinary.run(command + ["-"], input: bad.script)
    #expect(output.status == 2, sourceLocation: sourceLocation)
    #expect(
      output.stdout.isEmpty, "a refused script prints no result", sourceLocation: sourceLocation)
    let firstLine = output.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(
      firstLine.hasPrefix("perform: -: \(bad.message)"), "stderr: \(output.stderr)",
      sourceLocation: sourceLocation)
  }

  /// Writes `script` to a file, runs it from there and expects the whole error line to be the
  /// file's path and `message`.
  func expectErrorNamesTheFile(
    of script: Data, message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-bad-\(UUID().uuidString).replay.json")
    try script.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    let output = try PerformBinary.run(command + [file.path])

    #expect(output.status == 2, sourceLocation: sourceLocation)
    #expect(
      output.stderr == "perform: \(file.path): \(message)\n", sourceLocation: sourceLocation)
  }

  /// Runs the script `file` by its path and again as `-` on standard input, and expects both to
  /// succeed with the same, non-empty output.
  func expectStandardInputReadsLike(
    _ file: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let fromFile = try PerformBinary.run(command + [file.path])
    let fromInput = try PerformBinary.run(command + ["-"], input: try Data(contentsOf: file))

    #expect(fromFile.status == 0, "stderr: \(fromFile.stderr)", sourceLocation: sourceLocation)
    #expect(fromInput.status == 0, "stderr: \(fromInput.stderr)", sourceLocation: sourceLocation)
    #expect(!fromInput.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(fromInput.stdout == fromFile.stdout, sourceLocation: sourceLocation)
  }

  /// Runs the script at `path`, which does not exist, and expects exit status 1.
  func expectUnreadableFileExitsOne(
    _ path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let output = try PerformBinary.run(command + [path])

    #expect(output.status == 1, sourceLocation: sourceLocation)
    #expect(output.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(output.stderr == "perform: cannot read \(path)\n", sourceLocation: sourceLocation)
  }

  /// Runs `perform arguments`, with `input` on standard input, and expects the command's usage.
  func expectUsage(
    for arguments: [String], input: Data? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let output = try PerformBinary.run(arguments, input: input)
    let usage = (["perform"] + command + ["FILE|-"]).joined(separator: " ")

    #expect(output.status == 2, sourceLocation: sourceLocation)
    #expect(output.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(
      output.stderr.contains(usage), "stderr: \(output.stderr)", sourceLocation: sourceLocation)
  }
}
