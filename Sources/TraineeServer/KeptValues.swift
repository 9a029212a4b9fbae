// NB: docs/decisions.md "Throughput: kept answers, group commit and paged history", "the token
// check kept per connection": SQLite's `PRAGMA data_version` changes on a connection whenever any
// other connection, in this process or another, has committed since it was last read. A reader
// connection never commits, so while the version it reads is the one a value was computed at,
// nothing the value was read from can have changed. The version is read before the value is
// computed: a commit in between makes the value newer than its version, which costs one more
// computation and never a stale value.

/// Values a read-only connection computed from its database, each kept while the database's data
/// version is the one it was computed at; at most `capacity` of them (all dropped when full).
final class KeptValues {
  /// The most values kept.
  static let capacity = 1024

  private var version: Int64?
  private var values: [String: Any] = [:]

  /// The value kept under `key` at `version`, or `compute`'s, then kept. A version other than the
  /// last one drops every value kept.
  func value<T>(_ key: String, at version: Int64, _ compute: () throws -> T) rethrows -> T {
    if version != self.version {
      values.removeAll(keepingCapacity: true)
      self.version = version
    }
    // NB: unwrapped before the cast: a missing key cast to an optional `T` would pass as `nil`.
    if let kept = values[key], let typed = kept as? T { return typed }
    let value = try compute()
    if values.count >= Self.capacity { values.removeAll(keepingCapacity: true) }
    values[key] = value
    return value
  }

  /// How many values are kept now.
  var count: Int { values.count }
}
