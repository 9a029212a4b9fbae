import Foundation
import Observation
import TraineeAPI
import TraineeClient

// NB: docs/specs/nutrition-day.md, "Server sync", "Loading a day" and "Saving"
// (`useNutritionDaySync`), with the two documented defects fixed
// (docs/decisions/the-nutrition-day.md, "Nutrition sync"):
// - a debounced save is flushed, not dropped, when the shown date changes;
// - the baseline moves only when the server confirms a save, and a failed save is retried with
//   backoff (and at once when the network is reachable again), always with the latest snapshot.
// Saves of one date run one at a time, in order. The engine owns the edit store, so an edit and the
// check of what it changed happen in one step on the main actor. Work over several dates runs in
// date order, never in the order of a dictionary (docs/decisions/the-nutrition-day.md, "Nutrition
// sync: order and timers").

/// The nutrition tab's store and its sync with the server: owns the edit maps, hydrates each
/// shown date once per mount, and saves every loaded date that is not in the future, 600 ms after
/// its last change.
///
/// One instance is one mount: create it when the tab mounts, call `show(_:)` with the date it
/// shows, route every edit through `edit(_:)`, and call `stop()` when it unmounts. Time is the
/// injected clock's; nothing here reads the wall clock.
@MainActor
@Observable
public final class NutritionSync {
  /// The edit maps of every held date. Change them through `edit(_:)`.
  public internal(set) var edits: NutritionEdits
  /// The date the tab shows, once `show(_:)` was called.
  public private(set) var shownDate: CalendarDay?
  /// The status of every date shown in this mount.
  public private(set) var statuses: [CalendarDay: NutritionSyncStatus] = [:]

  /// `SAVE_DEBOUNCE_MS`: how long after the last change of a date its save starts.
  public static let saveDebounce: Duration = .milliseconds(600)

  @ObservationIgnored var days: [CalendarDay: NutritionSyncDay] = [:]
  @ObservationIgnored var stopped = false
  /// Fetches and saves running now, each counted until its answer was taken in.
  @ObservationIgnored var callsRunning = 0
  /// Who waits in `untilCallsRunning(atMost:)`.
  @ObservationIgnored var callWaiters: [CallWaiter] = []
  @ObservationIgnored let transport: any NutritionDayTransport
  @ObservationIgnored let backoff: RetryBackoff
  @ObservationIgnored let today: @MainActor () -> CalendarDay
  /// Time on the injected clock since this mount started.
  @ObservationIgnored let elapsed: @Sendable () -> Duration
  /// Sleeps on the injected clock until `elapsed()` reaches the given offset.
  @ObservationIgnored let sleepUntil: @Sendable (Duration) async throws -> Void

  /// A mount holding `edits` (the store as it was before the tab mounted, with edits made from
  /// the home screen, say), talking to `transport`, timing on `clock`; `today` is the device's
  /// current day, read whenever a save is considered (future dates are never saved).
  public init<C: Clock>(
    edits: NutritionEdits = NutritionEdits(), transport: any NutritionDayTransport, clock: C,
    backoff: RetryBackoff = NutritionSync.backoff,
    today: @escaping @MainActor () -> CalendarDay
  ) where C.Duration == Duration {
    self.edits = edits
    self.transport = transport
    self.backoff = backoff
    self.today = today
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    // NB: sleeps end at absolute deadlines, so a timer that starts late still fires on time.
    sleepUntil = { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
  }

  /// The status of `date`, `nil` when it was not shown in this mount.
  public func status(of date: CalendarDay) -> NutritionSyncStatus? {
    statuses[date]
  }

  /// Shows `date`: fetches it once per mount (hydration), and flushes the debounced saves of
  /// every other date at once instead of dropping them.
  public func show(_ date: CalendarDay) {
    guard !stopped else { return }
    shownDate = date
    for other in days.keys.sorted() where other != date && days[other]?.debounce != nil {
      flush(other)
    }
    if days[date] == nil { days[date] = NutritionSyncDay() }
    if days[date]?.load == .notLoaded, days[date]?.retry == nil { startLoad(date) }
    refreshStatus(date)
  }

  /// Applies `change` to the edit maps, then schedules the save of every loaded date it changed;
  /// the debounce of a date it did not change keeps its deadline. A refused edit changes nothing
  /// and is rethrown.
  @discardableResult
  public func edit<Result>(
    _ change: (inout NutritionEdits) throws(NutritionEditRefusal) -> Result
  ) throws(NutritionEditRefusal) -> Result {
    // NB: docs/specs/nutrition-day.md, "Saving" restarts the debounce on a change of the day's
    // snapshot; a change of another date (or of nothing a snapshot holds) is not one.
    let loaded = days.keys.filter { days[$0]?.load == .loaded }.sorted()
    let before = loaded.map { edits.collectDaySnapshot($0.dayKey.rawValue) }
    let result = try change(&edits)
    for (date, old) in zip(loaded, before)
    where edits.collectDaySnapshot(date.dayKey.rawValue) != old {
      noteChange(date)
    }
    return result
  }

  /// The device's network is reachable again: every fetch or save that failed because the server
  /// could not be reached is retried now rather than after its backoff.
  public func networkBecameReachable() {
    guard !stopped else { return }
    for date in days.keys.sorted() {
      guard let day = days[date], day.retry != nil, day.lastFailure?.isOffline == true else {
        continue
      }
      day.retry?.cancel()
      days[date]?.retry = nil
      if day.load == .loaded { saveIfDue(date) } else { startLoad(date) }
    }
  }

  /// The device's day changed (`refreshToday`): a date that is no longer in the future may have
  /// edits to save. A debounce already running keeps its deadline.
  public func todayChanged() {
    guard !stopped else { return }
    for date in days.keys.sorted() where days[date]?.load == .loaded {
      noteChange(date, restartingDebounce: false)
    }
  }

  /// Ends the mount: debounced saves are sent now (flushed), every timer and retry wait is
  /// cancelled, and nothing is fetched, retried or scheduled any more. Saves still running
  /// finish and move their baseline. Edits not on the server stay in `edits`; the next mount
  /// merges and saves them.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    for date in days.keys.sorted() {
      days[date]?.retry?.cancel()
      days[date]?.retry = nil
      if days[date]?.debounce != nil { flush(date) }
      refreshStatus(date)
    }
  }

  /// The canonical JSON of what the server holds for `date`, once loaded.
  func baseline(of date: CalendarDay) -> Data? {
    days[date]?.baseline
  }

  /// Whether `date` is after the device's today.
  func isFuture(_ date: CalendarDay) -> Bool {
    date > today()
  }

  /// Recomputes the status of `date` from its sync state and the store.
  func refreshStatus(_ date: CalendarDay) {
    guard let day = days[date] else { return }
    let status: NutritionSyncStatus
    if day.load != .loaded {
      status = day.lastFailure?.isOffline == true ? .offlineWillRetry : .loading
    } else if day.inFlight != nil {
      status = .saving
    } else if day.retry != nil, day.lastFailure?.isOffline == true {
      status = .offlineWillRetry
    } else if day.debounce != nil || day.retry != nil
      || edits.collectDaySnapshot(date.dayKey.rawValue).canonicalJSON() != day.baseline
    {
      status = .pending
    } else {
      status = .saved
    }
    if statuses[date] != status { statuses[date] = status }
  }
}
