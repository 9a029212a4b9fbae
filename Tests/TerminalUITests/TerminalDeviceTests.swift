#if canImport(Glibc)
  import Glibc
  import Synchronization
  import TerminalUI
  import Testing

  /// How many SIGHUPs reached the test's own handler.
  private let hangups = Atomic<Int>(0)

  /// The events of `stream` up to the first for which `done` holds of everything so far.
  func events(
    _ stream: AsyncStream<TerminalEvent>, until done: ([TerminalEvent]) -> Bool
  ) async -> [TerminalEvent] {
    var received: [TerminalEvent] = []
    for await event in stream {
      received.append(event)
      if done(received) { break }
    }
    return received
  }

  /// Whether `condition` comes true within a second, checked every 10 ms.
  func waitFor(_ condition: () -> Bool) -> Bool {
    for _ in 0..<100 {
      if condition() { return true }
      poll(nil, 0, 10)
    }
    return condition()
  }

  func keys(_ events: [TerminalEvent]) -> [Key] {
    events.flatMap { event -> [Key] in
      if case .keys(let keys) = event { keys } else { [] }
    }
  }

  // NB: one device may hold the terminal at a time, so these run one after another; the time
  // limit ends a test whose awaited event never comes. Signals are sent to the process with
  // `kill`, not `raise`: the test runs on a Dispatch worker thread, which blocks SIGHUP and
  // SIGWINCH, so the kernel hands them to a thread that takes them, as in the app.
  @Suite(.serialized, .timeLimit(.minutes(1)))
  struct TerminalDeviceTests {
    @Test func refusesInputThatIsNotATerminal() throws {
      var fds: [Int32] = [-1, -1]
      try #require(pipe(&fds) == 0)
      defer { fds.forEach { close($0) } }
      #expect(throws: TerminalError.notATerminal) {
        try TerminalDevice.open(input: fds[0], output: fds[1])
      }
      #expect(
        TerminalError.notATerminal.description
          == "perform app needs a terminal: standard input/output is not a TTY")
    }

    @Test func openMakesTheTerminalRawAndRestorePutsItBackExactly() throws {
      let pty = try PseudoTerminal()
      let before = pty.settings
      let device = try TerminalDevice.open(input: pty.terminal, output: pty.terminal)
      let raw = pty.settings
      #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
      #expect(raw.c_iflag & tcflag_t(IXON | ICRNL) == 0)
      #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
      #expect(
        pty.output(until: "\u{1B}[?1004h")
          == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[?1004h")

      device.restore()
      #expect(sameSettings(pty.settings, before))
      #expect(
        pty.output(until: "\u{1B}[?1049l") == "\u{1B}[?1004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")

      device.restore()
      #expect(pty.output(until: "anything", waitingMilliseconds: 50) == "")
      #expect(sameSettings(pty.settings, before))
    }

    @Test func onlyOneDeviceHoldsTheTerminalAtATime() throws {
      let pty = try PseudoTerminal()
      let device = try TerminalDevice.open(input: pty.terminal, output: pty.terminal)
      #expect(throws: TerminalError.alreadyOpen) {
        try TerminalDevice.open(input: pty.terminal, output: pty.terminal)
      }
      device.restore()
      let again = try TerminalDevice.open(input: pty.terminal, output: pty.terminal)
      again.restore()
    }

    @Test func keysTypedArriveDecoded() async throws {
      let pty = try PseudoTerminal()
      let device = try TerminalDevice.open(input: pty.terminal, output: pty.terminal)
      defer { device.restore() }
      let stream = device.events()
      pty.type("q\u{1B}[A\r\n\u{03}")
      let typed = await events(stream) { keys($0).count >= 4 }
      #expect(keys(typed) == [.character("q"), .up, .enter, .control("c")])

      pty.type("\u{1B}")
      let escape = await events(stream) { !keys($0).isEmpty }
      #expect(keys(escape) == [.escape])
    }

    @Test func aResizeIsReportedWithTheNewSize() async throws {
      let pty = try PseudoTerminal()
      let device = try TerminalDevice.open(input: pty.terminal, output: pty.terminal)
      defer { device.restore() }
      #expect(device.size == TerminalSize(rows: 24, columns: 80))
      let stream = device.events()
      pty.resize(rows: 30, columns: 100)
      #expect(device.size == TerminalSize(rows: 30, columns: 100))
      kill(getpid(), SIGWINCH)
      let resized = await events(stream) { $0.contains(.resized(device.size)) }
      #expect(resized.last == .resized(TerminalSize(rows: 30, columns: 100)))
    }

    @Test func aClosedTerminalEndsTheEvents() async throws {
      let pty = try PseudoTerminal()
      let device = try TerminalDevice.open(input: pty.terminal, output: pty.terminal)
      defer { device.restore() }
      let stream = device.events()
      pty.type("x")
      #expect(await events(stream) { _ in true } == [.keys([.character("x")])])
      pty.closeEmulator()
      #expect(await events(stream) { _ in false } == [.ended])
    }

    @Test func restoreFinishesTheEvents() async throws {
      let pty = try PseudoTerminal()
      let device = try TerminalDevice.open(input: pty.terminal, output: pty.terminal)
      let stream = device.events()
      device.restore()
      #expect(await events(stream) { _ in false } == [])
    }

    @Test func aSignalRestoresTheTerminalThenReachesThePreviousHandler() throws {
      var testHandler = sigaction()
      testHandler.__sigaction_handler.sa_handler = { _ in hangups.add(1, ordering: .relaxed) }
      var original = sigaction()
      sigaction(SIGHUP, &testHandler, &original)
      defer { sigaction(SIGHUP, &original, nil) }

      let pty = try PseudoTerminal()
      let before = pty.settings
      let device = try TerminalDevice.open(input: pty.terminal, output: pty.terminal)
      defer { device.restore() }
      _ = pty.output(until: "\u{1B}[2J")
      let count = hangups.load(ordering: .relaxed)

      kill(getpid(), SIGHUP)
      #expect(
        pty.output(until: "\u{1B}[?1049l") == "\u{1B}[?1004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
      #expect(sameSettings(pty.settings, before))
      #expect(waitFor { hangups.load(ordering: .relaxed) == count + 1 })

      device.restore()
      #expect(pty.output(until: "anything", waitingMilliseconds: 50) == "")
      var current = sigaction()
      sigaction(SIGHUP, nil, &current)
      #expect(
        unsafeBitCast(current.__sigaction_handler, to: Int.self)
          == unsafeBitCast(testHandler.__sigaction_handler, to: Int.self))
    }
  }
#endif
