#if canImport(Glibc)
  import Glibc

  /// A pseudo-terminal for tests: the app side (`terminal`, a TTY) and the side a terminal
  /// emulator would hold (`emulator`), which reads what the app wrote and types keys.
  ///
  /// Sendable unchecked: a test hands it to a device's stop step, which runs while the test
  /// waits for it, so one thread at a time uses it.
  final class PseudoTerminal: @unchecked Sendable {
    let emulator: Int32
    let terminal: Int32
    private var emulatorOpen = true

    // NB: Swift's Glibc module leaves out posix_openpt, grantpt, unlockpt and ptsname (they sit
    // behind _XOPEN_SOURCE), so this does what they do on Linux: open /dev/ptmx, unlock it
    // (TIOCSPTLCK) and ask its number (TIOCGPTN); devpts needs no grantpt.
    init() throws {
      emulator = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard emulator >= 0 else { throw PseudoTerminalError(call: "open /dev/ptmx") }
      var locked: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(emulator, Self.setLock, &locked) == 0,
        ioctl(emulator, Self.getNumber, &number) == 0
      else {
        close(emulator)
        throw PseudoTerminalError(call: "ioctl")
      }
      terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
      guard terminal >= 0 else {
        close(emulator)
        throw PseudoTerminalError(call: "open /dev/pts/\(number)")
      }
    }

    /// `TIOCSPTLCK` and `TIOCGPTN` (`_IOW('T', 0x31, int)`, `_IOR('T', 0x30, unsigned int)`).
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    deinit {
      close(terminal)
      closeEmulator()
    }

    /// The terminal side's settings.
    var settings: termios {
      var settings = termios()
      tcgetattr(terminal, &settings)
      return settings
    }

    /// Sets the size the terminal side reports.
    func resize(rows: UInt16, columns: UInt16) {
      var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(emulator, UInt(TIOCSWINSZ), &window)
    }

    /// Types `text` as a terminal emulator sends keys.
    func type(_ text: String) {
      var bytes = Array(text.utf8)
      _ = write(emulator, &bytes, bytes.count)
    }

    /// What the app has written, read until it contains `expected` or nothing more comes for
    /// `waitingMilliseconds`.
    func output(until expected: String, waitingMilliseconds: Int32 = 1000) -> String {
      var received: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !String(decoding: received, as: UTF8.self).contains(expected) {
        var ready = pollfd(fd: emulator, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, waitingMilliseconds) > 0 else { break }
        let count = read(emulator, &buffer, buffer.count)
        guard count > 0 else { break }
        received += buffer[..<count]
      }
      return String(decoding: received, as: UTF8.self)
    }

    /// Closes the emulator's side, as when the terminal window closes.
    func closeEmulator() {
      guard emulatorOpen else { return }
      emulatorOpen = false
      close(emulator)
    }
  }

  struct PseudoTerminalError: Error {
    var call: String
  }

  /// Whether two settings are the same, byte for byte.
  func sameSettings(_ first: termios, _ second: termios) -> Bool {
    withUnsafeBytes(of: first) { first in
      withUnsafeBytes(of: second) { second in first.elementsEqual(second) }
    }
  }
#endif
