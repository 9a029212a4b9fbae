import Foundation
import PerformTestSupport
import Testing
import TraineeAPI

@testable import NutritionLog

// NB: the waits are exact, so a broken engine would make a test wait forever; the limit turns
// that into a failure. No test measures time.

/// Work over several dates goes out in date order, whatever order the dates were shown or
/// edited in: flushed saves, saves and fetches retried when the network is back, and timers
/// due at one instant.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NutritionSyncOrderTests {
  typealias Harness = NutritionSyncHarness
  let today = Harness.today

  /// Eight days before today, shown and edited in this scrambled order.
  static let scrambled = [3, 8, 1, 6, 2, 7, 5, 4].map { Harness.today.adding(days: -$0) }
  static let sorted = scrambled.sorted()

  /// A harness showing every date of `scrambled`, then today.
  func showingEveryDate() async -> Harness {
    let harness = Harness()
    for date in Self.scrambled { await harness.show(date) }
    await harness.show(today)
    return harness
  }

  @Test func aDateChangeFlushesTheSavesOfSeveralDatesInDateOrder() async {
    let harness = await showingEveryDate()
    for date in Self.scrambled { harness.remove("it1", on: date) }
    await harness.advance(100)
    await harness.show(today.adding(days: -9))
    #expect(await harness.untilPuts(8).map(\.date) == Self.sorted)
    await harness.stop()
  }

  @Test func stopFlushesTheSavesOfSeveralDatesInDateOrder() async {
    let harness = await showingEveryDate()
    for date in Self.scrambled { harness.remove("it1", on: date) }
    await harness.advance(100)
    await harness.stop()
    #expect(await harness.untilPuts(8).map(\.date) == Self.sorted)
  }

  @Test func savesDueAtOneInstantGoOutInDateOrder() async {
    let harness = await showingEveryDate()
    #expect(throws: Never.self) {
      try harness.sync.edit { edits throws(NutritionEditRefusal) in
        for date in Self.scrambled {
          _ = try edits.setItemRemoved(
            dateKey: date.dayKey.rawValue, itemId: "it1", removed: true)
        }
      }
    }
    await harness.advance(600)
    let puts = await harness.untilPuts(8)
    #expect(puts.map(\.date) == Self.sorted)
    #expect(puts.map(\.at) == Array(repeating: .milliseconds(600), count: 8))
    await harness.stop()
  }

  @Test func datesThatStopBeingInTheFutureAreSavedInDateOrder() async {
    let harness = Harness()
    let future = [3, 8, 1, 6, 2, 7, 5, 4].map { Harness.today.adding(days: $0) }
    for date in future { await harness.show(date) }
    for date in future { harness.remove("it1", on: date) }
    await harness.advance(1000)
    #expect(await harness.puts.isEmpty)
    harness.today = today.adding(days: 8)
    harness.sync.todayChanged()
    await harness.advance(600)
    let puts = await harness.untilPuts(8)
    #expect(puts.map(\.date) == future.sorted())
    #expect(puts.map(\.at) == Array(repeating: .milliseconds(1600), count: 8))
    await harness.stop()
  }

  @Test func savesRetriedWhenTheNetworkIsBackGoOutInDateOrder() async {
    let harness = await showingEveryDate()
    await harness.transport.setOffline(true)
    for date in Self.scrambled { harness.remove("it1", on: date) }
    await harness.advance(600)
    _ = await harness.untilPuts(8)
    await harness.transport.setOffline(false)
    harness.sync.networkBecameReachable()
    let puts = await harness.untilPuts(16)
    #expect(puts.dropFirst(8).map(\.date) == Self.sorted)
    #expect(Self.sorted.allSatisfy { harness.sync.status(of: $0) == .saved })
    await harness.stop()
  }

  @Test func fetchesRetriedWhenTheNetworkIsBackGoOutInDateOrder() async {
    let harness = Harness()
    await harness.transport.setOffline(true)
    for date in Self.scrambled { await harness.show(date) }
    #expect(await harness.transport.gets == Self.scrambled)
    await harness.transport.setOffline(false)
    harness.sync.networkBecameReachable()
    await harness.settle()
    #expect(Self.sorted.allSatisfy { harness.sync.status(of: $0) == .saved })
    #expect(await harness.transport.gets.dropFirst(8) == Self.sorted[...])
    await harness.stop()
  }
}
