#if canImport(Glibc)
  import Dispatch
  import Foundation
  import Glibc
  import Synchronization

  // NB: the one file of TerminalUI that calls C: termios, poll, read/write, ioctl and signal
  // handlers. Everything above it is safe Swift (STYLE.md "unsafe code is fenced").

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
  /// Keys, resizes and the end of input are delivered on background threads; the app hops to
  /// the main actor (or reads ``events()``, which it iterates on its own actor).
  public final class TerminalDevice: Sendable {
    /// The descriptor keys are read from; its settings are the ones saved and restored.
    public let input: Int32
    /// The descriptor the screen is written to.
    public let output: Int32
    private let state: Mutex<State>
    private let writing = Mutex(())
    /// Watches the pipe SIGWINCH pokes. Dispatch sources are thread-safe but not marked
    /// `Sendable`; this one is only set up, then cancelled once.
    nonisolated(unsafe) private let resizeSource: any DispatchSourceRead

    private struct State {
      var restored = false
      var readerStarted = false
      /// The write end of the pipe that wakes the reader thread to stop.
      var stopReader: Int32?
      var resizeHandlers: [@Sendable () -> Void] = []
    }

    private init(input: Int32, output: Int32, resizeSource: any DispatchSourceRead) {
      self.input = input
      self.output = output
      self.resizeSource = resizeSource
      self.state = Mutex(State())
    }

    /// Takes over the terminal on `input` and `output`: raw mode, the alternate screen, the cursor
    /// hidden.
    ///
    /// Throws ``TerminalError/notATerminal`` when either is not a TTY (input from a pipe or a
    /// file), and ``TerminalError/alreadyOpen`` while another device has not been restored.
    public static func open(
      input: Int32 = 0, output: Int32 = 1
    ) throws(TerminalError) -> TerminalDevice {
      guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
      let claimed = deviceIsOpen.withLock { isOpen in
        defer { isOpen = true }
        return !isOpen
      }
      guard claimed else { throw .alreadyOpen }
      do {
        return try take(input: input, output: output)
      } catch {
        deviceIsOpen.withLock { $0 = false }
        throw error
      }
    }

    private static func take(input: Int32, output: Int32) throws(TerminalError) -> TerminalDevice {
      var original = termios()
      guard tcgetattr(input, &original) == 0 else { throw .systemCall("tcgetattr", errno: errno) }
      guard let fds = makePipe(nonBlocking: true) else { throw .systemCall("pipe", errno: errno) }
      let record = signalRecord
      record.pointee = SignalRecord(
        active: 1, input: input, output: output, original: original, resizePipe: fds[1])
      installSignalHandlers()
      var raw = original
      cfmakeraw(&raw)
      withUnsafeMutableBytes(of: &raw.c_cc) { characters in
        characters[Int(VMIN)] = 1
        characters[Int(VTIME)] = 0
      }
      guard tcsetattr(input, TCSANOW, &raw) == 0 else {
        let code = errno
        record.pointee.active = 0
        record.pointee.resizePipe = -1
        uninstallSignalHandlers()
        close(fds[0])
        close(fds[1])
        throw .systemCall("tcsetattr", errno: code)
      }
      let source = DispatchSource.makeReadSource(
        fileDescriptor: fds[0], queue: DispatchQueue(label: "perform.terminal.resize"))
      let device = TerminalDevice(input: input, output: output, resizeSource: source)
      device.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J")
      device.watchResizes(readEnd: fds[0], writeEnd: fds[1])
      return device
    }

    /// The terminal's size, or 24 rows by 80 columns when the terminal does not say.
    public var size: TerminalSize {
      var window = winsize()
      guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0
      else { return TerminalSize(rows: 24, columns: 80) }
      return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
    }

    /// Writes `text` whole, retrying partial and interrupted writes; gives up silently once the
    /// terminal is gone (the reader then reports the end of input). Safe from any thread.
    public func write(_ text: String) {
      var text = text
      writing.withLock { _ in
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

    /// Puts the terminal back as it was: leaves the alternate screen, shows the cursor, resets
    /// the style and restores the saved settings exactly; stops the reader and the resize
    /// handlers. Calling it again does nothing.
    public func restore() {
      let first = state.withLock { state in
        guard !state.restored else { return false }
        state.restored = true
        if let stop = state.stopReader {
          var byte: UInt8 = 0
          _ = Glibc.write(stop, &byte, 1)
        }
        state.resizeHandlers = []
        return true
      }
      guard first else { return }
      restoreTerminalFromSignalRecord()
      signalRecord.pointee.resizePipe = -1
      uninstallSignalHandlers()
      resizeSource.cancel()
      deviceIsOpen.withLock { $0 = false }
    }

    /// Drains the SIGWINCH pipe on a queue and calls the resize handlers.
    private func watchResizes(readEnd: Int32, writeEnd: Int32) {
      resizeSource.setEventHandler { [weak self] in
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
        let handlers = self?.state.withLock { $0.resizeHandlers } ?? []
        for handler in handlers { handler() }
      }
      resizeSource.setCancelHandler {
        close(readEnd)
        close(writeEnd)
      }
      resizeSource.activate()
    }
  }

  // MARK: - Reading keys

  extension TerminalDevice {
    /// What the reader thread reports.
    enum ReaderEvent: Sendable {
      case keys([Key])
      /// Input ended: the terminal closed or failed.
      case ended
      /// ``restore()`` stopped the reader.
      case stopped
    }

    /// Starts the reader thread unless one was started or the device is restored.
    func startReader(_ deliver: @escaping @Sendable (ReaderEvent) -> Void) {
      let stopReadEnd: Int32? = state.withLock { state in
        guard !state.restored, !state.readerStarted, let fds = makePipe(nonBlocking: false) else {
          return nil
        }
        state.readerStarted = true
        state.stopReader = fds[1]
        return fds[0]
      }
      guard let stopReadEnd else { return }
      let thread = Thread { [input] in
        let event = Self.readLoop(input: input, stop: stopReadEnd, deliver: deliver)
        close(stopReadEnd)
        self.state.withLock { state in
          if let stop = state.stopReader { close(stop) }
          state.stopReader = nil
        }
        deliver(event)
      }
      thread.name = "perform.terminal.keys"
      thread.start()
    }

    /// Reads and decodes `input` until it ends or `stop` becomes readable; returns which.
    private static func readLoop(
      input: Int32, stop: Int32, deliver: @Sendable (ReaderEvent) -> Void
    ) -> ReaderEvent {
      var decoder = KeyDecoder()
      var buffer = [UInt8](repeating: 0, count: 4096)
      let quiet = KeyDecoder.escapeTimeout.components
      let timeout = Int32(quiet.seconds * 1000 + quiet.attoseconds / 1_000_000_000_000_000)
      while true {
        var watched = [
          pollfd(fd: input, events: Int16(POLLIN), revents: 0),
          pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&watched, 2, decoder.hasPendingInput ? timeout : -1)
        if ready < 0 {
          guard errno == EINTR else { return .ended }
          continue
        }
        if ready == 0 {
          let keys = decoder.flushPendingEscape()
          if !keys.isEmpty { deliver(.keys(keys)) }
          continue
        }
        if watched[1].revents != 0 { return .stopped }
        let count = read(input, &buffer, buffer.count)
        if count > 0 {
          let keys = decoder.feed(buffer[..<count])
          if !keys.isEmpty { deliver(.keys(keys)) }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          let keys = decoder.flushPendingEscape()
          if !keys.isEmpty { deliver(.keys(keys)) }
          return .ended
        }
      }
    }
  }

  /// A pipe, both ends closed on exec: `[read, write]`, or nil with `errno` set.
  private func makePipe(nonBlocking: Bool) -> [Int32]? {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }
    return fds
  }

  // MARK: - Signals and exit

  /// Whether a device holds the terminal: the signal record below has room for one.
  private let deviceIsOpen = Mutex(false)

  /// What the signal and exit handlers need, in memory they read without locks or allocation.
  private struct SignalRecord {
    /// 1 while the terminal is raw and must be restored.
    var active: sig_atomic_t
    var input: Int32
    var output: Int32
    var original: termios
    /// The write end of the pipe SIGWINCH pokes, or -1.
    var resizePipe: Int32
  }

  /// Allocated once and never freed, so a handler never sees it go away. Touched by `open`
  /// before any handler is installed, so its lazy initialization is over by then.
  nonisolated(unsafe) private let signalRecord: UnsafeMutablePointer<SignalRecord> = {
    let record = UnsafeMutablePointer<SignalRecord>.allocate(capacity: 1)
    record.initialize(
      to: SignalRecord(active: 0, input: -1, output: -1, original: termios(), resizePipe: -1))
    atexit { restoreTerminalFromSignalRecord() }
    return record
  }()

  /// The actions that were in place before ours, by signal number, for restoring and chaining.
  nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let count = 65  // NSIG on Linux: signals 1...64.
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: count)
    actions.initialize(repeating: sigaction(), count: count)
    return actions
  }()

  /// Signals after which the terminal is restored before the signal takes its course.
  private let endingSignals: [Int32] = [
    SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGTRAP, SIGFPE,
  ]

  /// Signals whose handler is ours while a device is open.
  nonisolated(unsafe) private var installedSignals: [Int32] = []

  /// Installs the ending-signal handlers and the SIGWINCH one (called with `deviceIsOpen` held
  /// by this process's one device, so nothing else changes `installedSignals`).
  private func installSignalHandlers() {
    installedSignals = []
    for signal in endingSignals + [SIGWINCH] {
      var action = sigaction()
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      if signal == SIGWINCH {
        action.__sigaction_handler.sa_handler = { _ in pokeResizePipe() }
      } else {
        action.__sigaction_handler.sa_handler = { restoreAndResend($0) }
      }
      var previous = sigaction()
      guard sigaction(signal, nil, &previous) == 0 else { continue }
      // A signal ignored on purpose (nohup, a background job) stays ignored.
      let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
      if signal != SIGWINCH, unsafeBitCast(previous.__sigaction_handler, to: Int.self) == ignored {
        continue
      }
      previousActions[Int(signal)] = previous
      if sigaction(signal, &action, nil) == 0 { installedSignals.append(signal) }
    }
  }

  /// Puts back the actions that were in place before `installSignalHandlers()`.
  private func uninstallSignalHandlers() {
    for signal in installedSignals {
      sigaction(signal, previousActions + Int(signal), nil)
    }
    installedSignals = []
  }

  // NB: the handlers below run inside a signal handler: they call only async-signal-safe
  // functions (write, tcsetattr, sigaction, raise) on memory allocated before they were
  // installed, and they allocate nothing.

  /// Puts back the saved settings and writes the leave-the-screen sequence, once. The settings
  /// go first, so whoever sees the sequence (a shell, a test reading the terminal) finds them
  /// restored already.
  private func restoreTerminalFromSignalRecord() {
    let record = signalRecord
    guard record.pointee.active != 0 else { return }
    tcsetattr(record.pointee.input, TCSANOW, &record.pointee.original)
    let leave: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    var offset = 0
    while offset < leave.utf8CodeUnitCount {
      let written = write(
        record.pointee.output, leave.utf8Start + offset, leave.utf8CodeUnitCount - offset)
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        break
      }
    }
    record.pointee.active = 0
  }

  /// An ending signal: restores the terminal, puts back the previous action and sends the signal
  /// again, so it ends the process (or reaches the previous handler) once this one returns.
  private func restoreAndResend(_ signal: Int32) {
    let savedErrno = errno
    restoreTerminalFromSignalRecord()
    sigaction(signal, previousActions + Int(signal), nil)
    raise(signal)
    errno = savedErrno
  }

  /// SIGWINCH: one byte down the pipe the resize source watches.
  private func pokeResizePipe() {
    let savedErrno = errno
    let pipe = signalRecord.pointee.resizePipe
    if pipe >= 0 {
      var byte: UInt8 = 1
      _ = write(pipe, &byte, 1)
    }
    errno = savedErrno
  }
#endif
