import Foundation
import Synchronization
import Testing

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// Desktop notifications: only while the terminal is known to be unfocused, and only where a
/// notifier exists.
struct DesktopNotifierTests {
  final class Launches: Sendable {
    let calls = Mutex<[[String]]>([])
  }

  @Test(arguments: [(Bool?.none, false), (true, false), (false, true)])
  func postsOnlyWhenTheTerminalIsKnownToBeUnfocused(focused: Bool?, posted: Bool) {
    let launches = Launches()
    let notifier = DesktopNotifier(executable: "/usr/bin/notify-send") { executable, arguments in
      launches.calls.withLock { $0.append([executable] + arguments) }
    }
    #expect(notifier.post(title: "Rest is over", body: "Next: Bench", focused: focused) == posted)
    let expected =
      posted
      ? [["/usr/bin/notify-send", "--app-name=Perform", "--", "Rest is over", "Next: Bench"]] : []
    #expect(launches.calls.withLock { $0 } == expected)
  }

  @Test func withoutANotifierNothingIsPostedAndNothingFails() throws {
    let empty = FileManager.default.temporaryDirectory
      .appendingPathComponent("no-notifier-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let notifier = DesktopNotifier(path: empty.path + "::/nonexistent")
    #expect(notifier.executable == nil)
    #expect(!notifier.post(title: "t", body: "b", focused: false))
    #expect(DesktopNotifier(path: nil).executable == nil)
  }

  @Test func theFirstExecutableNotifySendOnPathIsUsed() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("notifier-\(UUID().uuidString)")
    let first = directory.appendingPathComponent("a")
    let second = directory.appendingPathComponent("b")
    for folder in [first, second] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    defer { try? FileManager.default.removeItem(at: directory) }
    // Not executable in the first directory: skipped.
    try Data("#!/bin/sh\n".utf8).write(to: first.appendingPathComponent("notify-send"))
    let script = second.appendingPathComponent("notify-send")
    try Data("#!/bin/sh\n".utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    #expect(DesktopNotifier(path: "\(first.path):\(second.path)").executable == script.path)
  }
}
