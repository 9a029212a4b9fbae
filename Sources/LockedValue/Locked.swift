import Foundation

// NB: the server's shared state is guarded by a pthread mutex (NSLock), not by the
// Synchronization module's `Mutex`: on Linux `Mutex` is a futex of its own, which
// ThreadSanitizer does not model, so `make tsan` reported every access made under it as a race
// (28 reports, all false). A lock TSan sees keeps its reports about real races.

/// A value guarded by a lock that ThreadSanitizer understands.
public final class Locked<Value>: @unchecked Sendable {
  // NB: @unchecked: `value` is only touched while `lock` is held.
  private let lock = NSLock()
  private var value: Value

  /// A lock guarding `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
