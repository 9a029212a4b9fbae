import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tmux harness the end-to-end tests of `perform app` stand on, tried on small programs
/// whose behaviour is known.
@Suite(.timeLimit(.minutes(2))) struct TmuxSessionTests {
  @Test func typedTextReachesTheProgramAndItsOutputTheScreen() async throws {
    let session = try TmuxSession(["/bin/cat"])
    // Text ending in `;` or starting with `-` would be read as tmux syntax if not escaped.
    try session.send(keys: "-n hello; world;", .enter)
    let screen = try await session.waitFor("-n hello; world;\n-n hello; world;\n")
    #expect(screen.hasPrefix("-n hello; world;\n-n hello; world;\n"), "\(screen)")
    try session.send(keys: "typo", .backspace, .backspace, "o", .enter)
    try await session.waitFor("tyo\ntyo\n")
    try session.send(keys: .control("c"))
    #expect(try await session.waitForExit() == .killed(signal: SIGINT))
  }

  @Test func theExitStatusCanBeReadAfterTheProgramEnds() async throws {
    let session = try TmuxSession(["sh", "-c", "printf 'ready\\n'; read x; exit 3"])
    try await session.waitFor("ready")
    #expect(try session.termination == nil)
    #expect(try session.isDead == false)
    try session.send(keys: "x", .enter)
    #expect(try await session.waitForExit() == .exited(3))
    #expect(try session.isDead)
    #expect(try session.capture().contains("ready"), "the pane stays after the program ends")
  }

  @Test func aProgramKilledWithSignalNineIsRespawnedInTheSamePane() async throws {
    let session = try TmuxSession(["sleep", "1000"])
    let first = try session.pid
    #expect(kill(first, SIGKILL) == 0)
    #expect(try await session.waitForExit() == .killed(signal: SIGKILL))

    try session.respawn(["sh", "-c", "echo again in $HOME; exec sleep 1000"])
    try await session.waitFor("again in \(session.home.path)")
    #expect(try session.termination == nil)
    #expect(try session.pid != first)
  }

  @Test func aResizeReachesTheProgramAsSIGWINCH() async throws {
    let session = try TmuxSession(
      [
        "sh", "-c",
        "trap 'stty size; tput cols' WINCH; stty size; tput cols; while :; do sleep 0.1; done",
      ],
      size: TmuxSession.Size(columns: 100, rows: 40))
    try await session.waitFor("40 100\n100\n")

    try session.resize(columns: 80, rows: 24)
    #expect(try session.size == TmuxSession.Size(columns: 80, rows: 24))
    try await session.waitFor("24 80\n80\n")
  }

  @Test func theProgramRunsInAScratchHomeWithAColourTerminal() async throws {
    let session = try TmuxSession(
      // The program stays until the screen is read: tmux can lose the very last output of a
      // program as it exits (CI met exactly that with this test).
      [
        "sh", "-c",
        #"printf '%s\n' "$TERM" "$HOME" "$XDG_DATA_HOME" "$EXTRA" end; exec sleep 1000"#,
      ],
      environment: ["EXTRA": "given"])
    let screen = try await session.waitFor("end")
    let lines = screen.split(separator: "\n").prefix(4).map(String.init)
    #expect(lines == ["xterm-256color", session.home.path, session.dataHome.path, "given"])
    #expect(session.dataHome.path.hasPrefix(session.directory.path))
    #expect(FileManager.default.fileExists(atPath: session.dataHome.path))
  }

  /// A full-screen program as `perform app` is one: raw mode, no echo, the alternate screen,
  /// colours, keys read one byte at a time.
  @Test func aFullScreenProgramInRawModeIsCapturedAsDrawn() async throws {
    let script = #"""
      printf 'on the main screen\n'
      stty raw -echo
      printf '\033[?1049h\033[H\033[2J\033[5;10H\033[31mALT\033[0m\r\n'
      key=$(dd bs=1 count=1 2>/dev/null)
      printf 'key %s\r\n' "$key"
      code=$(dd bs=1 count=1 2>/dev/null | od -An -tx1 | tr -d ' ')
      printf 'code %s\r\n' "$code"
      dd bs=1 count=1 2>/dev/null >/dev/null
      printf '\033[?1049l'
      stty sane
      printf 'back\n'
      read x
      """#
    let session = try TmuxSession(["sh", "-c", script])
    let screen = try await session.waitFor("ALT")
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows.count == 41, "40 rows, each ending in a newline")
    #expect(rows[4] == "         ALT", "row 5, column 10: \(screen)")
    #expect(!screen.contains("on the main screen"), "the alternate screen hides the main one")
    #expect(try session.capture(escapes: true).contains("\u{1B}[31mALT"))

    // Raw mode: a key arrives without Enter and is not echoed; C-c is a byte, not SIGINT.
    try session.send(keys: "q")
    try await session.waitFor("key q")
    #expect(!(try session.capture()).contains("qkey"))
    try session.send(keys: .control("c"))
    try await session.waitFor("code 03")
    try session.send(keys: .escape)

    // Leaving the alternate screen brings the main one back as it was. (Read before the program
    // ends: tmux can lose the very last output of a program as it exits.)
    let after = try await session.waitFor("back")
    #expect(after.hasPrefix("on the main screen\nback\n"), "\(after)")
    #expect(!after.contains("ALT"))
    try session.send(keys: .enter)
    #expect(try await session.waitForExit() == .exited(0))
  }

  @Test func aCaptureLargerThanAPipeBufferIsReadWhole() async throws {
    // Every cell in its own colour: 99 rows of 200 cells, some 200 kB with the escapes.
    let script = #"""
      awk 'BEGIN { for (r = 0; r < 99; r++) {
        for (c = 0; c < 200; c++) printf "\033[38;5;%dmx", (r * 200 + c) % 256
        printf "\033[0m\r\n" } }'
      exec sleep 1000
      """#
    let session = try TmuxSession(
      ["sh", "-c", script], size: TmuxSession.Size(columns: 200, rows: 100))
    let row = String(repeating: "x", count: 200)
    try await session.waitForScreen("99 full rows", timeout: .seconds(10)) {
      $0.split(separator: "\n").filter { $0 == row }.count == 99
    }
    let colored = try session.capture(escapes: true)
    #expect(colored.utf8.count > 65536)
    #expect(colored.filter { $0 == "x" }.count == 99 * 200, "every cell, to the last row")
  }

  @Test func aWaitThatTimesOutShowsTheScreen() async throws {
    let session = try TmuxSession(["sh", "-c", "echo visible; exec sleep 1000"])
    try await session.waitFor("visible")
    let failure = await #expect(throws: TmuxSession.Failure.self) {
      try await session.waitFor("never", timeout: .milliseconds(200))
    }
    guard case .timedOut(let what, _, let screen) = failure else {
      Issue.record("\(String(describing: failure))")
      return
    }
    #expect(what == "\"never\" to appear")
    #expect(screen.hasPrefix("visible\n"))
    #expect(failure?.description.contains("│visible") == true, "\(failure!)")
  }

  @Test func aWaitEndsAsSoonAsTheProgramDoes() async throws {
    let session = try TmuxSession(["sh", "-c", "exit 7"])
    let start = ContinuousClock.now
    let failure = await #expect(throws: TmuxSession.Failure.self) {
      try await session.waitFor("never", timeout: .seconds(60))
    }
    #expect(ContinuousClock.now - start < .seconds(30))
    guard case .programEnded(.exited(7), let what, _) = failure else {
      Issue.record("\(String(describing: failure))")
      return
    }
    #expect(what == "\"never\" to appear")
  }

  @Test func waitUntilGoneSeesTheScreenCleared() async throws {
    let session = try TmuxSession(
      ["sh", "-c", #"echo busy; read x; printf '\033[2J\033[Hdone\n'; exec sleep 1000"#])
    try await session.waitFor("busy")
    try session.send(keys: .enter)
    let screen = try await session.waitUntilGone("busy")
    #expect(screen.hasPrefix("done\n"))
  }

  @Test func sessionsAreIndependentAndCloseTakesEverythingAway() async throws {
    let first = try TmuxSession(["sh", "-c", "echo first; exec sleep 1000"])
    let second = try TmuxSession(["sh", "-c", "echo second; exec sleep 1000"])
    try await first.waitFor("first")
    try await second.waitFor("second")
    #expect(first.directory != second.directory)

    first.close()
    #expect(!FileManager.default.fileExists(atPath: first.directory.path))
    #expect(throws: TmuxSession.Failure.self) { try first.capture() }
    first.close()
    #expect(try second.capture().hasPrefix("second\n"), "closing one leaves the other running")
  }

  @Test func performRunsInAPaneFromTheBuildFolder() async throws {
    let session = try TmuxSession.perform(["session", "apply"])
    try session.send(keys: #"{"do":"begin"}"#, .enter)
    try await session.waitFor("refused noSession")
    try session.send(keys: .control("d"))
    #expect(try await session.waitForExit() == .exited(0))
  }
}
