/// Something the terminal tells the app, in the order it happened.
public enum TerminalEvent: Hashable, Sendable {
  /// Keys pressed, decoded.
  case keys([Key])
  /// The terminal now has this size: redraw everything.
  case resized(TerminalSize)
  /// The app has the terminal again after a suspension (Ctrl-Z or SIGTSTP, or SIGSTOP, then
  /// SIGCONT): the screen shows something else, redraw everything.
  case resumed
  /// Input ended (the terminal closed): save and exit.
  case ended
}

#if canImport(Glibc)
  extension TerminalDevice {
    /// Keys, resizes, resumes and the end of input as one stream, to iterate on the app's own actor
    /// (`for await event in terminal.events()` on the main actor needs no hop). Starts the key
    /// reader, so use it instead of ``readKeys(onKeys:onEnd:)``, once. The stream finishes after
    /// ``TerminalEvent/ended`` or at ``restore()``.
    public func events() -> AsyncStream<TerminalEvent> {
      let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
      onResize { [weak self] in
        guard let self else { return }
        continuation.yield(.resized(size))
      }
      onResume { continuation.yield(.resumed) }
      startReader { event in
        switch event {
        case .keys(let keys): continuation.yield(.keys(keys))
        case .ended:
          continuation.yield(.ended)
          continuation.finish()
        case .stopped: continuation.finish()
        }
      }
      return stream
    }
  }
#endif
