import Foundation

// NB: docs/decisions/the-nutrition-day.md, "Nutrition sync: order and timers". Every fetch and save
// is one task that calls the transport and then takes the answer in on the main actor; the engine
// counts them, so a test waits for exactly the work it caused instead of yielding a number of
// times.

extension NutritionSync {
  /// One wait in `untilCallsRunning(atMost:)`.
  struct CallWaiter {
    var atMost: Int
    var continuation: CheckedContinuation<Void, Never>
  }

  /// Whether a fetch or save is running (or its answer not yet taken in): the app waits for
  /// them, briefly, before it exits, so a confirmation of a save flushed on quit is kept.
  public var hasCallsRunning: Bool { callsRunning > 0 }

  /// Runs `call` (a fetch or a save, and the taking in of its answer) as a task of this mount,
  /// counted in `callsRunning` until it ends.
  func startCall(_ call: @escaping @MainActor () async -> Void) {
    callsRunning += 1
    Task { [weak self] in
      await call()
      self?.callEnded()
    }
  }

  /// Waits until at most `count` fetches and saves are running: with 0, until every call started
  /// so far, and every call started by taking in their answers, has ended. A test holding
  /// `count` calls open on a fake server waits for the others.
  func untilCallsRunning(atMost count: Int) async {
    guard callsRunning > count else { return }
    await withCheckedContinuation {
      callWaiters.append(CallWaiter(atMost: count, continuation: $0))
    }
  }

  private func callEnded() {
    callsRunning -= 1
    let running = callsRunning
    let done = callWaiters.filter { $0.atMost >= running }
    callWaiters.removeAll { $0.atMost >= running }
    for waiter in done { waiter.continuation.resume() }
  }
}
