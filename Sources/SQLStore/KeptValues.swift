import LockedValue

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "The token check is kept per process": a value is kept
// with the version of the database it was computed at, and returned only while the database's
// version is still that one. The version is read before the value is computed: a commit in between
// makes the value newer than its version, which costs one more computation and never a stale value.
// Values are computed outside the lock; two threads that computed at different versions leave the
// one that kept last, and the other's next request computes again.

/// Values computed from a database, each kept while the database's version is the one it was
/// computed at; at most `capacity` of them (all dropped when full). Safe to share between
/// threads.
final class KeptValues<Version: Equatable & Sendable>: Sendable {
  /// The most values kept.
  static var capacity: Int { 1024 }

  private struct State {
    var version: Version?
    var values: [String: Any] = [:]
  }

  private let state = Locked(State())

  /// The value kept under `key` at `version`, or `compute`'s, then kept. A version other than the
  /// last one kept drops every value kept.
  func value<T>(_ key: String, at version: Version, _ compute: () throws -> T) rethrows -> T {
    // NB: `T?`, not `T`: a value kept as `nil` (an unknown token) is found as `.some(nil)`.
    let found: T? = state.withLock { state in
      guard state.version == version, let kept = state.values[key] else { return nil }
      return kept as? T
    }
    if let found { return found }
    let value = try compute()
    state.withLock { state in
      if state.version != version {
        state.values.removeAll(keepingCapacity: true)
        state.version = version
      }
      if state.values.count >= Self.capacity { state.values.removeAll(keepingCapacity: true) }
      state.values[key] = value
    }
    return value
  }

  /// How many values are kept now.
  var count: Int { state.withLock { $0.values.count } }
}
