import Foundation

/// Starts child processes one at a time across the whole test process.
///
/// The tests of this target run in parallel, and several start `perform`, tmux or a helper
/// at once. Foundation's `Process.run()` on Linux once crashed inside its own copying while
/// another thread was starting a child (a `make test-stress` run, recorded in
/// docs/benchmarks.md, "make test with the cores busy"); starting children one at a time
/// removes that race. Only the start is serialized: the children then run side by side.
enum ChildStart {
  private static let lock = NSLock()

  /// Runs `process.run()` while no other test thread is starting a child.
  static func run(_ process: Process) throws {
    lock.lock()
    defer { lock.unlock() }
    try process.run()
  }
}
