import Foundation

/// Wall-clock time (`Date`) that moves only when a test sets or advances it: what a test hands
/// to every `now:` parameter. The one settable wall clock of the tests; `ManualClock` is its
/// counterpart for sleeps.
public final class WallClock: @unchecked Sendable {
  // @unchecked: `current` is only touched under `lock`.
  private let lock = NSLock()
  private var current: Date

  /// A clock showing `start`.
  public init(_ start: Date) {
    current = start
  }

  /// The time the clock shows; set it to move it, either way.
  public var now: Date {
    get { lock.withLock { current } }
    set { lock.withLock { current = newValue } }
  }

  /// A reader for `now:` parameters.
  public var reader: @Sendable () -> Date {
    { [self] in now }
  }

  /// Moves the clock `seconds` forward (back, when negative).
  public func advance(by seconds: TimeInterval) {
    lock.withLock { current += seconds }
  }
}
