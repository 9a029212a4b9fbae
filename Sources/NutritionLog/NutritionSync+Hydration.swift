import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Loading a day": once per date per mount. With server data: an
// empty local day takes the remote; otherwise the day becomes `mergeSnapshots(remote, local)`
// (local wins) and the baseline is the remote, so the merge is saved. Local wins only with what
// changed since the server last confirmed the day (NutritionEdits+Confirmed.swift). Without server
// data the baseline is the empty snapshot, so edits made before the answer are saved. The local day
// is read when the answer arrives, not when the request left, so edits made meanwhile are merged,
// not lost.

extension NutritionSync {
  /// Fetches `date` from the server, unless this mount is stopped.
  func startLoad(_ date: CalendarDay) {
    guard !stopped else { return }
    days[date, default: NutritionSyncDay()].load = .loading
    refreshStatus(date)
    let transport = transport
    startCall { [weak self] in
      let result: Result<NutritionDayResponse, NutritionDayTransportError>
      do throws(NutritionDayTransportError) {
        result = .success(try await transport.getDay(date: date))
      } catch {
        result = .failure(error)
      }
      self?.finishLoad(date, result)
    }
  }

  /// Hydrates `date` from the server's answer, or schedules a retry of the fetch.
  func finishLoad(
    _ date: CalendarDay, _ result: Result<NutritionDayResponse, NutritionDayTransportError>
  ) {
    guard !stopped, days[date]?.load == .loading else { return }
    switch result {
    case .failure(let error):
      days[date]?.load = .notLoaded
      days[date]?.failures += 1
      days[date]?.lastFailure = error
      scheduleRetry(date)
    case .success(let response):
      days[date]?.baseline = hydrate(date, from: response)
      days[date]?.load = .loaded
      days[date]?.failures = 0
      days[date]?.lastFailure = nil
      noteChange(date)
    }
    refreshStatus(date)
  }

  /// Writes the server's day into the store per "Hydration", records it as what the server
  /// holds, and returns the baseline.
  private func hydrate(_ date: CalendarDay, from response: NutritionDayResponse) -> Data {
    let key = date.dayKey
    // NB: `hydrateDay` takes only the day's own keys, so the baseline is the remote's own keys
    // too: a stray key of another date in the server's day must not turn showing it into a save.
    let remote = (response.data ?? .empty).onlyKeys(key.owns(entryKey:))
    let local = edits.collectDaySnapshot(key.rawValue)
    let base = edits.confirmedSnapshot(key.rawValue) ?? .empty
    // NB: only what changed here since the server last confirmed the day is laid over it; with
    // nothing confirmed (an edit from the home screen, a copy kept before confirmations were
    // recorded) that is every local entry, the spec's merge. With no server data and nothing
    // confirmed the local day stays as it is, and is saved; with no server data after a
    // confirmation the day was emptied elsewhere, and only what was not confirmed stays.
    if response.data != nil || !base.isEmpty {
      let day = mergeSnapshots(remote: remote, local: local, base: base)
      edits.hydrateDay(key.rawValue, day, swapOptions: response.swapOptions ?? [:])
    }
    edits.confirm(key.rawValue, remote)
    return remote.canonicalJSON()
  }

  /// Waits out the backoff of the failures so far, then fetches or saves `date` again.
  func scheduleRetry(_ date: CalendarDay) {
    guard !stopped, let failures = days[date]?.failures else { return }
    days[date]?.retry?.cancel()
    days[date]?.retry = after(elapsed() + backoff.delay(afterFailures: failures))
  }

  /// The retry wait of `date` is over: its fetch or save starts again.
  func retryFired(_ date: CalendarDay) {
    days[date]?.retry?.cancel()
    days[date]?.retry = nil
    if days[date]?.load == .loaded { saveIfDue(date) } else { startLoad(date) }
  }
}
