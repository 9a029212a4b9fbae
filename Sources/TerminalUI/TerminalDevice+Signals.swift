#if canImport(Glibc)
  import Glibc
  import Synchronization

  // NB: the signal handlers of `TerminalDevice` and the memory they use
  // (docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app", "The terminal
  // device"). Plain `sigaction` handlers, not Dispatch signal sources: Dispatch's worker threads
  // block these signals on Linux.

  /// Whether a device holds the terminal: the signal record below has room for one.
  let deviceIsOpen = Mutex(false)

  /// What the signal and exit handlers need, in memory they read without locks or allocation.
  struct SignalRecord {
    /// 1 while the terminal is raw and must be restored (0 while suspended; 1 again just before a
    /// resume sets raw mode).
    var active: sig_atomic_t
    var input: Int32
    var output: Int32
    /// The settings found at `open`, put back on the way out and for a suspension.
    var original: termios
    /// The app's raw settings, put back when it resumes.
    var raw: termios
    /// The write end of the pipe the handlers poke (a ``SignalByte`` each), or -1.
    var signalPipe: Int32
    /// 1 while `suspend()` stops the job: it takes the terminal back itself, so SIGCONT is quiet.
    var suspending: sig_atomic_t
  }

  /// What a byte down the signal pipe says.
  enum SignalByte: UInt8 {
    /// SIGWINCH: the terminal was resized.
    case resized = 0x57  // "W"
    /// SIGTSTP from outside (`kill -TSTP`): suspend as Ctrl-Z does.
    case stopAsked = 0x54  // "T"
    /// SIGCONT without a suspension of ours (after a SIGSTOP): take the terminal back.
    case continued = 0x43  // "C"
  }

  /// Allocated once and never freed, so a handler never sees it go away. Touched by `open`
  /// before any handler is installed, so its lazy initialization is over by then.
  nonisolated(unsafe) let signalRecord: UnsafeMutablePointer<SignalRecord> = {
    let record = UnsafeMutablePointer<SignalRecord>.allocate(capacity: 1)
    record.initialize(
      to: SignalRecord(
        active: 0, input: -1, output: -1, original: termios(), raw: termios(), signalPipe: -1,
        suspending: 0))
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

  /// Installs the ending-signal handlers and the SIGWINCH, SIGTSTP and SIGCONT ones (called with
  /// `deviceIsOpen` held by this process's one device, so nothing else changes
  /// `installedSignals`). Returns whether SIGTSTP is ours: it is not when the process ignores it
  /// (no job control), and then Ctrl-Z does nothing.
  func installSignalHandlers() -> Bool {
    installedSignals = []
    // SIGWINCH and SIGCONT only ask for a redraw: taken even when ignored before.
    let alwaysTaken = [SIGWINCH, SIGCONT]
    for signal in endingSignals + [SIGTSTP] + alwaysTaken {
      var action = sigaction()
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      switch signal {
      case SIGWINCH: action.__sigaction_handler.sa_handler = { _ in poke(.resized) }
      case SIGTSTP: action.__sigaction_handler.sa_handler = { _ in poke(.stopAsked) }
      case SIGCONT: action.__sigaction_handler.sa_handler = { _ in pokeContinuedUnlessSuspending() }
      default: action.__sigaction_handler.sa_handler = { restoreAndResend($0) }
      }
      var previous = sigaction()
      guard sigaction(signal, nil, &previous) == 0 else { continue }
      // A signal ignored on purpose (nohup, a background job, no job control) stays ignored.
      let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
      if !alwaysTaken.contains(signal),
        unsafeBitCast(previous.__sigaction_handler, to: Int.self) == ignored
      {
        continue
      }
      previousActions[Int(signal)] = previous
      if sigaction(signal, &action, nil) == 0 { installedSignals.append(signal) }
    }
    return installedSignals.contains(SIGTSTP)
  }

  /// Puts back the actions that were in place before `installSignalHandlers()`.
  func uninstallSignalHandlers() {
    for signal in installedSignals {
      sigaction(signal, previousActions + Int(signal), nil)
    }
    installedSignals = []
  }

  // NB: the handlers below run inside a signal handler: they call only async-signal-safe
  // functions (write, tcsetattr, sigaction, raise) on memory allocated before they were
  // installed, and they allocate nothing. A suspension (SIGTSTP) is only a byte down the pipe:
  // the device suspends on its queue, in ordinary code that may take its locks.

  /// Puts back the saved settings and writes the leave-the-screen sequence, once. The settings
  /// go first, so whoever sees the sequence (a shell, a test reading the terminal) finds them
  /// restored already.
  func restoreTerminalFromSignalRecord() {
    let record = signalRecord
    guard record.pointee.active != 0 else { return }
    tcsetattr(record.pointee.input, TCSANOW, &record.pointee.original)
    let leave: StaticString = "\u{1B}[?1004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
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

  /// SIGCONT: asks for the terminal back, unless a suspension of ours is waiting for this very
  /// continue and takes it back itself.
  private func pokeContinuedUnlessSuspending() {
    if signalRecord.pointee.suspending == 0 { poke(.continued) }
  }

  /// One byte down the pipe the device's signal source watches.
  private func poke(_ byte: SignalByte) {
    let savedErrno = errno
    let pipe = signalRecord.pointee.signalPipe
    if pipe >= 0 {
      var value = byte.rawValue
      _ = write(pipe, &value, 1)
    }
    errno = savedErrno
  }
#endif
