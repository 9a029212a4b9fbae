import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program running in a pseudo-terminal under tmux, as a person at a terminal runs it: keys go
/// in, the screen comes out as text.
///
/// Every session has a tmux server of its own, on a socket in its own scratch directory, so tests
/// never touch a user's tmux and can run in parallel. The program sees `TERM=xterm-256color`,
/// `LANG=C.UTF-8` and a `HOME` and `XDG_DATA_HOME` inside that directory. The pane stays, as the
/// program left it, after the program ends, so its last screen and exit status can still be read
/// (though tmux can lose the very last output of a program as it exits: see `drainOnExit`).
///
/// Every tmux call and every wait has a time limit: a hung program fails the test with the
/// screen in the error, and never hangs it.
final class TmuxSession: Sendable {
  /// The scratch directory holding the socket and the program's home; `close()` removes it.
  let directory: URL
  /// `$HOME` of the program.
  let home: URL
  /// `$XDG_DATA_HOME` of the program: `home/.local/share`, so `perform` keeps its data in
  /// `dataHome/perform`.
  let dataHome: URL
  /// The environment every program of this session starts with.
  let environment: [String: String]
  private let socket: String
  private let tmuxPath: String
  /// The pane's id (`%0`); it stays the same across `respawn(_:)`.
  private let pane: String
  private let serverPID: pid_t

  /// Starts `command` (an executable and its arguments, run without a shell) in a detached
  /// session of `size`; `environment` is added to the defaults (and may replace them).
  init(
    _ command: [String], size: Size = Size(columns: 100, rows: 40),
    environment: [String: String] = [:], workingDirectory: URL? = nil
  ) throws {
    precondition(!command.isEmpty, "a session runs a command")
    guard let tmuxPath = Self.executable("tmux") else { throw Failure.tmuxNotInstalled }
    let directory = try Self.makeScratchDirectory()
    let home = directory.appendingPathComponent("home")
    let dataHome = home.appendingPathComponent(".local/share")
    let socket = directory.appendingPathComponent("tmux.sock").path
    // NB: tmux hands a pane the environment of the client that started the server (and its
    // PATH from the client that spawns the pane), so every tmux call runs with exactly this one.
    let environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home.path, "XDG_DATA_HOME": dataHome.path,
      "TERM": "xterm-256color", "LANG": "C.UTF-8",
    ].merging(environment) { _, given in given }
    do {
      try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
      // NB: the options are set in the same call that starts the server, before the program
      // runs, so one that exits at once still leaves its pane and status behind.
      let started = try Self.run(
        tmuxPath, socket: socket, environment: environment,
        commands: [
          ["set-option", "-g", "status", "off"],
          ["set-option", "-g", "remain-on-exit", "on"],
          // No "Pane is dead" line, which would scroll the last screen up by a row.
          ["set-option", "-gq", "remain-on-exit-format", ""],
          ["set-option", "-g", "default-terminal", environment["TERM"] ?? "xterm-256color"],
          [
            "new-session", "-d", "-P", "-F", "#{pane_id} #{pid}", "-x", "\(size.columns)",
            "-y", "\(size.rows)", "-c", (workingDirectory ?? directory).path, "--",
          ] + Self.withoutShell(command),
          Self.drainOnExit(),
        ],
        startsServer: true
      )
      let fields = started.split(separator: " ")
      guard fields.count == 2, let serverPID = pid_t(fields[1].prefix { $0.isNumber }) else {
        throw Failure.unexpectedAnswer(started)
      }
      pane = String(fields[0])
      self.serverPID = serverPID
    } catch {
      _ = try? Self.run(
        tmuxPath, socket: socket, environment: environment, commands: [["kill-server"]])
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
    self.directory = directory
    self.home = home
    self.dataHome = dataHome
    self.socket = socket
    self.environment = environment
    self.tmuxPath = tmuxPath
  }

  /// Starts the `perform` binary that `swift build` made (see `PerformBinary`) with `arguments`.
  static func perform(
    _ arguments: [String], size: Size = Size(columns: 100, rows: 40),
    environment: [String: String] = [:]
  ) throws -> TmuxSession {
    try TmuxSession([PerformBinary.url.path] + arguments, size: size, environment: environment)
  }

  deinit { close() }

