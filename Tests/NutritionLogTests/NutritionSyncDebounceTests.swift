import Foundation
import PerformTestSupport
import Testing

@testable import NutritionLog

// NB: the waits are exact, so a broken engine would make a test wait forever; the limit turns
// that into a failure. No test measures time.

/// Each date has its own 600 ms debounce: a change restarts the timer of the date it changed and
/// no other.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NutritionSyncDebounceTests {
  typealias Harness = NutritionSyncHarness
  let today = Harness.today
  let yesterday = Harness.yesterday

  @Test func anEditRestartsOnlyTheTimerOfItsOwnDate() async {
    let harness = Harness()
    await harness.show(yesterday)
    await harness.show(today)
    harness.remove("it1", on: yesterday)
    await harness.advance(300)
    harness.remove("it1", on: today)
    await harness.advance(300)
    #expect(
      await harness.untilPuts(1) == [
        RecordedPut(
          date: yesterday, snapshot: daySnapshot(yesterday, removed: ["it1"]),
          at: .milliseconds(600))
      ])
    #expect(harness.sync.status(of: today) == .pending)
    await harness.advance(300)
    #expect(
      await harness.untilPuts(2).map { [$0.date: $0.at] } == [
        [yesterday: .milliseconds(600)], [today: .milliseconds(900)],
      ])
    await harness.stop()
  }

  @Test func anEditOfNoLoadedDateKeepsEveryDeadline() async {
    let harness = Harness()
    await harness.show(today)
    harness.remove("it1")
    await harness.advance(300)
    // Another date, not loaded in this mount, and the plan day in view: no loaded date changes.
    harness.remove("it1", on: yesterday)
    #expect(throws: Never.self) {
      try harness.sync.edit { (edits: inout NutritionEdits) throws(NutritionEditRefusal) in
        edits.view(planId: "np1", dayId: "nd1")
      }
    }
    await harness.advance(300)
    #expect(await harness.untilPuts(1).map(\.at) == [.milliseconds(600)])
    await harness.stop()
  }

  @Test func aChangeOfTodayKeepsTheDeadlinesOfRunningTimers() async {
    let harness = Harness()
    await harness.show(today)
    harness.remove("it1")
    await harness.advance(300)
    harness.sync.todayChanged()
    await harness.advance(300)
    #expect(await harness.untilPuts(1).map(\.at) == [.milliseconds(600)])
    await harness.stop()
  }
}
