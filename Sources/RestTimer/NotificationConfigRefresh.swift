import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "Alert texts and configs": the configs are read with a stale
// time of 10 minutes, so a coach's changed template or a disabled alert reaches a running app
// within 10 minutes. The app does not wait for a screen to ask: this loop fetches again as soon as
// the cached configs go stale, and hands on every change. Time is injected: the waits are slept on
// a clock (a manual one in tests), freshness is the cache's wall clock.

/// How long after a failed fetch (nothing fresh cached) the configs are fetched again.
public let notificationConfigRetryDelay: Duration = .seconds(60)

/// Hands `apply` the notification configs at once, then every time they are fetched again and
/// differ, until the task is cancelled.
///
/// A fetch runs whenever the cached configs go stale (`NotificationConfigCache.staleAfter`); after
/// a failure, the next try is `notificationConfigRetryDelay` later. Nothing is handed on before
/// the first fetch succeeds, so configs the app kept from before stay until then.
public func keepNotificationConfigsCurrent<C: Clock>(
  cache: NotificationConfigCache, clock: C, now: @Sendable () -> Date,
  apply: @Sendable ([NotificationConfigDto]) async -> Void
) async where C.Duration == Duration {
  var applied: [NotificationConfigDto]?
  while !Task.isCancelled {
    if let configs = await cache.fetchedConfigs(), configs != applied {
      applied = configs
      await apply(configs)
    }
    let wait = await cache.freshUntil.map { $0.timeIntervalSince(now()) } ?? 0
    do {
      try await clock.sleep(for: notificationConfigWait(wait))
    } catch {
      return
    }
  }
}

/// The sleep until the cached configs go stale `seconds` from now, rounded up to the millisecond
/// so it never ends early and at most `staleAfter` (the wall clock may have been set back);
/// `notificationConfigRetryDelay` when they already are stale (a fetch failed).
func notificationConfigWait(_ seconds: TimeInterval) -> Duration {
  guard seconds > 0 else { return notificationConfigRetryDelay }
  let capped = min(seconds, NotificationConfigCache.staleAfter)
  return .milliseconds(Int64((capped * 1000).rounded(.up)))
}
