import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: the sync engine's timers (`NutritionSync.after`) sleep through a nonisolated `@Sendable`
// closure, so a timer task runs on the global executor twice: when it starts (between its
// creation on the main actor and its arrival here) and when it wakes (between its continuation
// and its hop back to the main actor). A replay must not move time while either leg runs, or a
// save would be stamped late. Both legs are awaited exactly, never by counting yields:
// - the start: every timer is created right after the engine reads `now` (`elapsed()`), so the
//   runner waits until as many sleeps have arrived as the engine made reads since it mounted;
// - the wake: the woken task records the thread it runs on, and the runner resumes only once a
//   probe task has run on that thread, which is after the task's hop to the main actor (the
//   engine's closure does nothing after the sleep but return). Were the engine to sleep through
//   a main-actor closure on a main-actor clock, both legs would be main-actor steps and this
//   hand-over unnecessary.
// Each read of `now` is one attosecond later than the last, so timers created at the same
// instant have distinct deadlines and fire in the order they were created.

/// The replay's monotonic clock: it moves only when the runner advances it, and wakes the
/// engine's timers one at a time.
final class ReplayClock: Clock, @unchecked Sendable {
  // @unchecked: every stored property is only touched under `lock`.
  struct Instant: InstantProtocol {
    /// Time since the replay started.
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current = Duration.zero
  private var lastRead = Duration.zero
  private var reads = 0
  private var arrivals = 0
  private var sleepers: [Sleeper] = []
  private var nextId = 0
  private var arrivalWaiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
  private var wakeWaiter: CheckedContinuation<Void, Never>?

  /// One attosecond: how much later each read of `now` is than the one before.
  private static let readStep = Duration(secondsComponent: 0, attosecondsComponent: 1)

  // MARK: Clock, as the engine sees it

  var now: Instant {
    lock.withLock {
      reads += 1
      lastRead = max(current, lastRead + Self.readStep)
      return Instant(offset: lastRead)
    }
  }

  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = lock.withLock {
      nextId += 1
      return nextId
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (cancelled, waiter) = lock.withLock {
          () -> (Bool, CheckedContinuation<Void, Never>?) in
          arrivals += 1
          let cancelled = Task.isCancelled
          if !cancelled {
            sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          }
          return (cancelled, takeArrivalWaiterIfDue())
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        waiter?.resume()
      }
    } onCancel: {
      let cancelled = lock.withLock { () -> Sleeper? in
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
    // Woken by `wakeDue`: from here to the task's hop to the main actor, this thread runs it.
    probe(for: currentThread(), priority: Task.currentPriority)
  }

  // MARK: The runner's side

  /// Time since the replay started, without counting as a read.
  var elapsed: Duration {
    lock.withLock { current }
  }

  /// How many times `now` was read.
  var readCount: Int {
    lock.withLock { reads }
  }

  /// The earliest deadline of a sleeping timer.
  var nextDeadline: Duration? {
    lock.withLock { sleepers.map(\.deadline.offset).min() }
  }

  /// Moves time forward to `offset`; never back.
  func advance(to offset: Duration) {
    lock.withLock { current = max(current, offset) }
  }

  /// Waits until `count` timers in all have started sleeping (or found themselves cancelled).
  func untilArrivals(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let ready = lock.withLock { () -> Bool in
        guard arrivals < count else { return true }
        arrivalWaiter = (count, continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Wakes the timers due at the earliest deadline (within a microsecond of it: timers started
  /// at one instant differ by attoseconds), in deadline order, moving time to each; returns
  /// once every woken task is on its way to the main actor (its step there is queued before the
  /// caller's next one). Returns `false` when no timer sleeps.
  func wakeDue() async -> Bool {
    guard let first = nextDeadline else { return false }
    let instantEnd = first + .microseconds(1)
    while let due = takeEarliest(before: instantEnd) {
      await withCheckedContinuation { waiter in
        lock.withLock { wakeWaiter = waiter }
        due.continuation.resume()
      }
    }
    return true
  }

  private func takeEarliest(before end: Duration) -> Sleeper? {
    lock.withLock {
      guard let index = sleepers.indices.min(by: { sleepers[$0].deadline < sleepers[$1].deadline }),
        sleepers[index].deadline.offset < end
      else { return nil }
      let sleeper = sleepers.remove(at: index)
      current = max(current, sleeper.deadline.offset)
      return sleeper
    }
  }

  /// Cancels every sleeping timer (the end of a replay).
  func cancelAll() {
    let all = lock.withLock { () -> [Sleeper] in
      defer { sleepers = [] }
      return sleepers
    }
    for sleeper in all { sleeper.continuation.resume(throwing: CancellationError()) }
  }

  // MARK: Hand-over

  private func takeArrivalWaiterIfDue() -> CheckedContinuation<Void, Never>? {
    guard let waiter = arrivalWaiter, arrivals >= waiter.count else { return nil }
    arrivalWaiter = nil
    return waiter.continuation
  }

  /// Runs a task on the global executor until one runs on `thread`: then the woken timer's
  /// step on that thread has ended, and the runner may go on.
  private func probe(for thread: UInt, priority: TaskPriority) {
    Task.detached(priority: priority) { [self] in
      guard currentThread() == thread else {
        sched_yield()
        probe(for: thread, priority: priority)
        return
      }
      let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
        defer { wakeWaiter = nil }
        return wakeWaiter
      }
      waiter?.resume()
    }
  }
}

/// The calling thread's identity.
private func currentThread() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: Int(bitPattern: pthread_self()))
  #else
    UInt(pthread_self())
  #endif
}