  /// Kills the tmux server (which hangs up on the program) and removes the scratch directory.
  /// Calling it again does nothing.
  func close() {
    guard FileManager.default.fileExists(atPath: directory.path) else { return }
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: Keys and screen

  /// Types `keys` in order: text literally, named keys as the keyboard sends them.
  func send(keys: Keys...) throws {
    guard !keys.isEmpty else { return }  // tmux without a command would open a new session
    try tmux(
      keys.map { keys in
        switch keys {
        case .text(let text): ["send-keys", "-t", pane, "-l", "--", text]
        case .named(let name): ["send-keys", "-t", pane, "--", name]
        case .bytes(let bytes):
          ["send-keys", "-t", pane, "-H", "--"] + bytes.map { String($0, radix: 16) }
        }
      })
  }

  /// The visible screen as text, one line a row, trailing blanks cut; with `escapes`, the colours
  /// and attributes as SGR escape sequences. Shows the alternate screen while it is in use.
  func capture(escapes: Bool = false) throws -> String {
    try tmux(["capture-pane", "-p", "-t", pane] + (escapes ? ["-e"] : []))
  }

  /// The size of the pane, as the program sees it.
  var size: Size {
    get throws {
      let fields = try display("#{pane_width} #{pane_height}").split(separator: " ")
      guard fields.count == 2, let columns = Int(fields[0]), let rows = Int(fields[1]) else {
        throw Failure.unexpectedAnswer(fields.joined(separator: " "))
      }
      return Size(columns: columns, rows: rows)
    }
  }

  /// Resizes the window, as a user dragging the terminal would: the program gets `SIGWINCH`.
  func resize(columns: Int, rows: Int) throws {
    try tmux(["resize-window", "-t", pane, "-x", "\(columns)", "-y", "\(rows)"])
  }

  // MARK: The program

  /// The process id of the program in the pane (of the last one, once it ended).
  var pid: pid_t {
    get throws {
      let answer = try display("#{pane_pid}")
      guard let pid = pid_t(answer) else { throw Failure.unexpectedAnswer(answer) }
      return pid
    }
  }

  /// How the program ended; `nil` while it runs (and for the moment between its end and tmux
  /// collecting its status, which `waitForExit` waits out).
  var termination: Termination? {
    get throws { try termination(from: display(Self.terminationFormat)) }
  }

  /// Whether the program has ended.
  var isDead: Bool {
    get throws { try termination != nil }
  }

  /// Starts `command` in the same pane, killing the program there if it still runs, with the
  /// session's environment and working directory.
  func respawn(_ command: [String]) throws {
    precondition(!command.isEmpty, "a pane runs a command")
    try tmux(
      ["respawn-pane", "-k", "-t", pane, "--"] + Self.withoutShell(command),
      Self.drainOnExit(["-t", pane]))
  }

  // MARK: Helpers

  /// Runs one tmux client with `commands` and returns what it printed.
  @discardableResult
  private func tmux(_ commands: [String]...) throws -> String {
    try tmux(commands)
  }

  @discardableResult
  private func tmux(_ commands: [[String]]) throws -> String {
    try Self.run(tmuxPath, socket: socket, environment: environment, commands: commands)
  }

  private func display(_ format: String) throws -> String {
    try tmux(["display-message", "-p", "-t", pane, format])
      .trimmingCharacters(in: .newlines)
  }

  private static let terminationFormat = "#{pane_dead} #{pane_dead_status} #{pane_dead_signal}"

  /// Reads `terminationFormat` as tmux expanded it: `0  ` while running, `1 3 ` after `exit 3`,
  /// `1  9` after `kill -9`, and `1  ` between the terminal closing and tmux reaping the program.
  private func termination(from answer: String) throws -> Termination? {
    let fields = answer.split(separator: " ", omittingEmptySubsequences: false)
    guard fields.count == 3, fields[0] == "0" || fields[0] == "1" else {
      throw Failure.unexpectedAnswer(answer)
    }
    guard fields[0] == "1" else { return nil }
    if let status = Int32(fields[1]) { return .exited(status) }
    if let signal = Int32(fields[2]) { return .killed(signal: signal) }
    // NB: tmux built with libutempter misses the SIGCHLD of a program that ends while utempter
    // runs its helper, and then never reaps it (tmux/tmux#311, #4559); a SIGCHLD of our own
    // makes it look again, harmlessly if it had not missed one.
    kill(serverPID, SIGCHLD)
    return nil
  }

  /// Pipes the pane's output to nowhere.
  ///
  /// NB: tmux closes the terminal as soon as it reaps the program, and so can lose what the
  /// program wrote just before it ended; with a pipe open it first reads what is left. A write
  /// the kernel has not yet handed to the terminal can still be lost (in a few of a thousand
  /// runs on a busy machine), so tests read a last screen that matters before the program ends.
  private static func drainOnExit(_ target: [String] = []) -> [String] {
    ["pipe-pane", "-O"] + target + ["cat >/dev/null"]
  }

  /// `command` as tmux arguments that tmux executes directly: given one argument, tmux would
  /// hand it to `sh -c`, so a lone executable is started through `env`, which `exec`s it.
  private static func withoutShell(_ command: [String]) -> [String] {
    command.count == 1 ? ["/usr/bin/env", "--"] + command : command
  }

  /// The first executable `name` on `$PATH`.
  private static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// A new empty directory; under `/tmp` when `$TMPDIR` is so long that a socket path in it
  /// would pass the 104 bytes some systems allow.
  private static func makeScratchDirectory() throws -> URL {
    let name = "perform-tmux-\(UUID().uuidString)"
    var directory = FileManager.default.temporaryDirectory.appendingPathComponent(name)
    if directory.path.utf8.count > 80 {
      directory = URL(fileURLWithPath: "/tmp").appendingPathComponent(name)
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }
}

// MARK: - Waiting

extension TmuxSession {
  /// Polls the screen every 50 ms until it shows `text`, and returns it. Throws with the last
  /// screen when `timeout` passes first or the program ends without showing it.
  @discardableResult
  func waitFor(_ text: String, timeout: Duration = .seconds(10)) async throws -> String {
    try await waitForScreen("\"\(text)\" to appear", timeout: timeout) { $0.contains(text) }
  }

  /// Polls the screen every 50 ms until `text` is no longer on it, and returns it.
  @discardableResult
  func waitUntilGone(_ text: String, timeout: Duration = .seconds(10)) async throws -> String {
    try await waitForScreen("\"\(text)\" to go", timeout: timeout) { !$0.contains(text) }
  }

  /// Polls the screen every 50 ms until `isReady` holds for it, and returns it; `what` names
  /// the wait in the error thrown when `timeout` passes first or the program ends.
  @discardableResult
  func waitForScreen(
    _ what: String, timeout: Duration, until isReady: (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while true {
      // One tmux call reads both the screen and whether the program still runs.
      let answer = try tmux(
        ["capture-pane", "-p", "-t", pane],
        ["display-message", "-p", "-t", pane, Self.terminationFormat])
      let lines = answer.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      let screen = lines.dropLast().map { "\($0)\n" }.joined()
      if isReady(screen) { return screen }
      if let ended = try termination(from: String(lines.last ?? "")) {
        // It may have drawn the screen between the capture and the check: look once more.
        let last = try capture()
        if isReady(last) { return last }
        throw Failure.programEnded(ended, waitingFor: what, screen: last)
      }
      if ContinuousClock.now >= deadline {
        throw Failure.timedOut(waitingFor: what, after: timeout, screen: screen)
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Polls every 50 ms until the program ends, and returns how it ended.
  @discardableResult
  func waitForExit(timeout: Duration = .seconds(10)) async throws -> Termination {
    let deadline = ContinuousClock.now + timeout
    while true {
      if let ended = try termination { return ended }
      if ContinuousClock.now >= deadline {
        let screen = try capture()
        throw Failure.timedOut(waitingFor: "the program to end", after: timeout, screen: screen)
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }
}

// MARK: - Values

extension TmuxSession {
  /// A terminal size in character cells.
  struct Size: Equatable, Sendable {
    var columns: Int
    var rows: Int
  }

  /// What `send(keys:)` types: text, character by character, or a key tmux knows by name.
  enum Keys: Equatable, Sendable, ExpressibleByStringLiteral {
    case text(String)
    /// A tmux key name: `Enter`, `Escape`, `Up`, `BSpace`, `C-c`, `F1`, `PageDown`...
    case named(String)
    /// Bytes written to the program's input as they are (what a terminal sends on its own,
    /// such as a focus report).
    case bytes([UInt8])

    init(stringLiteral text: String) { self = .text(text) }

    static let enter = Keys.named("Enter")
    static let escape = Keys.named("Escape")
    static let tab = Keys.named("Tab")
    static let backspace = Keys.named("BSpace")
    static let up = Keys.named("Up")
    static let down = Keys.named("Down")
    static let left = Keys.named("Left")
    static let right = Keys.named("Right")
    /// Control and `letter`, as `control("c")` for C-c.
    static func control(_ letter: Character) -> Keys { .named("C-\(letter)") }
  }

  /// How the program in the pane ended.
  enum Termination: Equatable, Sendable {
    case exited(Int32)
    case killed(signal: Int32)
  }

  /// What went wrong; the waits carry the last screen, so a failing test's log shows it.
  enum Failure: Error, Equatable, CustomStringConvertible {
    case tmuxNotInstalled
    case tmuxFailed(arguments: [String], status: Int32, message: String)
    case tmuxHung(arguments: [String])
    case unexpectedAnswer(String)
    case timedOut(waitingFor: String, after: Duration, screen: String)
    case programEnded(Termination, waitingFor: String, screen: String)

    var description: String {
      switch self {
      case .tmuxNotInstalled:
        "tmux is not on PATH; scripts/ensure-debian-packages.sh installs it"
      case .tmuxFailed(let arguments, let status, let message):
        "tmux \(arguments.joined(separator: " ")) failed with status \(status): \(message)"
      case .tmuxHung(let arguments):
        "tmux \(arguments.joined(separator: " ")) did not finish in 10 seconds"
      case .unexpectedAnswer(let answer):
        "tmux answered \"\(answer)\""
      case .timedOut(let what, let timeout, let screen):
        "timed out after \(timeout) waiting for \(what); the screen:\n\(Self.framed(screen))"
      case .programEnded(let ended, let what, let screen):
        "the program ended (\(ended)) while waiting for \(what); the screen:\n"
          + Self.framed(screen)
      }
    }

    /// `screen` with a border, so blank rows and the last column show in a log.
    private static func framed(_ screen: String) -> String {
      let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
      let body = (rows.last == "" ? rows.dropLast() : rows[...]).map { "│\($0)" }
      return (["┌"] + body + ["└"]).joined(separator: "\n")
    }
  }
}

// MARK: - Running tmux

extension TmuxSession {
  /// Runs `tmux -S socket` with `commands` joined by `;` and returns what it printed; throws
  /// when it fails or takes more than 10 seconds. `startsServer` marks the call whose client
  /// forks the server: it succeeds when it prints something.
  fileprivate static func run(
    _ tmux: String, socket: String, environment: [String: String], commands: [[String]],
    startsServer: Bool = false
  ) throws -> String {
    // NB: tmux ends a command at any argument ending in `;` and turns a trailing `\;` into `;`,
    // so such an argument gets one more backslash: `a;` -> `a\;`, `a\;` -> `a\\;`.
    let escaped = commands.map { command in
      command.map { $0.hasSuffix(";") ? $0.dropLast() + "\\;" : $0 }
    }
    let arguments = ["-f", "/dev/null", "-S", socket] + escaped.joined(separator: [";"])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tmux)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try withNoSignalsBlocked { try ChildStart.run(process) }
    // The client's pipes close when it exits (the server it forks puts /dev/null on its own),
    // and reading them as they fill means a large capture cannot block it.
    let deadline = DispatchTime.now() + .seconds(10)
    guard
      let (printed, complaint) = readToEnd(
        output.fileHandleForReading, errors.fileHandleForReading, before: deadline)
    else {
      kill(process.processIdentifier, SIGKILL)
      throw Failure.tmuxHung(arguments: arguments)
    }
    // NB: Foundation learns that a child exited when a socket the child inherits closes, and
    // the server the first client forks keeps it open; so that call is judged by its output,
    // and its client is reaped when the server ends.
    if startsServer && !printed.isEmpty { return String(decoding: printed, as: UTF8.self) }
    guard exited.wait(timeout: deadline) == .success else {
      throw Failure.tmuxHung(arguments: arguments)
    }
    guard process.terminationStatus == 0 else {
      throw Failure.tmuxFailed(
        arguments: arguments, status: process.terminationStatus,
        message: String(decoding: complaint, as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return String(decoding: printed, as: UTF8.self)
  }

  /// Reads both pipes until both are closed, on this thread; `nil` when `deadline` comes first.
  ///
  /// NB: not on a dispatch queue: tests blocked in tmux calls can fill its few threads, and the
  /// reads would then wait a second or more for it to add one.
  private static func readToEnd(
    _ first: FileHandle, _ second: FileHandle, before deadline: DispatchTime
  ) -> (Data, Data)? {
    var pipes = [first, second].map {
      pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0)
    }
    var received = [Data(), Data()]
    var chunk = [UInt8](repeating: 0, count: 65536)
    while pipes.contains(where: { $0.fd >= 0 }) {
      let now = DispatchTime.now()
      guard now < deadline else { return nil }
      let milliseconds = (deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000 + 1
      if poll(&pipes, nfds_t(pipes.count), Int32(milliseconds)) < 0 {
        if errno == EINTR { continue }
        return nil
      }
      for index in pipes.indices where pipes[index].fd >= 0 && pipes[index].revents != 0 {
        let count = chunk.withUnsafeMutableBytes { read(pipes[index].fd, $0.baseAddress, $0.count) }
        if count > 0 {
          received[index].append(contentsOf: chunk[..<count])
        } else if count == 0 || errno != EINTR {
          pipes[index].fd = -1  // closed: poll skips a negative descriptor
        }
      }
    }
    return (received[0], received[1])
  }

  /// Runs `body` with no signal blocked in this thread.
  ///
  /// NB: a child starts with the signal mask of the thread that spawns it, and the threads that
  /// run tests block nearly every signal. The tmux server, and through it the program in the
  /// pane, would inherit that: it would never see SIGCHLD, SIGWINCH, SIGINT or SIGTERM.
  private static func withNoSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
    var none = sigset_t()
    var blocked = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &blocked)
    defer { pthread_sigmask(SIG_SETMASK, &blocked, nil) }
    return try body()
  }
}
