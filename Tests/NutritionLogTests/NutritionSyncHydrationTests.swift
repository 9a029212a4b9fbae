import Foundation
import PerformTestSupport
import Testing
import TraineeAPI

@testable import NutritionLog

// NB: the waits are exact, so a broken engine would make a test wait forever; the limit turns
// that into a failure. No test measures time.

/// Hydration per "Hydration": once per date per mount; an empty local day takes the remote, a
/// local day is merged with local winning and saved; with nothing on the server the baseline is
/// the empty snapshot.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NutritionSyncHydrationTests {
  typealias Harness = NutritionSyncHarness
  let today = Harness.today

  @Test func anEmptyLocalDayTakesTheRemoteAndSavesNothing() async {
    let remote = daySnapshot(today, removed: ["it1"], swaps: ["it2": "o2"])
    let harness = Harness(serverDays: [today: remote])
    await harness.show(today)
    #expect(harness.snapshot() == remote)
    #expect(harness.sync.baseline(of: today) == remote.canonicalJSON())
    #expect(harness.sync.status(of: today) == .saved)
    await harness.advance(5000)
    #expect(await harness.puts.isEmpty)
    await harness.stop()
  }

  @Test func aDateIsFetchedOncePerMount() async {
    let harness = Harness()
    await harness.show(today)
    await harness.show(Harness.yesterday)
    await harness.show(today)
    #expect(await harness.transport.gets == [today, Harness.yesterday])
    await harness.stop()
  }

  @Test func editsMadeBeforeMountAreMergedWithLocalWinningAndSaved() async {
    var edits = NutritionEdits()
    _ = try? edits.setSwap(dateKey: today.dayKey.rawValue, itemId: "it2", optionId: "o3")
    _ = try? edits.setItemRemoved(dateKey: today.dayKey.rawValue, itemId: "it4", removed: true)
    let remote = daySnapshot(today, removed: ["it1"], swaps: ["it2": "o2"])
    let harness = Harness(edits: edits, serverDays: [today: remote])
    await harness.show(today)
    let merged = daySnapshot(today, removed: ["it1", "it4"], swaps: ["it2": "o3"])
    #expect(harness.snapshot() == merged)
    #expect(harness.sync.baseline(of: today) == remote.canonicalJSON())
    #expect(harness.sync.status(of: today) == .pending)
    await harness.advance(600)
    #expect(await harness.untilPuts(1).map(\.snapshot) == [merged])
    await harness.stop()
  }

  @Test func withNothingOnTheServerLocalEditsAreSaved() async {
    var edits = NutritionEdits()
    _ = try? edits.setItemRemoved(dateKey: today.dayKey.rawValue, itemId: "it1", removed: true)
    let harness = Harness(edits: edits)
    await harness.show(today)
    #expect(harness.sync.baseline(of: today) == NutritionDaySnapshot.empty.canonicalJSON())
    await harness.advance(600)
    #expect(await harness.untilPuts(1).map(\.snapshot) == [daySnapshot(today, removed: ["it1"])])
    await harness.stop()
  }

  @Test func aHydrateArrivingAfterALocalEditDoesNotLoseTheEdit() async {
    let remote = daySnapshot(today, removed: ["it1"], swaps: ["it3": "o2"])
    let harness = Harness(serverDays: [today: remote])
    await harness.transport.holdNext(.get)
    harness.sync.show(today)
    await harness.transport.untilHeld(1)
    #expect(await harness.transport.heldCount == 1)
    #expect(harness.sync.status(of: today) == .loading)
    harness.remove("it2")
    harness.swap("it3", to: "o3")
    await harness.advance(5000)
    #expect(await harness.puts.isEmpty)
    await harness.transport.release()
    await harness.settle()
    #expect(harness.sync.status(of: today) == .pending)
    let merged = daySnapshot(today, removed: ["it1", "it2"], swaps: ["it3": "o3"])
    #expect(harness.snapshot() == merged)
    await harness.advance(600)
    #expect(await harness.untilPuts(1).map(\.snapshot) == [merged])
    await harness.stop()
  }

  @Test func theServersKeysOfAnotherDateDoNotMakeShowingADayASave() async {
    var remote = daySnapshot(today, removed: ["it1"])
    remote.removed[eatenKey(Harness.yesterday.dayKey, "it7")] = true
    let harness = Harness(serverDays: [today: remote])
    await harness.show(today)
    #expect(harness.snapshot() == daySnapshot(today, removed: ["it1"]))
    await harness.advance(5000)
    #expect(await harness.puts.isEmpty)
    await harness.stop()
  }
}
