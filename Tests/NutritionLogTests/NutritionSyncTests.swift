import Foundation
import PerformTestSupport
import Testing

@testable import NutritionLog

// NB: the waits are exact, so a broken engine would make a test wait forever; the limit turns
// that into a failure. No test measures time.

/// Saving per "Saving": the 600 ms debounce, the flush on a date change, one save at a time per
/// date, and the dates never saved.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NutritionSyncTests {
  typealias Harness = NutritionSyncHarness
  let today = Harness.today

  @Test func editsAt0And300And500MsAreSavedOnceAt1100Ms() async {
    let harness = Harness()
    await harness.show(today)
    #expect(harness.sync.status(of: today) == .saved)
    harness.remove("it1")
    #expect(harness.sync.status(of: today) == .pending)
    await harness.advance(300)
    harness.remove("it2")
    await harness.advance(200)
    harness.remove("it3")
    await harness.advance(599)
    #expect(await harness.puts.isEmpty)
    await harness.advance(1)
    let puts = await harness.untilPuts(1)
    #expect(
      puts == [
        RecordedPut(
          date: today, snapshot: daySnapshot(today, removed: ["it1", "it2", "it3"]),
          at: .milliseconds(1100))
      ])
    #expect(harness.sync.status(of: today) == .saved)
    #expect(harness.sync.baseline(of: today) == harness.snapshot().canonicalJSON())
    await harness.stop()
  }

  @Test func aDateChangeInsideTheWindowFlushesTheSave() async {
    let harness = Harness()
    await harness.show(today)
    harness.remove("it1")
    await harness.advance(300)
    await harness.show(Harness.yesterday)
    let puts = await harness.untilPuts(1)
    #expect(
      puts == [
        RecordedPut(
          date: today, snapshot: daySnapshot(today, removed: ["it1"]), at: .milliseconds(300))
      ])
    await harness.advance(1000)
    #expect(await harness.puts.count == 1)
    #expect(await harness.transport.gets == [today, Harness.yesterday])
    #expect(harness.sync.statuses == [today: .saved, Harness.yesterday: .saved])
    await harness.stop()
  }

  @Test func savesOfOneDateNeverOverlapAndTheNextCarriesTheLatestSnapshot() async {
    let harness = Harness()
    await harness.show(today)
    await harness.transport.holdNext(.put)
    harness.remove("it1")
    await harness.advance(600)
    await harness.transport.untilHeld(1)
    #expect(await harness.transport.heldCount == 1)
    #expect(harness.sync.status(of: today) == .saving)
    harness.remove("it2")
    await harness.advance(600)
    #expect(await harness.puts.count == 1)
    await harness.transport.release()
    let puts = await harness.untilPuts(2)
    #expect(
      puts.map(\.snapshot) == [
        daySnapshot(today, removed: ["it1"]), daySnapshot(today, removed: ["it1", "it2"]),
      ])
    #expect(
      await harness.transport.log == [
        "get 2026-01-05 start", "get 2026-01-05 end ok",
        "put 2026-01-05 start", "put 2026-01-05 end ok",
        "put 2026-01-05 start", "put 2026-01-05 end ok",
      ])
    #expect(await harness.transport.mostPutsAtOnce == 1)
    // The first save's answer did not overwrite the edit made while it ran.
    #expect(harness.snapshot() == daySnapshot(today, removed: ["it1", "it2"]))
    #expect(harness.sync.status(of: today) == .saved)
    await harness.stop()
  }

  @Test func futureDatesAreNeverSavedUntilTheyAreToday() async {
    let harness = Harness()
    let tomorrow = Harness.tomorrow
    await harness.show(tomorrow)
    harness.remove("it1", on: tomorrow)
    await harness.advance(5000)
    #expect(await harness.puts.isEmpty)
    harness.today = tomorrow
    harness.sync.todayChanged()
    await harness.advance(600)
    let puts = await harness.untilPuts(1)
    #expect(puts.map(\.date) == [tomorrow])
    await harness.stop()
  }

  @Test func anUnchangedSnapshotIsNotSaved() async {
    let harness = Harness(serverDays: [Harness.today: daySnapshot(Harness.today, removed: ["it9"])])
    await harness.show(today)
    harness.remove("it1")
    await harness.advance(300)
    harness.remove("it1", false)
    #expect(harness.sync.status(of: today) == .saved)
    await harness.advance(5000)
    #expect(await harness.puts.isEmpty)
    await harness.stop()
  }

  @Test func aDateNotLoadedInThisMountIsNotSaved() async {
    let harness = Harness()
    await harness.show(today)
    harness.remove("it1", on: Harness.yesterday)
    await harness.advance(5000)
    #expect(await harness.puts.isEmpty)
    #expect(harness.sync.status(of: Harness.yesterday) == nil)
    await harness.stop()
  }

  @Test func stopFlushesADebouncedSaveAndLeavesNothingSleeping() async {
    let harness = Harness()
    await harness.show(today)
    harness.remove("it1")
    await harness.advance(100)
    // NB: whether the timer's task has reached the manual clock yet is not observable without
    // yielding; the engine's own timer is, exactly.
    #expect(harness.sync.nextTimerDeadline == .milliseconds(600))
    await harness.stop()
    let puts = await harness.untilPuts(1)
    #expect(puts.map(\.at) == [.milliseconds(100)])
  }
}
