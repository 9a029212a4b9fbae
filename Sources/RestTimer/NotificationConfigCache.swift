import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "Alert texts and configs": the configs come from
// GET /v1/trainee/notification-configs with a stale time of 10 minutes.

/// Where the notification configs come from: the API client in the app, a fake in tests.
public protocol NotificationConfigSource: Sendable {
  func fetchNotificationConfigs() async throws -> [NotificationConfigDto]
}

/// The notification configs, fetched at most once per 10 minutes.
///
/// A fetch that fails keeps what was fetched before; with nothing fetched yet the answer is empty,
/// and `NotificationTexts` then uses the app's own strings with every kind enabled. Concurrent
/// callers share one fetch.
public actor NotificationConfigCache {
  /// How long fetched configs are used before they are fetched again.
  public static let staleAfter: TimeInterval = 10 * 60

  private let source: any NotificationConfigSource
  private let now: @Sendable () -> Date
  private var cached: (configs: [NotificationConfigDto], fetchedAt: Date)?
  private var inFlight: Task<[NotificationConfigDto]?, Never>?

  public init(source: any NotificationConfigSource, now: @escaping @Sendable () -> Date) {
    self.source = source
    self.now = now
  }

  /// The configs: the cached ones while fresh, otherwise fetched anew.
  public func configs() async -> [NotificationConfigDto] {
    if let cached, now().timeIntervalSince(cached.fetchedAt) < Self.staleAfter {
      return cached.configs
    }
    let fetch: Task<[NotificationConfigDto]?, Never>
    if let inFlight {
      fetch = inFlight
    } else {
      let source = self.source
      fetch = Task { try? await source.fetchNotificationConfigs() }
      inFlight = fetch
    }
    let fetched = await fetch.value
    if inFlight == fetch { inFlight = nil }
    if let fetched {
      cached = (fetched, now())
      return fetched
    }
    return cached?.configs ?? []
  }

  /// The configs as `configs()` gives them, or `nil` while no fetch has ever succeeded: an app
  /// that kept configs from before (its saved state) keeps them instead of the empty answer.
  public func fetchedConfigs() async -> [NotificationConfigDto]? {
    let configs = await configs()
    return cached == nil ? nil : configs
  }

  /// Until when the cached configs are fresh; `nil` while nothing is cached.
  public var freshUntil: Date? {
    cached.map { $0.fetchedAt + Self.staleAfter }
  }

  /// Forgets the cached configs, so the next call fetches (after the trainee changed settings).
  public func invalidate() {
    cached = nil
  }
}
