import Foundation

/// A clock that moves only when a test says so. Sleepers wake, in deadline order, when
/// `advance(by:)` passes their deadline; `sleeperCount` lets a test end by checking that nothing
/// is left sleeping.
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

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Sleeper] = []
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

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = lock.withLock {
      nextId += 1
      return nextId
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let wakeNow = lock.withLock {
          if deadline <= current || Task.isCancelled { return true }
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
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

  /// Moves time forward by `duration`, waking every sleeper whose deadline it reaches, one
  /// deadline at a time, and letting each woken task run before moving on. A sleeper that
  /// arrives while the advance runs is woken by it too when its deadline is reached; one that
  /// arrives after it sees the new time and returns at once if its deadline has passed.
  ///
  /// A woken task that has not slept again by the time the others are done sees the clock at the
  /// end of the advance: code under test should sleep until deadlines on a fixed grid (as
  /// `tickWhileResting` does), not for a duration from whenever it got to run.
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
      await settle()
    }
    await settle()
  }

  /// Lets tasks woken by the clock run until they sleep again or finish.
  private func settle() async {
    for _ in 0..<100 { await Task.yield() }
  }
}
