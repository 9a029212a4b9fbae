import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The `perform` binary running in a pseudo-terminal: keys typed on the emulator's side, the
/// bytes it draws read back with the moment each read returned.
final class AppInPseudoTerminal {
  /// The emulator's side of the pseudo-terminal (what a terminal window holds).
  let emulator: Int32
  let process: Process
  let dataDirectory: URL
  private let clock = ContinuousClock()

  /// Starts `binary` with `--data-dir` a new temporary directory (so its embedded server and demo
  /// trainee start fresh) on a terminal of `rows` x `columns`.
  init(binary: String, rows: UInt16, columns: UInt16) throws {
    // NB: Swift's Glibc module leaves out posix_openpt, grantpt, unlockpt and ptsname, so this
    // does what they do on Linux (as Tests/TerminalUITests/PseudoTerminal.swift does).
    emulator = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard emulator >= 0 else { throw BenchmarkFailure("open /dev/ptmx: errno \(errno)") }
    var locked: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(emulator, 0x4004_5431, &locked) == 0, ioctl(emulator, 0x8004_5430, &number) == 0
    else { throw BenchmarkFailure("ioctl TIOCSPTLCK/TIOCGPTN: errno \(errno)") }
    var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(emulator, UInt(TIOCSWINSZ), &window)
    let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw BenchmarkFailure("open /dev/pts/\(number): errno \(errno)") }
    defer { close(terminal) }

    dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "perform-latency-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["--data-dir", dataDirectory.path]
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["LANG"] = "C.UTF-8"
    environment["HOME"] = dataDirectory.path
    process.environment = environment
    let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
  }

  /// Types `bytes`; returns the moment the write returned.
  func type(_ bytes: [UInt8]) -> ContinuousClock.Instant {
    var bytes = bytes
    _ = write(emulator, &bytes, bytes.count)
    return clock.now
  }

  /// Reads what the app wrote within `timeout`: the bytes and the moment the read returned, or
  /// nil when nothing came (or the app closed the terminal).
  func read(within timeout: Duration) -> (bytes: ArraySlice<UInt8>, at: ContinuousClock.Instant)? {
    var ready = pollfd(fd: emulator, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(max(0, timeout.milliseconds))
    guard poll(&ready, 1, milliseconds) > 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = Glibc.read(emulator, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return (buffer[..<count], clock.now)
  }

  /// Waits for the app to exit (at most `timeout`), then removes its data directory.
  func finish(timeout: Duration) -> Int32? {
    let deadline = clock.now.advanced(by: timeout)
    while process.isRunning, clock.now < deadline {
      _ = read(within: .milliseconds(20))
    }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    close(emulator)
    try? FileManager.default.removeItem(at: dataDirectory)
    return process.terminationReason == .exit ? process.terminationStatus : nil
  }
}

/// A benchmark run that could not go on, and why.
struct BenchmarkFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension Duration {
  /// The duration in whole milliseconds, rounded up.
  var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  }
}
