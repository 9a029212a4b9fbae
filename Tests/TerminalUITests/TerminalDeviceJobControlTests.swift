#if canImport(Glibc)
  import Dispatch
  import Glibc
  import Synchronization
  @testable import TerminalUI
  import Testing

  /// What `restore()` and a suspension write to leave the app's screen.
  private let leaveSequence = "\u{1B}[?1004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
  /// What `open` and a resume write to take the screen.
  private let enterSequence =
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[?1004h"

  /// The device's stop step in a test, which cannot stop itself: it notes how the terminal was
  /// left when the job would have stopped and, when `holds`, stays "stopped" until `proceed()`.
  private final class FakeJobStop: Sendable {
    /// The terminal as the stop step found it.
    struct Sighting: Equatable {
      /// Whether the settings were the ones from before `open`.
      var settingsRestored: Bool
      /// What had been written since the last read.
      var written: String
    }

    private let pty: PseudoTerminal
    private let settingsBefore: [UInt8]
    private let holds: Bool
    private let seen = Mutex<[Sighting]>([])
    private let stopped = DispatchSemaphore(value: 0)
    private let continued = DispatchSemaphore(value: 0)

    init(_ pty: PseudoTerminal, holds: Bool = false) {
      self.pty = pty
      self.settingsBefore = withUnsafeBytes(of: pty.settings) { Array($0) }
      self.holds = holds
    }

    /// Each stop so far.
    var sightings: [Sighting] { seen.withLock { $0 } }

    /// The step itself, for `TerminalDevice.open(input:output:stopJob:)`.
    func stop() {
      let restored = withUnsafeBytes(of: pty.settings) { $0.elementsEqual(settingsBefore) }
      let sighting = Sighting(settingsRestored: restored, written: pty.output(until: leaveSequence))
      seen.withLock { $0.append(sighting) }
      stopped.signal()
      if holds { _ = continued.wait(timeout: .now() + 10) }
    }

    /// Whether a stop began within five seconds.
    func waitForStop() -> Bool { stopped.wait(timeout: .now() + 5) == .success }

    /// Lets a held stop return, as SIGCONT does.
    func proceed() { continued.signal() }
  }

  /// Calls to `onResume` handlers, to wait for.
  private final class Resumes: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let count = Atomic(0)

    /// The handler to pass to `onResume`.
    func record() {
      count.add(1, ordering: .relaxed)
      semaphore.signal()
    }

    /// Whether a resume came within `milliseconds`.
    func wait(milliseconds: Int = 5000) -> Bool {
      semaphore.wait(timeout: .now() + .milliseconds(milliseconds)) == .success
    }

    var total: Int { count.load(ordering: .relaxed) }
  }

  /// Drops a SIGTSTP still pending for the process, so that no thread takes it once the device's
  /// handler is gone: its default action would stop the test run.
  private func discardPendingStopSignal() {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    var previous = sigaction()
    sigaction(SIGTSTP, &ignore, &previous)
    sigaction(SIGTSTP, &previous, nil)
  }

  /// A value set after the closures that read it were made (the device, for its own stop step).
  private final class Later<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    var value: Value? {
      get { stored.withLock { $0 } }
      set { stored.withLock { $0 = newValue } }
    }
  }

  /// A SIGTSTP handler of the test's own, told apart from the device's by its address.
  private let testsStopHandler: @convention(c) (Int32) -> Void = { _ in }

  /// The address of SIGTSTP's handler now (or SIG_DFL, SIG_IGN).
  private func stopSignalHandler() -> Int {
    var current = sigaction()
    sigaction(SIGTSTP, nil, &current)
    return unsafeBitCast(current.__sigaction_handler, to: Int.self)
  }

  // NB: job control (docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal
  // app"). The real stop is tested end to end under tmux (`TerminalAppTests`); here the stop step
  // is replaced, so SIGTSTP can be sent to the test process itself: the device's handler takes it
  // and only the fake "stops". While the fake "stops", SIGTSTP has its default action, as before a
  // real stop: no test sends it then.
  extension TerminalDeviceTests {
    @Test func suspendLeavesTheTerminalAsRestoreDoesAndTakesItBackAfterTheStop() async throws {
      let pty = try PseudoTerminal()
      let stop = FakeJobStop(pty)
      let device = try TerminalDevice.open(
        input: pty.terminal, output: pty.terminal, stopJob: { stop.stop() })
      defer { device.restore() }
      let raw = pty.settings
      _ = pty.output(until: "\u{1B}[2J")
      let stream = device.events()

      #expect(device.hasJobControl)
      #expect(device.suspend())
      #expect(stop.sightings == [.init(settingsRestored: true, written: leaveSequence)])
      #expect(sameSettings(pty.settings, raw))
      #expect(pty.output(until: "\u{1B}[?1004h") == enterSequence)
      #expect(await events(stream) { $0.contains(.resumed) } == [.resumed])

      // Keys and resizes go on after the resume.
      pty.type("x")
      #expect(await events(stream) { !keys($0).isEmpty } == [.keys([.character("x")])])
      pty.resize(rows: 30, columns: 90)
      kill(getpid(), SIGWINCH)
      let resized = await events(stream) { $0.contains(.resized(device.size)) }
      #expect(resized.last == .resized(TerminalSize(rows: 30, columns: 90)))
    }

    @Test func sigtstpSuspendsAlikeAndFramesWrittenWhileStoppedAreDropped() throws {
      let pty = try PseudoTerminal()
      let stop = FakeJobStop(pty, holds: true)
      let device = try TerminalDevice.open(
        input: pty.terminal, output: pty.terminal, stopJob: { stop.stop() })
      defer {
        stop.proceed()
        device.restore()
        discardPendingStopSignal()
      }
      let resumes = Resumes()
      device.onResume { resumes.record() }
      let raw = pty.settings
      _ = pty.output(until: "\u{1B}[2J")

      kill(getpid(), SIGTSTP)
      try #require(stop.waitForStop())
      #expect(stop.sightings == [.init(settingsRestored: true, written: leaveSequence)])
      device.write("a frame while stopped")
      #expect(pty.output(until: "frame", waitingMilliseconds: 100) == "")
      #expect(!device.suspend())

      stop.proceed()
      #expect(resumes.wait())
      #expect(sameSettings(pty.settings, raw))
      #expect(pty.output(until: "\u{1B}[?1004h") == enterSequence)
      device.write("drawn again")
      #expect(pty.output(until: "drawn again") == "drawn again")
      #expect(stop.sightings.count == 1 && resumes.total == 1)
    }

    @Test func aRedrawAfterAResumeRepaintsEveryRow() throws {
      let pty = try PseudoTerminal()
      let stop = FakeJobStop(pty)
      let device = try TerminalDevice.open(
        input: pty.terminal, output: pty.terminal, stopJob: { stop.stop() })
      defer { device.restore() }
      let size = TerminalSize(rows: 5, columns: 20)
      let rows = ["one", "two", "three"]
      let frame = Frame(lines: rows.map { StyledLine($0) }, cursor: nil)
      var renderer = ScreenRenderer()
      device.write(renderer.render(frame, size: size))
      _ = pty.output(until: "three")

      #expect(device.suspend())
      _ = pty.output(until: "\u{1B}[2J")
      // The renderer still believes the rows are on the screen, which the resume cleared: only
      // a forced frame (what the app draws after a resume) puts them back.
      #expect(renderer.render(frame, size: size) == "")
      let redraw = renderer.render(frame, size: size, force: true)
      device.write(redraw)
      #expect(pty.output(until: "three") == redraw)
      #expect(redraw.hasPrefix("\u{1B}[?25l\u{1B}[0m\u{1B}[2J"))
      for (row, text) in rows.enumerated() {
        #expect(redraw.contains("\u{1B}[\(row + 1);1H\(text)\u{1B}[0m\u{1B}[K"))
      }
    }

    @Test func sigcontAfterSomeoneElsesStopTakesTheTerminalBack() throws {
      let pty = try PseudoTerminal()
      let before = pty.settings
      let stop = FakeJobStop(pty)
      let device = try TerminalDevice.open(
        input: pty.terminal, output: pty.terminal, stopJob: { stop.stop() })
      defer { device.restore() }
      let resumes = Resumes()
      device.onResume { resumes.record() }
      let raw = pty.settings
      _ = pty.output(until: "\u{1B}[2J")

      // After SIGSTOP the shell put its own settings back and wrote on the screen.
      var shells = before
      tcsetattr(pty.terminal, TCSANOW, &shells)
      kill(getpid(), SIGCONT)
      #expect(resumes.wait())
      #expect(sameSettings(pty.settings, raw))
      #expect(pty.output(until: "\u{1B}[?1004h") == enterSequence)
      #expect(stop.sightings.isEmpty)
    }

    @Test func withSIGTSTPIgnoredThereIsNoJobControlAndSuspendDoesNothing() throws {
      var ignore = sigaction()
      ignore.__sigaction_handler.sa_handler = SIG_IGN
      var original = sigaction()
      sigaction(SIGTSTP, &ignore, &original)
      defer { sigaction(SIGTSTP, &original, nil) }

      let pty = try PseudoTerminal()
      let stop = FakeJobStop(pty)
      let device = try TerminalDevice.open(
        input: pty.terminal, output: pty.terminal, stopJob: { stop.stop() })
      defer { device.restore() }
      let raw = pty.settings
      _ = pty.output(until: "\u{1B}[2J")

      #expect(!device.hasJobControl)
      #expect(!device.suspend())
      #expect(stop.sightings.isEmpty)
      #expect(sameSettings(pty.settings, raw))
      #expect(pty.output(until: "anything", waitingMilliseconds: 50) == "")
      var current = sigaction()
      sigaction(SIGTSTP, nil, &current)
      #expect(
        unsafeBitCast(current.__sigaction_handler, to: Int.self)
          == unsafeBitCast(SIG_IGN, to: Int.self))
    }

    @Test func aDeviceRestoredWhileStoppedStaysRestored() throws {
      let pty = try PseudoTerminal()
      let before = pty.settings
      let stop = FakeJobStop(pty, holds: true)
      let device = try TerminalDevice.open(
        input: pty.terminal, output: pty.terminal, stopJob: { stop.stop() })
      defer { discardPendingStopSignal() }
      let resumes = Resumes()
      device.onResume { resumes.record() }
      _ = pty.output(until: "\u{1B}[2J")

      kill(getpid(), SIGTSTP)
      try #require(stop.waitForStop())
      device.restore()
      stop.proceed()
      // The input ended while stopped, say: the resume finds the device restored.
      #expect(!resumes.wait(milliseconds: 200))
      #expect(sameSettings(pty.settings, before))
      #expect(pty.output(until: "anything", waitingMilliseconds: 50) == "")
    }

    // The app quits as the job continues (or when the system skipped the stop): the restore
    // puts the original SIGTSTP action back, and the suspension must not put its own back over
    // it, a handler whose pipe is closed by then, which a later `open` would save as original.
    @Test func aRestoreDuringTheStopLeavesTheOriginalSIGTSTPAction() throws {
      var own = sigaction()
      own.__sigaction_handler.sa_handler = testsStopHandler
      var runners = sigaction()
      sigaction(SIGTSTP, &own, &runners)
      defer { sigaction(SIGTSTP, &runners, nil) }
      let original = stopSignalHandler()

      let pty = try PseudoTerminal()
      let before = pty.settings
      let stop = FakeJobStop(pty)
      let opened = Later<TerminalDevice>()
      let device = try TerminalDevice.open(
        input: pty.terminal, output: pty.terminal,
        stopJob: {
          stop.stop()
          opened.value?.restore()
        })
      opened.value = device
      defer { device.restore() }
      _ = pty.output(until: "\u{1B}[2J")
      try #require(stopSignalHandler() != original)

      #expect(device.suspend())
      #expect(stop.sightings.count == 1)
      #expect(stopSignalHandler() == original)
      #expect(sameSettings(pty.settings, before))
      #expect(pty.output(until: "anything", waitingMilliseconds: 50) == "")

      // The next device saves the original action, and puts it back.
      let next = try TerminalDevice.open(input: pty.terminal, output: pty.terminal)
      #expect(stopSignalHandler() != original)
      next.restore()
      #expect(stopSignalHandler() == original)
    }

    // The app quits while the signal queue resumes (after SIGSTOP and SIGCONT, say): whichever
    // comes first, the terminal ends as it was before `open`, the leave sequence last.
    @Test func aRestoreDuringAResumeStillPutsTheTerminalBack() throws {
      let pty = try PseudoTerminal()
      let before = pty.settings
      let stop = FakeJobStop(pty)
      let opened = Later<TerminalDevice>()
      let restoreDone = Atomic(false)
      let activeAtResume = Mutex<[sig_atomic_t]>([])
      let device = try TerminalDevice.open(
        input: pty.terminal, output: pty.terminal, stopJob: { stop.stop() },
        resuming: {
          // An ending signal from here on would restore the terminal.
          activeAtResume.withLock { $0.append(signalRecord.pointee.active) }
          let finished = DispatchSemaphore(value: 0)
          DispatchQueue.global().async {
            opened.value?.restore()
            restoreDone.store(true, ordering: .releasing)
            finished.signal()
          }
          // Time for the restore to get as far as it can while this resume is under way.
          _ = finished.wait(timeout: .now() + .milliseconds(200))
        })
      opened.value = device
      defer { device.restore() }
      _ = pty.output(until: "\u{1B}[2J")

      #expect(device.suspend())
      try #require(waitFor { restoreDone.load(ordering: .acquiring) })
      #expect(activeAtResume.withLock { $0 } == [1])
      #expect(sameSettings(pty.settings, before))
      #expect(pty.output(until: leaveSequence) == enterSequence + leaveSequence)
    }
  }
#endif
