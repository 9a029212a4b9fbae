import Foundation

// NB: docs/specs/nutrition-day.md, "Days follow the device": the zone
// is read from a first source with a fallback, cached for REFRESH_MS (60 000 ms), and sent as
// `X-Timezone` on every API request so the server resolves "today" the way the device does.

/// The device's IANA time zone, read through injected sources and cached for a minute.
public struct DeviceTimeZone: Sendable {
  /// `REFRESH_MS`: how long a zone read is reused.
  public static let refreshInterval: Duration = .seconds(60)
  /// The request header that carries the zone.
  public static let headerName = "X-Timezone"

  private let sources: [@Sendable () -> String?]
  private var cached: (zone: TimeZone, readAt: Date)?

  /// A zone read from `sources` in order: the first that gives a known IANA identifier wins.
  public init(sources: [@Sendable () -> String?]) {
    self.sources = sources
  }

  /// The zone at `now`: the cached one when it was read less than `refreshInterval` before
  /// `now`, otherwise read again. `nil` when no source knows it (an unknown zone is not cached).
  public mutating func timeZone(now: Date) -> TimeZone? {
    if let cached, now >= cached.readAt,
      now.timeIntervalSince(cached.readAt) < Self.refreshInterval.timeInterval
    {
      return cached.zone
    }
    // NB: spec silent on a clock moved back: a read "from the future" is stale, so read again.
    for source in sources {
      guard let identifier = source(), let zone = TimeZone(identifier: identifier) else {
        continue
      }
      cached = (zone, now)
      return zone
    }
    cached = nil
    return nil
  }

  /// `deviceTimeZoneHeader()`: `["X-Timezone": identifier]`, or no header when the zone is
  /// unknown.
  public mutating func header(now: Date) -> [String: String] {
    guard let zone = timeZone(now: now) else { return [:] }
    return [Self.headerName: zone.identifier]
  }

  /// Forgets the cached zone, so the next read asks the sources (on a significant time change).
  public mutating func invalidate() {
    cached = nil
  }
}

extension DeviceTimeZone {
  /// The live device zone: the system's zone, read afresh, then the `TZ` environment variable.
  ///
  /// This is the edge: the only place the module reads the system zone.
  public static func system() -> DeviceTimeZone {
    DeviceTimeZone(sources: [
      {
        NSTimeZone.resetSystemTimeZone()
        return TimeZone.current.identifier
      },
      { ProcessInfo.processInfo.environment["TZ"] },
    ])
  }
}
