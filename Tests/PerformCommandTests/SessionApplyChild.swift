import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `perform session apply` running in the background, as a front end would drive it: actions go
/// in one line at a time on a pipe, acknowledgements come back one line at a time, and the
/// process can be killed at any moment.
final class SessionApplyChild {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errorLog: URL
  private var pending: [UInt8] = []

  /// Starts `perform session apply --data-dir dataDirectory --now now`; its standard error goes
  /// to `errorLog`.
  init(dataDirectory: URL, now: String, errorLog: URL) throws {
    // A child that dies while we write to it must fail the test, not kill the test runner.
    signal(SIGPIPE, SIG_IGN)
    self.errorLog = errorLog
    _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
    process.executableURL = PerformBinary.url
    process.arguments = ["session", "apply", "--data-dir", dataDirectory.path, "--now", now]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorLog)
    try ChildStart.run(process)
  }

  /// What the child wrote on standard error so far.
  var errors: String {
    (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
  }

  /// Writes `line` and a newline to the child's standard input.
  func send(_ line: String) throws {
    let bytes = Array((line + "\n").utf8)
    let fd = input.fileHandleForWriting.fileDescriptor
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw ChildFailure("writing to perform: \(String(cString: strerror(errno))); \(errors)")
      }
      offset += written
    }
  }

  /// The next line the child printed, without its newline; `nil` once it closed its output.
  /// Throws when nothing comes for a minute, so a hung child fails the test instead of hanging it.
  func readLine() throws -> String? {
    let fd = output.fileHandleForReading.fileDescriptor
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
      }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, 60_000)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { throw ChildFailure("perform printed nothing for a minute") }
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      pending += chunk[..<count]
    }
  }

  /// Every line the child printed that was not read yet, up to the end of its output.
  func remainingLines() throws -> [String] {
    var lines: [String] = []
    while let line = try readLine() { lines.append(line) }
    return lines
  }

  /// Sends SIGKILL and waits for the child to die; throws when it had already exited by itself.
  func kill() throws {
    #if canImport(Glibc)
      let result = Glibc.kill(process.processIdentifier, SIGKILL)
    #else
      let result = Darwin.kill(process.processIdentifier, SIGKILL)
    #endif
    process.waitUntilExit()
    try? input.fileHandleForWriting.close()
    guard result == 0, process.terminationReason == .uncaughtSignal,
      process.terminationStatus == SIGKILL
    else {
      throw ChildFailure(
        "perform was not killed: it exited with \(process.terminationStatus); \(errors)")
    }
  }
}

/// The child process did something the test did not expect.
struct ChildFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
