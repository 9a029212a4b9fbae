import Foundation

/// A clock that moves only when a test says so. Sleepers wake, in deadline order, when
/// `advance(by:)` passes their deadline; `untilSleepers(_:)` waits until tasks have come to
/// sleep on it, and `sleeperCount` lets a test end by checking that nothing is left sleeping.
public final class ManualClock: Clock, @unchecked Sendable {
  // @unchecked: every stored property is only touched under `lock`.
  public struct Instant: InstantProtocol {
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  /// A test waiting until `count` tasks sleep; resumed with whether they did.
  private struct Waiter {
    var id: Int
    var count: Int
    var continuation: CheckedContinuation<Bool, Never>
    /// Gives up on the waiter after its timeout; cancelled when it is resumed in time.
    var watchdog: Task<Void, Never>?
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Sleeper] = []
  private var waiters: [Waiter] = []
  private var nextId = 0

  public init() {}

  public var now: Instant {
    lock.withLock { current }
  }

  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int {
    lock.withLock { sleepers.count }
  }

  /// The deadlines of the tasks sleeping on this clock, as offsets from its start, earliest
  /// first.
  public var sleeperDeadlines: [Duration] {
    lock.withLock { sleepers.map(\.deadline.offset).sorted() }
  }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = takeId()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (wakeNow, ready) = lock.withLock { () -> (Bool, [Waiter]) in
          if deadline <= current || Task.isCancelled { return (true, []) }
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (false, takeReadyWaiters())
        }
        for waiter in ready {
          waiter.watchdog?.cancel()
          waiter.continuation.resume(returning: true)
        }
        if wakeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let cancelled = lock.withLock { () -> Sleeper? in
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Waits until at least `count` tasks sleep on this clock; returns whether they did. Resumed by
  /// the sleep that makes the count, never by polling; gives up (false) after `timeout` of real
  /// time or when the waiting task is cancelled, so a sleeper that never comes fails the test
  /// instead of hanging it.
  ///
  /// A task woken by `advance(by:)` has left the sleepers, so after an advance that woke the only
  /// sleeper, `untilSleepers(1)` returns once that task has done its work and slept again.
  ///
  /// NB: the bound is a safety net, never a measure: a full parallel run on two cores starts
  /// real processes (servers, tmux) from tests that block a cooperative thread while they do,
  /// and a suite whose task waited more than 10 s for a thread then lost the race to its own
  /// timeout (CI, once in three runs). A sleeper that comes never still fails the test.
  public func untilSleepers(_ count: Int, within timeout: Duration = .seconds(60)) async -> Bool {
    let id = takeId()
    let deadline = ContinuousClock.now.advanced(by: timeout)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let ready = lock.withLock { () -> Bool? in
          if sleepers.count >= count { return true }
          if Task.isCancelled { return false }
          waiters.append(Waiter(id: id, count: count, continuation: continuation))
          return nil
        }
        if let ready {
          continuation.resume(returning: ready)
          return
        }
        let watchdog = Task.detached { [self] in
          guard (try? await ContinuousClock().sleep(until: deadline)) != nil else { return }
          giveUp(id)
        }
        let waiting = lock.withLock { () -> Bool in
          guard let index = waiters.firstIndex(where: { $0.id == id }) else { return false }
          waiters[index].watchdog = watchdog
          return true
        }
        if !waiting { watchdog.cancel() }
      }
    } onCancel: {
      giveUp(id)
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline it reaches, one
  /// deadline at a time. A sleeper that arrives while the advance runs is woken by it too when its
  /// deadline is reached; one that arrives after it sees the new time and returns at once if its
  /// deadline has passed.
  ///
  /// It does not wait for the woken tasks to run: a test waits for exactly the work that falls
  /// due (`untilSleepers(_:)` for a loop that sleeps again, a task's handle, what the work
  /// delivers). A woken task that has not slept again before the advance has moved on sees the
  /// clock further on: a test whose task sleeps more than once in `duration` advances from one of
  /// its deadlines to the next, waiting at each.
  public func advance(by duration: Duration) async {
    let target = lock.withLock { current.advanced(by: duration) }
    while true {
      // NB: each step is one locked step: it takes the earliest sleeper due and moves `now` to
      // its deadline, or, when none is due, moves `now` to `target`. A sleeper arriving between
      // steps is either seen by the next one or sees the time the last one set, and then
      // returns at once if its deadline has passed; none is left asleep past its deadline.
      let due = lock.withLock { () -> Sleeper? in
        guard
          let index = sleepers.indices.min(by: { sleepers[$0].deadline < sleepers[$1].deadline }),
          sleepers[index].deadline <= target
        else {
          current = max(current, target)
          return nil
        }
        let sleeper = sleepers.remove(at: index)
        current = max(current, sleeper.deadline)
        return sleeper
      }
      guard let due else { break }
      due.continuation.resume()
    }
  }

  private func takeId() -> Int {
    lock.withLock {
      nextId += 1
      return nextId
    }
  }

  /// Removes and returns the waiters whose count the sleepers have reached; under `lock`.
  private func takeReadyWaiters() -> [Waiter] {
    let ready = waiters.filter { $0.count <= sleepers.count }
    waiters.removeAll { $0.count <= sleepers.count }
    return ready
  }

  /// Resumes waiter `id` with false if it is still waiting.
  private func giveUp(_ id: Int) {
    let waiter = lock.withLock { () -> Waiter? in
      guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return waiters.remove(at: index)
    }
    waiter?.watchdog?.cancel()
    waiter?.continuation.resume(returning: false)
  }
}
