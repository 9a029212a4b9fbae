import Foundation
import PerformTestSupport
import Synchronization
import Testing

/// The manual clock every timer test drives: an advance wakes every sleeper whose deadline it
/// reaches, whether the sleeper arrived before the advance or while it ran, and no other.
@Suite(.timeLimit(.minutes(2))) struct ManualClockTests {
  /// How long a test waits, in real time, for sleepers the clock should have woken before it
  /// calls them stuck: far longer than waking takes on a busy machine, and bounded so a clock
  /// that misses a sleeper fails the test instead of hanging it.
  static let patience: Duration = .seconds(10)

  /// Whether a sleep has ended on time, readable while its task may still be asleep.
  final class Ended: Sendable {
    private let ended = Mutex(false)
    var value: Bool { ended.withLock { $0 } }
    func set() { ended.withLock { $0 = true } }
  }

  /// Sleeps on `clock` until `offset`; true when the sleep ended on time, false when it was
  /// cancelled. `ended`, when given, is set as soon as the sleep ends on time.
  static func sleeper(
    _ clock: ManualClock, until offset: Duration, ended: Ended? = nil
  ) -> Task<Bool, Never> {
    Task.detached {
      do {
        try await clock.sleep(until: ManualClock.Instant(offset: offset))
        ended?.set()
        return true
      } catch {
        return false
      }
    }
  }

  /// How many of `sleepers` ended on time, cancelling those still asleep after `patience`.
  static func woken(_ sleepers: [Task<Bool, Never>]) async -> Int {
    let watchdog = Task.detached {
      guard (try? await Task.sleep(for: patience)) != nil else { return }
      for sleeper in sleepers { sleeper.cancel() }
    }
    defer { watchdog.cancel() }
    var woken = 0
    for sleeper in sleepers where await sleeper.value { woken += 1 }
    return woken
  }

  @Test func aSleeperArrivingAfterAnAdvanceSeesTheNewTimeAndReturnsAtOnce() async throws {
    let clock = ManualClock()
    await clock.advance(by: .milliseconds(10))
    #expect(clock.now.offset == .milliseconds(10))
    try await clock.sleep(until: ManualClock.Instant(offset: .milliseconds(10)))
    try await clock.sleep(until: ManualClock.Instant(offset: .milliseconds(3)))
    #expect(clock.sleeperCount == 0)
  }

  /// `untilSleepers` returns once the sleep that makes the count has arrived, and gives up when
  /// it never does.
  @Test func untilSleepersWaitsForTheCountAndGivesUpAfterItsTimeout() async {
    let clock = ManualClock()
    #expect(await clock.untilSleepers(0))
    #expect(await !clock.untilSleepers(1, within: .milliseconds(20)))

    let sleepers = (1...2).map { Self.sleeper(clock, until: .milliseconds($0)) }
    #expect(await clock.untilSleepers(2))
    #expect(clock.sleeperDeadlines == [.milliseconds(1), .milliseconds(2)])

    await clock.advance(by: .milliseconds(2))
    #expect(await Self.woken(sleepers) == 2)
    #expect(clock.sleeperCount == 0)
  }

  /// A cancelled wait gives up at once instead of waiting out its timeout.
  @Test func aCancelledUntilSleepersGivesUp() async {
    let clock = ManualClock()
    let started = ContinuousClock.now
    let wait = Task { await clock.untilSleepers(1, within: .seconds(60)) }
    wait.cancel()
    #expect(await wait.value == false)
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  /// Sleepers reach the clock on other threads before, during and after an advance; every one
  /// whose deadline the advance reached must wake, and one due later must not.
  ///
  /// NB: the gap this guards against is a few instructions wide: an advance that looked at its
  /// sleepers and then set the time in a second locked step left a sleeper arriving in between
  /// asleep. In a throwaway check against that clock, 5,000 iterations caught it in 10 runs of 10
  /// (500 in 1 of 3); each iteration takes well under a millisecond when nothing is missed.
  @Test func everySleeperDueByAnAdvanceWakesEvenOneArrivingWhileItRuns() async {
    let iterations = 5_000
    let dueSleepers = 16
    let target: Duration = .milliseconds(10)
    for iteration in 0..<iterations {
      let clock = ManualClock()
      // Deadlines spread up to and including the advance's target, so some are due at the
      // instant it moves to and some at the instants it steps through on the way.
      let due = (0..<dueSleepers).map { index in
        Self.sleeper(clock, until: .milliseconds(10 - index % 4))
      }
      let lateEnded = Ended()
      let late = Self.sleeper(clock, until: target + .milliseconds(1), ended: lateEnded)
      await clock.advance(by: target)
      #expect(clock.now.offset == target)

      let wokenDue = await Self.woken(due)
      #expect(
        wokenDue == dueSleepers,
        "iteration \(iteration): \(dueSleepers - wokenDue) sleepers due by the advance slept on")
      // NB: the late sleeper may not have reached the clock yet; either way it must not have
      // woken.
      #expect(!lateEnded.value, "iteration \(iteration): the late sleeper woke early")

      await clock.advance(by: .milliseconds(1))
      #expect(await Self.woken([late]) == 1, "iteration \(iteration): the late sleeper slept on")
      #expect(clock.sleeperCount == 0)
      if wokenDue != dueSleepers { break }
    }
  }
}
