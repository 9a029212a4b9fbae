import Foundation

/// Runs the `perform` binary that `swift build` made, as a user would.
enum PerformBinary {
  /// The package's root directory.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `$PERFORM_BIN`, else `.build/debug/perform` of this package.
  static var url: URL {
    if let explicit = ProcessInfo.processInfo.environment["PERFORM_BIN"] {
      return URL(fileURLWithPath: explicit)
    }
    return packageRoot.appendingPathComponent(".build/debug/perform")
  }

  /// The fixtures folder of this test target.
  static let fixtures = packageRoot.appendingPathComponent("Tests/PerformCommandTests/Fixtures")

  struct Output {
    var status: Int32
    var stdout: Data
    var stderr: String
  }

  /// Runs `perform arguments`, feeding `input` on standard input, and waits for it to exit.
  static func run(
    _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]
  ) throws -> Output {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    // A child that exits before reading all its input (a usage error) must not kill the test
    // runner with SIGPIPE: the write fails with EPIPE instead, and what the child did is in its
    // status and output, which the caller checks.
    signal(SIGPIPE, SIG_IGN)
    try ChildStart.run(process)
    if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
    try stdin.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    DispatchQueue.global().async {
      errorData = stderr.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: outputData,
      stderr: String(decoding: errorData, as: UTF8.self))
  }
}
