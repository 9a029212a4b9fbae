import Foundation
import PerformTestSupport
import Testing
import TraineeAPI

@testable import NutritionLog

/// A copy of a day the server confirmed no longer overrides it at the next mount; what was not
/// confirmed still does (docs/decisions/the-nutrition-day.md, "Nutrition sync: confirmed copies").
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NutritionSyncConfirmedTests {
  typealias Harness = NutritionSyncHarness
  let today = Harness.today

  @Test func aConfirmedSaveIsRecordedAsWhatTheServerHolds() async {
    let harness = Harness()
    await harness.show(today)
    harness.remove("it1")
    await harness.advance(600)
    _ = await harness.untilPuts(1)
    #expect(harness.sync.edits.confirmedSnapshot(today.dayKey.rawValue) == harness.snapshot())
    #expect(!harness.sync.edits.hasUnconfirmedEdits(today.dayKey.rawValue))
    await harness.stop()
  }

  @Test func aConfirmedCopyDoesNotUndoAChangeMadeElsewhereAtTheNextMount() async {
    let first = Harness()
    await first.show(today)
    first.remove("it1")
    first.remove("it2")
    await first.advance(600)
    _ = await first.untilPuts(1)
    await first.stop()
    // Elsewhere (the coach, another device), it1 is put back.
    let changed = daySnapshot(today, removed: ["it2"])

    let next = Harness(edits: first.sync.edits, serverDays: [today: changed])
    await next.show(today)
    await next.advance(5000)

    #expect(next.snapshot() == changed)
    #expect(await next.puts.isEmpty)
    await next.stop()
  }

  @Test func anEditMadeWhileASaveRanStaysUnconfirmedAndWinsAtTheNextMount() async {
    let first = Harness()
    await first.show(today)
    first.remove("it1")
    await first.transport.holdNext(.put)
    await first.advance(600)
    await first.transport.untilHeld(1)
    first.remove("it2")
    // The next save (it1 and it2) is sent once the first is confirmed; the app dies meanwhile.
    await first.transport.holdNext(.put)
    await first.transport.release()
    await first.advance(600)
    await first.transport.untilHeld(1)
    #expect(
      first.sync.edits.confirmedSnapshot(today.dayKey.rawValue)
        == daySnapshot(today, removed: ["it1"]))
    #expect(first.sync.edits.hasUnconfirmedEdits(today.dayKey.rawValue))
    let kept = first.sync.edits
    await first.transport.release()
    await first.stop()
    // Elsewhere, it1 is put back and it3 removed, over the first save only.
    let changed = daySnapshot(today, removed: ["it3"])

    let next = Harness(edits: kept, serverDays: [today: changed])
    await next.show(today)
    await next.advance(600)

    let expected = daySnapshot(today, removed: ["it2", "it3"])
    #expect(next.snapshot() == expected)
    #expect(await next.untilPuts(1).map(\.snapshot) == [expected])
    await next.stop()
  }

  @Test func anUnconfirmedSaveStillWinsAtTheNextMount() async {
    let first = Harness()
    await first.show(today)
    first.remove("it1")
    await first.transport.setOffline(true)
    await first.advance(600)
    _ = await first.untilPuts(1)
    await first.stop()
    let elsewhere = daySnapshot(today, removed: ["it3"])

    let next = Harness(edits: first.sync.edits, serverDays: [today: elsewhere])
    await next.show(today)
    await next.advance(600)

    let expected = daySnapshot(today, removed: ["it1", "it3"])
    #expect(next.snapshot() == expected)
    #expect(await next.untilPuts(1).map(\.snapshot) == [expected])
    await next.stop()
  }

  @Test func aDayEmptiedElsewhereAfterAConfirmedSaveStaysEmpty() async {
    let first = Harness()
    await first.show(today)
    first.remove("it1")
    await first.advance(600)
    _ = await first.untilPuts(1)
    await first.stop()

    let next = Harness(edits: first.sync.edits)
    await next.show(today)
    await next.advance(5000)

    #expect(next.snapshot() == .empty)
    #expect(await next.puts.isEmpty)
    await next.stop()
  }

  @Test func aDayEmptiedElsewhereAfterAConfirmedSaveKeepsOnlyWhatWasNotConfirmed() async {
    let first = Harness()
    await first.show(today)
    first.remove("it1")
    await first.advance(600)
    _ = await first.untilPuts(1)
    await first.stop()
    var kept = first.sync.edits
    _ = try? kept.setItemRemoved(dateKey: today.dayKey.rawValue, itemId: "it2", removed: true)

    let next = Harness(edits: kept)
    await next.show(today)
    await next.advance(600)

    let expected = daySnapshot(today, removed: ["it2"])
    #expect(next.snapshot() == expected)
    #expect(await next.untilPuts(1).map(\.snapshot) == [expected])
    await next.stop()
  }

  @Test func aHydrationIsRecordedAsWhatTheServerHolds() async {
    let remote = daySnapshot(today, removed: ["it1"], swaps: ["it2": "o2"])
    let harness = Harness(serverDays: [today: remote])
    await harness.show(today)
    #expect(harness.sync.edits.confirmedSnapshot(today.dayKey.rawValue) == remote)
    await harness.stop()
  }
}
