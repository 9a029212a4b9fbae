#if canImport(Glibc)
  import Foundation
  import Glibc

  // NB: the key reader of `TerminalDevice`: one thread polling the input and a stop pipe.

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
  func makePipe(nonBlocking: Bool) -> [Int32]? {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }
    return fds
  }

#endif
