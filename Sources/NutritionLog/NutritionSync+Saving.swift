import Foundation
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "Saving": on every change, a loaded date that is not in the
// future whose canonical snapshot differs from the baseline is saved 600 ms after its last change.
// The fixes (docs/decisions/the-nutrition-day.md, "Nutrition sync"): the baseline moves only when
// the server confirms, to what was sent; a failure retries with backoff; a save never starts while
// another of the same date runs, and the next one starts when it ends, with the snapshot of that
// moment.

extension NutritionSync {
  /// The day of `date` changed (an edit or a hydration), or today did: (re)starts the debounce of
  /// `date` when it holds something the server neither has nor is being sent, or stops it when
  /// it no longer does. With `restartingDebounce` false (nothing of the day changed), a running
  /// debounce keeps its deadline.
  func noteChange(_ date: CalendarDay, restartingDebounce: Bool = true) {
    guard let day = days[date], day.load == .loaded, !stopped else { return }
    let current = edits.collectDaySnapshot(date.dayKey.rawValue).canonicalJSON()
    if current == (day.inFlight ?? day.baseline) || isFuture(date) {
      day.debounce?.cancel()
      days[date]?.debounce = nil
    } else if day.retry == nil, restartingDebounce || day.debounce == nil {
      // NB: while a retry waits, it carries the latest snapshot; no second timer is needed.
      day.debounce?.cancel()
      days[date]?.debounce = after(elapsed() + Self.saveDebounce)
    }
    refreshStatus(date)
  }

  /// Sends the debounced save of `date` now.
  func flush(_ date: CalendarDay) {
    days[date]?.debounce?.cancel()
    days[date]?.debounce = nil
    saveIfDue(date)
  }

  /// The debounce of `date` came due: its save starts unless one runs or a retry waits.
  func debounceFired(_ date: CalendarDay) {
    days[date]?.debounce?.cancel()
    days[date]?.debounce = nil
    saveIfDue(date)
  }

  /// Starts the save of `date` when it is loaded, not in the future, differs from the baseline,
  /// and no save, debounce or retry wait of it is running.
  func saveIfDue(_ date: CalendarDay) {
    defer { refreshStatus(date) }
    guard let day = days[date], day.load == .loaded, day.inFlight == nil, day.debounce == nil,
      day.retry == nil, !isFuture(date)
    else { return }
    let snapshot = edits.collectDaySnapshot(date.dayKey.rawValue)
    let body = snapshot.canonicalJSON()
    guard body != day.baseline else { return }
    days[date]?.inFlight = body
    let transport = transport
    startCall { [weak self] in
      var failure: NutritionDayTransportError?
      do throws(NutritionDayTransportError) {
        try await transport.putDay(date: date, snapshot: snapshot)
      } catch {
        failure = error
      }
      self?.finishSave(date, sent: snapshot, body: body, failure: failure)
    }
  }

  /// Records the end of a save: on success the baseline, and the store's confirmed copy of the
  /// date, become what was sent (edits made meanwhile stay unconfirmed); on failure both stay and
  /// a retry waits. Then whatever changed meanwhile is saved.
  private func finishSave(
    _ date: CalendarDay, sent snapshot: NutritionDaySnapshot, body: Data,
    failure: NutritionDayTransportError?
  ) {
    days[date]?.inFlight = nil
    if let failure {
      days[date]?.failures += 1
      days[date]?.lastFailure = failure
      scheduleRetry(date)
    } else {
      days[date]?.baseline = body
      edits.confirm(date.dayKey.rawValue, snapshot)
      days[date]?.failures = 0
      days[date]?.lastFailure = nil
    }
    if stopped { refreshStatus(date) } else { saveIfDue(date) }
  }
}
