/// Why the terminal could not be taken over.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Standard input or output is a file or a pipe, not a terminal.
  case notATerminal
  /// Another ``TerminalDevice`` holds the terminal and has not been restored.
  case alreadyOpen
  /// A system call failed: its name and `errno`.
  case systemCall(String, errno: Int32)

  public var description: String {
    switch self {
    case .notATerminal:
      "perform app needs a terminal: standard input/output is not a TTY"
    case .alreadyOpen:
      "perform app: the terminal is already in use by this process"
    case .systemCall(let name, let errno):
      "perform app could not set up the terminal: \(name) failed (errno \(errno))"
    }
  }
}
