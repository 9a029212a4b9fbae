#if canImport(Glibc)
  import Dispatch
  import Foundation
  import Glibc
  import Synchronization

  // NB: the TerminalDevice files are the ones of TerminalUI that call C: termios, poll,
  // read/write, ioctl and signal handlers (this one, +Keys, +Signals, +JobControl). Everything
  // above them is safe Swift (docs/architecture.md, "C libraries").

  /// The terminal the app runs in, taken over full screen: raw keys, the alternate screen, and
  /// the terminal put back as it was on every way out.
  ///
  /// ``open(input:output:)`` saves the terminal's settings and switches it to raw mode: no echo,
  /// no line editing, no signals from keys (Ctrl-C arrives as `.control("c")`), no flow control,
  /// no CR-to-NL translation, and no output processing (the ``ScreenRenderer`` addresses every row
  /// and never writes a newline). ``restore()`` puts everything back; so do SIGTERM, SIGHUP,
  /// SIGINT and SIGQUIT (the signal then takes its usual course), crashes (SIGSEGV, SIGBUS,
  /// SIGABRT, SIGILL, SIGTRAP, SIGFPE, best effort, before the previous handler such as Swift's
  /// backtracer runs) and `exit`. A signal the process ignores (as under `nohup`) stays ignored.
  /// The app cannot save in a signal handler, so it saves what the trainee enters as it goes.
  ///
  /// Job control: ``suspend()`` (the app calls it for Ctrl-Z) and SIGTSTP from outside hand the
  /// terminal back to the shell and stop the job; when it continues, and after SIGCONT following
  /// a SIGSTOP, the device takes the terminal again and calls the ``onResume(_:)`` handlers,
  /// which redraw everything.
  ///
  /// Keys, resizes, resumes and the end of input are delivered on background threads; the app
  /// hops to the main actor (or reads ``events()``, which it iterates on its own actor).
  public final class TerminalDevice: Sendable {
    /// The descriptor keys are read from; its settings are the ones saved and restored.
    public let input: Int32
    /// The descriptor the screen is written to.
    public let output: Int32
    let state: Mutex<State>
    /// Whether the app is suspended, so what it writes is dropped. Held while writing, so a
    /// suspension never cuts a frame in two.
    let suspension = Mutex(false)
    /// Whether ``suspend()`` can stop the job: false when the process ignored SIGTSTP at
    /// ``open(input:output:)`` (started without job control, so no shell could continue it).
    public let hasJobControl: Bool
    /// Sends SIGTSTP to the rest of the job (live: `kill(0, ...)`; tests: nothing).
    let signalJob: @Sendable () -> Void
    /// Stops this process until it is continued (live: SIGTSTP; tests count the call).
    let stopJob: @Sendable () -> Void
    /// Called by a resume that goes ahead, before it sets raw mode, with `suspension` held (live:
    /// nothing; tests race a `restore()` against it).
    let resuming: @Sendable () -> Void
    /// Watches the pipe the signal handlers poke. Dispatch sources are thread-safe but not
    /// marked `Sendable`; this one is only set up, then cancelled once.
    nonisolated(unsafe) private let signalSource: any DispatchSourceRead

    struct State {
      var restored = false
      var readerStarted = false
      /// The write end of the pipe that wakes the reader thread to stop.
      var stopReader: Int32?
      var resizeHandlers: [@Sendable () -> Void] = []
      var resumeHandlers: [@Sendable () -> Void] = []
    }

    private init(
      input: Int32, output: Int32, signalSource: any DispatchSourceRead, hasJobControl: Bool,
      steps: JobSteps
    ) {
      self.input = input
      self.output = output
      self.signalSource = signalSource
      self.hasJobControl = hasJobControl
      self.signalJob = steps.signalJob
      self.stopJob = steps.stopJob
      self.resuming = steps.resuming
      self.state = Mutex(State())
    }

    /// The steps of job control that tests replace.
    struct JobSteps {
      var signalJob: @Sendable () -> Void
      var stopJob: @Sendable () -> Void
      var resuming: @Sendable () -> Void
    }

    /// Takes over the terminal on `input` and `output`: raw mode, the alternate screen, the cursor
    /// hidden.
    ///
    /// Throws ``TerminalError/notATerminal`` when either is not a TTY (input from a pipe or a
    /// file), and ``TerminalError/alreadyOpen`` while another device has not been restored.
    public static func open(
      input: Int32 = 0, output: Int32 = 1
    ) throws(TerminalError) -> TerminalDevice {
      try open(
        input: input, output: output,
        steps: JobSteps(signalJob: signalThisJob, stopJob: stopThisProcess, resuming: {}))
    }

    /// ``open(input:output:)`` with the step that stops the job replaced (tests cannot stop
    /// themselves nor their job, which is not signalled): `stopJob` returns once the job would be
    /// continued; `resuming` runs inside each resume that goes ahead, before it sets raw mode.
    static func open(
      input: Int32, output: Int32, stopJob: @escaping @Sendable () -> Void,
      resuming: @escaping @Sendable () -> Void = {}
    ) throws(TerminalError) -> TerminalDevice {
      try open(
        input: input, output: output,
        steps: JobSteps(signalJob: {}, stopJob: stopJob, resuming: resuming))
    }

    private static func open(
      input: Int32, output: Int32, steps: JobSteps
    ) throws(TerminalError) -> TerminalDevice {
      guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
      let claimed = deviceIsOpen.withLock { isOpen in
        defer { isOpen = true }
        return !isOpen
      }
      guard claimed else { throw .alreadyOpen }
      do {
        return try take(input: input, output: output, steps: steps)
      } catch {
        deviceIsOpen.withLock { $0 = false }
        throw error
      }
    }

    private static func take(
      input: Int32, output: Int32, steps: JobSteps
    ) throws(TerminalError) -> TerminalDevice {
      var original = termios()
      guard tcgetattr(input, &original) == 0 else { throw .systemCall("tcgetattr", errno: errno) }
      guard let fds = makePipe(nonBlocking: true) else { throw .systemCall("pipe", errno: errno) }
      var raw = original
      cfmakeraw(&raw)
      withUnsafeMutableBytes(of: &raw.c_cc) { characters in
        characters[Int(VMIN)] = 1
        characters[Int(VTIME)] = 0
      }
      let record = signalRecord
      record.pointee = SignalRecord(
        active: 1, input: input, output: output, original: original, raw: raw,
        signalPipe: fds[1], suspending: 0)
      let hasJobControl = installSignalHandlers()
      guard tcsetattr(input, TCSANOW, &raw) == 0 else {
        let code = errno
        record.pointee.active = 0
        record.pointee.signalPipe = -1
        uninstallSignalHandlers()
        close(fds[0])
        close(fds[1])
        throw .systemCall("tcsetattr", errno: code)
      }
      let source = DispatchSource.makeReadSource(
        fileDescriptor: fds[0], queue: DispatchQueue(label: "perform.terminal.signals"))
      let device = TerminalDevice(
        input: input, output: output, signalSource: source, hasJobControl: hasJobControl,
        steps: steps)
      device.write(Self.enterSequence)
      device.watchSignals(readEnd: fds[0], writeEnd: fds[1])
      return device
    }

    /// Switches to the alternate screen, hides the cursor, resets the style, clears, and asks
    /// for focus reports (terminals without them ignore the request).
    static let enterSequence =
      "\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[?1004h"

    /// The terminal's size, or 24 rows by 80 columns when the terminal does not say.
    public var size: TerminalSize {
      var window = winsize()
      guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0
      else { return TerminalSize(rows: 24, columns: 80) }
      return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
    }

    /// Writes `text` whole, retrying partial and interrupted writes; gives up silently once the
    /// terminal is gone (the reader then reports the end of input). Safe from any thread. While
    /// the app is suspended nothing is written: the ``onResume(_:)`` handlers redraw after.
    public func write(_ text: String) {
      suspension.withLock { suspended in
        guard !suspended else { return }
        writeWhole(text)
      }
    }

    /// Writes `text` whole; the caller holds `suspension`.
    func writeWhole(_ text: String) {
      var text = text
      text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
          let written = Glibc.write(output, base + offset, bytes.count - offset)
          if written > 0 {
            offset += written
          } else if written < 0, errno == EINTR {
            continue
          } else if written < 0, errno == EAGAIN {
            var ready = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, 100)
          } else {
            return
          }
        }
      }
    }

    /// Starts reading keys on a background thread: `onKeys` gets each batch decoded by a
    /// ``KeyDecoder`` (a lone Escape after 50 ms of quiet), `onEnd` is called once when input
    /// ends (the terminal closed). Both run on that thread. Reading stops at the end of input or
    /// at ``restore()``; only the first call starts a reader.
    public func readKeys(
      onKeys: @escaping @Sendable ([Key]) -> Void, onEnd: @escaping @Sendable () -> Void
    ) {
      startReader { event in
        switch event {
        case .keys(let keys): onKeys(keys)
        case .ended: onEnd()
        case .stopped: break
        }
      }
    }

    /// Calls `handler` on a background queue each time the terminal is resized (SIGWINCH); read
    /// ``size`` for the new size.
    public func onResize(_ handler: @escaping @Sendable () -> Void) {
      state.withLock { $0.resizeHandlers.append(handler) }
    }

    /// Calls `handler` each time the app has the terminal again after a stop (``suspend()``,
    /// SIGTSTP or SIGSTOP, then SIGCONT): the screen shows something else, so redraw it all. It
    /// runs on the thread that resumed: the caller of ``suspend()`` or a background queue.
    public func onResume(_ handler: @escaping @Sendable () -> Void) {
      state.withLock { $0.resumeHandlers.append(handler) }
    }

    /// Puts the terminal back as it was: leaves the alternate screen, shows the cursor, resets
    /// the style and restores the saved settings exactly; stops the reader and the resize and
    /// resume handlers. Calling it again does nothing. Safe from any thread: it waits for a frame
    /// being written or a resume under way, then undoes it.
    public func restore() {
      let first = state.withLock { state in
        guard !state.restored else { return false }
        state.restored = true
        if let stop = state.stopReader {
          var byte: UInt8 = 0
          _ = Glibc.write(stop, &byte, 1)
        }
        state.resizeHandlers = []
        state.resumeHandlers = []
        return true
      }
      guard first else { return }
      // NB: under `suspension`, as a suspension and a resume take and give the terminal and the
      // SIGTSTP action: a resume in progress ends first and is undone here, and one after sees
      // the device restored; no suspension puts its SIGTSTP action back over the original.
      suspension.withLock { _ in
        restoreTerminalFromSignalRecord()
        signalRecord.pointee.signalPipe = -1
        uninstallSignalHandlers()
      }
      signalSource.cancel()
      deviceIsOpen.withLock { $0 = false }
    }

    /// Drains the signal pipe on a queue: a stop asked from outside suspends (and resumes), a
    /// continue after someone else's stop resumes, a resize calls the resize handlers.
    private func watchSignals(readEnd: Int32, writeEnd: Int32) {
      signalSource.setEventHandler { [weak self] in
        var received: Set<UInt8> = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
          let count = read(readEnd, &bytes, bytes.count)
          guard count > 0 else { break }
          received.formUnion(bytes[..<count])
        }
        guard let self else { return }
        if received.contains(SignalByte.stopAsked.rawValue) {
          suspend()
        } else if received.contains(SignalByte.continued.rawValue) {
          resume()
        }
        if received.contains(SignalByte.resized.rawValue) {
          for handler in state.withLock({ $0.resizeHandlers }) { handler() }
        }
      }
      signalSource.setCancelHandler {
        close(readEnd)
        close(writeEnd)
      }
      signalSource.activate()
    }
  }
#endif
