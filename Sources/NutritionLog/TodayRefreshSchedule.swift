import Foundation

// NB: docs/specs/nutrition-day.md, "Keeping today current": the app calls `refreshToday()` on
// launch and schedules it again at `nextNutritionRefreshMs(now)` plus 250 ms. The wait is slept on
// an injected clock (a manual one in tests); the boundaries come from the injected wall clock.

/// Calls `refresh` at once and then again at every `todayRefreshTime`, until the task is
/// cancelled.
///
/// `now` and `calendar` are read afresh for every run, so a new device zone counts from the next
/// run. The wait is slept on `clock`, which does not follow changes of the wall clock: on a
/// significant time change, cancel the task and start it again (the restart refreshes at once).
public func keepTodayCurrent<C: Clock>(
  clock: C, now: () -> Date, calendar: () -> NutritionCalendar,
  refresh: (_ now: Date, _ calendar: NutritionCalendar) async -> Void
) async where C.Duration == Duration {
  while !Task.isCancelled {
    let ranAt = now()
    let zone = calendar()
    await refresh(ranAt, zone)
    let wait = zone.todayRefreshTime(after: ranAt).timeIntervalSince(now())
    do {
      try await clock.sleep(for: todayRefreshWait(wait))
    } catch {
      return
    }
  }
}

/// `seconds` as a sleep, rounded up to the millisecond so it never ends early; none when past.
func todayRefreshWait(_ seconds: TimeInterval) -> Duration {
  .milliseconds(Int64(max(0, (seconds * 1000).rounded(.up))))
}
