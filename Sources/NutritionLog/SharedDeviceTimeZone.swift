import Foundation

// NB: a front end asks for the zone from several places (the API client's `X-Timezone`, the
// nutrition screen's calendar, the sync's "today"), some of them off the main thread. One shared
// `DeviceTimeZone` keeps the one-minute cache for all of them, so a zone change on the machine
// reaches every place within a minute and they never disagree for longer.

/// A `DeviceTimeZone` shared between threads: one cache, read under a lock.
///
/// NB: an NSLock (a pthread mutex), not Synchronization's `Mutex`, whose futex ThreadSanitizer
/// does not model: `make tsan` reported the cache's accesses under it as races.
public final class SharedDeviceTimeZone: @unchecked Sendable {
  // NB: @unchecked: `zone` is only touched while `lock` is held.
  private let lock = NSLock()
  private var zone: DeviceTimeZone
  private let fallback: TimeZone
  private let now: @Sendable () -> Date

  /// Shares `zone`; `fallback` answers while no source knows the zone, `now` is the clock the
  /// cache is judged by.
  public init(
    _ zone: DeviceTimeZone, fallback: TimeZone, now: @escaping @Sendable () -> Date
  ) {
    self.zone = zone
    self.fallback = fallback
    self.now = now
  }

  /// The zone now: the cached one for a minute after each read, then read again.
  public func current() -> TimeZone {
    let at = now()
    return lock.withLock { zone.timeZone(now: at) } ?? fallback
  }

  /// Forgets the cached zone, so the next `current()` reads the sources.
  public func invalidate() {
    lock.withLock { zone.invalidate() }
  }
}
