import Foundation
import TerminalScreens

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Desktop notifications": the rest-over
// alert and the reminders are a line and a bell in the terminal; where `notify-send` is on PATH
// they are also posted as a desktop notification while the terminal is not focused, as the system
// shows a notification for an app in the background. Where there is none, or it fails, nothing else
// changes.

/// Posts desktop notifications through `notify-send`, when there is one.
public struct DesktopNotifier: Sendable {
  /// `notify-send`'s path, or `nil` where PATH has none.
  public let executable: String?
  /// Starts `executable` with `arguments` and does not wait (a seam for tests).
  let launch: @Sendable (_ executable: String, _ arguments: [String]) -> Void

  /// The notifier for `notify-send` found on `path` (a PATH value).
  public init(path: String?) {
    self.init(executable: Self.find("notify-send", on: path), launch: Self.run)
  }

  init(
    executable: String?,
    launch: @escaping @Sendable (_ executable: String, _ arguments: [String]) -> Void
  ) {
    self.executable = executable
    self.launch = launch
  }

  /// Posts `title` and `body` when the terminal is known not to have the focus (`focused` is
  /// false); answers whether it did. Unknown focus counts as focused: the trainee is looking at
  /// the line and the bell, and a terminal without focus reports would otherwise get every alert
  /// twice.
  @discardableResult
  public func post(title: String, body: String, focused: Bool?) -> Bool {
    guard let executable, focused == false else { return false }
    launch(executable, ["--app-name=Perform", "--", title, body])
    return true
  }

  /// The first executable file named `name` in the directories of `path`.
  static func find(_ name: String, on path: String?) -> String? {
    for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
      let candidate = String(directory) + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs `executable` detached from the terminal (no input, output discarded) and reaps it in
  /// the background; a failure to start is ignored.
  static func run(_ executable: String, _ arguments: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return
    }
  }
}
