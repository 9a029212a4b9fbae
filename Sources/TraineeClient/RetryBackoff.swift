import Foundation
import TraineeAPI

// NB: one backoff for every write the app retries: the nutrition sync's saves and fetches
// (1, 2, 4 ... 60 s) and the finished workout's log (2, 4, 8, 16, 32, then every 60 s). Each
// names its own first wait; the doubling and the cap are the same rule.

/// How long a failed call waits before it is tried again: `first`, doubling with each further
/// failure in a row, never more than `cap`.
public struct RetryBackoff: Hashable, Sendable {
  /// The wait after the first failure.
  public var first: Duration
  /// The longest wait.
  public var cap: Duration

  /// Waits of `first`, doubling up to `cap`.
  public init(first: Duration, cap: Duration) {
    self.first = first
    self.cap = cap
  }

  /// The wait after `failures` failures in a row (1 for the first): `first * 2^(failures-1)`,
  /// at most `cap`; `first` for 0 or less.
  public func delay(afterFailures failures: Int) -> Duration {
    var delay = first
    for _ in 1..<max(1, failures) {
      delay *= 2
      if delay >= cap { return cap }
    }
    return min(delay, cap)
  }
}
