import Foundation

// NB: docs/specs/nutrition-day.md, "Saving" (the 600 ms debounce) and
// docs/decisions/the-nutrition-day.md, "Nutrition sync: order and timers". Each date has its own
// debounce and retry timers, sleeping on the injected clock until absolute deadlines. A timer that
// wakes does not fire "its" date: it fires every timer due by its deadline, earliest first and by
// date at one instant, on the main actor.
// So timers due together fire in date order whichever task the executor resumes first, and a
// test can advance the clock to a deadline, await the due timers' tasks (`timerTasks(dueBy:)`)
// and know that everything due has run, without counting yields.

/// A timer of one date: when it fires, as time since the mount started, and the task sleeping
/// until then on the injected clock.
struct NutritionSyncTimer {
  /// What a timer is for. At one deadline and date, a debounce fires before a retry.
  enum Kind: Comparable {
    case debounce, retry
  }

  /// When the timer fires, as time since the mount started.
  var deadline: Duration
  /// The task sleeping until `deadline`.
  var task: Task<Void, Never>

  /// Stops the timer: it will not fire, and leaves nothing sleeping on the clock.
  func cancel() {
    task.cancel()
  }
}

extension NutritionSync {
  /// A timer that fires, with every other timer then due, when the clock reaches `deadline`.
  func after(_ deadline: Duration) -> NutritionSyncTimer {
    let sleepUntil = sleepUntil
    let task = Task { [weak self] in
      // NB: the sleep starts even when the timer was cancelled before its task ran: every read
      // of the clock by the engine (`elapsed()`) is followed by exactly one sleep, which
      // `perform nutrition replay` counts on (ReplayClock).
      do { try await sleepUntil(deadline) } catch { return }
      guard !Task.isCancelled, let self else { return }
      self.fireTimers(dueBy: deadline)
    }
    return NutritionSyncTimer(deadline: deadline, task: task)
  }

  /// Fires every debounce and retry timer due by `instant`: earliest deadline first, and at one
  /// deadline in date order.
  func fireTimers(dueBy instant: Duration) {
    while let (date, kind) = earliestTimer(dueBy: instant) {
      switch kind {
      case .debounce: debounceFired(date)
      case .retry: retryFired(date)
      }
    }
  }

  /// The earliest deadline of a running timer, as time since the mount started.
  var nextTimerDeadline: Duration? {
    days.values.flatMap { [$0.debounce?.deadline, $0.retry?.deadline] }.compactMap { $0 }.min()
  }

  /// The tasks of the running timers due by `instant`. Once the clock has reached `instant` and
  /// each of them has ended, every timer due by then has fired.
  func timerTasks(dueBy instant: Duration) -> [Task<Void, Never>] {
    days.values.flatMap { [$0.debounce, $0.retry] }.compactMap { $0 }
      .filter { $0.deadline <= instant }.map(\.task)
  }

  private func earliestTimer(
    dueBy instant: Duration
  ) -> (CalendarDay, NutritionSyncTimer.Kind)? {
    var earliest: (deadline: Duration, date: CalendarDay, kind: NutritionSyncTimer.Kind)?
    for (date, day) in days {
      let timers: [(NutritionSyncTimer.Kind, NutritionSyncTimer?)] = [
        (.debounce, day.debounce), (.retry, day.retry),
      ]
      for case (let kind, let timer?) in timers where timer.deadline <= instant {
        let candidate = (deadline: timer.deadline, date: date, kind: kind)
        if let current = earliest, current <= candidate { continue }
        earliest = candidate
      }
    }
    return earliest.map { ($0.date, $0.kind) }
  }
}
