import Foundation
import OperatorCommands

#if canImport(Glibc)
  import Glibc
#endif

// NB: docs/security.md, "The session file": a password is never an option (a command line is
// public, `ps`); `perform login` reads it from the terminal with echo off, or from standard input
// when that is not a terminal (`pass show perform | perform login ...`).

/// Questions asked on the terminal, answers read from standard input.
enum TerminalPrompt {
  /// Whether standard input is a terminal.
  static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  /// One line of standard input without its line break; `nil` at its end.
  static func line() -> String? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while read(STDIN_FILENO, &byte, 1) == 1 {
      if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// Writes `question` to standard error (standard output stays for what a command prints) and
  /// reads the answer's line; with `hidden`, the terminal does not echo what is typed.
  static func ask(_ question: String, hidden: Bool = false) -> String? {
    FileHandle.standardError.write(Data(question.utf8))
    guard hidden, inputIsTerminal else { return line() }
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return line() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
    defer {
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
      FileHandle.standardError.write(Data("\n".utf8))
    }
    return line()
  }
}
