import Foundation
import PerformTestSupport
import Testing

@testable import NutritionLog

// NB: the waits are exact, so a broken engine would make a test wait forever; the limit turns
// that into a failure. No test measures time.

/// Time is the injected clock's: whatever a test advances it by in one step, every timer that
/// falls due inside the step fires at its own deadline, and what it starts has ended when the
/// step returns.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NutritionSyncTimingTests {
  typealias Harness = NutritionSyncHarness
  let today = Harness.today

  @Test func aSaveDueInsideOneLongAdvanceIsSentAtItsDeadline() async {
    let harness = Harness()
    await harness.show(today)
    harness.remove("it1")
    await harness.advance(5000)
    #expect(
      await harness.puts == [
        RecordedPut(
          date: today, snapshot: daySnapshot(today, removed: ["it1"]), at: .milliseconds(600))
      ])
    #expect(harness.sync.status(of: today) == .saved)
    await harness.stop()
  }

  @Test func retriesDueInsideOneLongAdvanceAreSentAtTheirDeadlines() async {
    let harness = Harness()
    await harness.show(today)
    await harness.transport.failNext(3, with: .http(status: 503))
    harness.remove("it1")
    await harness.advance(60_000)
    #expect(
      await harness.puts.map(\.at) == [600, 1600, 3600, 7600].map { .milliseconds($0) })
    #expect(harness.sync.status(of: today) == .saved)
    await harness.stop()
  }
}
