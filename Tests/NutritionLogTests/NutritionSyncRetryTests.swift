import Foundation
import PerformTestSupport
import Testing
import TraineeAPI

@testable import NutritionLog

// NB: the waits are exact, so a broken engine would make a test wait forever; the limit turns
// that into a failure. No test measures time.

/// Failed fetches and saves: retried with backoff, the baseline kept, the latest snapshot sent,
/// and at once when the network is reachable again.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NutritionSyncRetryTests {
  typealias Harness = NutritionSyncHarness
  let today = Harness.today

  @Test func backoffDoublesFromOneSecondUpToSixty() {
    let backoff = NutritionSync.backoff
    #expect(
      (1...9).map { backoff.delay(afterFailures: $0) }
        == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { Duration.seconds($0) })
    #expect(backoff.delay(afterFailures: 0) == .seconds(1))
    #expect(backoff.delay(afterFailures: 500) == .seconds(60))
  }

  @Test func aFailedSaveIsRetriedWithBackoffKeepingTheBaseline() async {
    let harness = Harness()
    await harness.show(today)
    await harness.transport.failNext(2, with: .http(status: 500))
    harness.remove("it1")
    await harness.advance(600)
    _ = await harness.untilPuts(1)
    #expect(harness.sync.status(of: today) == .pending)
    #expect(harness.sync.baseline(of: today) == NutritionDaySnapshot.empty.canonicalJSON())
    // An edit while the retry waits rides along with it: the latest snapshot wins.
    await harness.advance(400)
    harness.remove("it2")
    await harness.advance(599)
    #expect(await harness.puts.count == 1)
    await harness.advance(1)
    _ = await harness.untilPuts(2)
    await harness.advance(1999)
    #expect(await harness.puts.count == 2)
    await harness.advance(1)
    let puts = await harness.untilPuts(3)
    let latest = daySnapshot(today, removed: ["it1", "it2"])
    #expect(
      puts == [
        RecordedPut(
          date: today, snapshot: daySnapshot(today, removed: ["it1"]), at: .milliseconds(600)),
        RecordedPut(date: today, snapshot: latest, at: .milliseconds(1600)),
        RecordedPut(date: today, snapshot: latest, at: .milliseconds(3600)),
      ])
    #expect(harness.sync.status(of: today) == .saved)
    #expect(harness.sync.baseline(of: today) == latest.canonicalJSON())
    #expect(await harness.transport.serverDays[today] == latest)
    await harness.stop()
  }

  @Test func anOfflineSaveIsRetriedAsSoonAsTheNetworkIsReachable() async {
    let harness = Harness()
    await harness.show(today)
    await harness.transport.setOffline(true)
    harness.remove("it1")
    await harness.advance(600)
    _ = await harness.untilPuts(1)
    #expect(harness.sync.status(of: today) == .offlineWillRetry)
    await harness.advance(1000)
    _ = await harness.untilPuts(2)
    #expect(harness.sync.status(of: today) == .offlineWillRetry)
    await harness.transport.setOffline(false)
    harness.sync.networkBecameReachable()
    let puts = await harness.untilPuts(3)
    #expect(puts.map(\.at) == [.milliseconds(600), .milliseconds(1600), .milliseconds(1600)])
    #expect(harness.sync.status(of: today) == .saved)
    #expect(harness.clock.sleeperCount == 0)
    await harness.stop()
  }

  @Test func anHTTPFailureKeepsItsBackoffWhenTheNetworkIsReachable() async {
    let harness = Harness()
    await harness.show(today)
    await harness.transport.failNext(1, with: .http(status: 500))
    harness.remove("it1")
    await harness.advance(600)
    _ = await harness.untilPuts(1)
    // NB: the server answered, so reachability says nothing about it: no retry now.
    harness.sync.networkBecameReachable()
    await harness.settle()
    #expect(await harness.puts.count == 1)
    #expect(harness.sync.status(of: today) == .pending)
    #expect(harness.sync.nextTimerDeadline == .milliseconds(1600))
    await harness.advance(999)
    #expect(await harness.puts.count == 1)
    await harness.advance(1)
    let puts = await harness.untilPuts(2)
    #expect(puts.map(\.at) == [.milliseconds(600), .milliseconds(1600)])
    #expect(harness.sync.status(of: today) == .saved)
    await harness.stop()
  }

  @Test func anOfflineFetchIsRetriedAndTheEditsMadeMeanwhileAreSaved() async {
    let remote = daySnapshot(today, removed: ["it1"])
    let harness = Harness(serverDays: [today: remote])
    await harness.transport.setOffline(true)
    await harness.show(today)
    #expect(harness.sync.status(of: today) == .offlineWillRetry)
    harness.remove("it2")
    await harness.advance(1000)
    #expect(await harness.transport.gets.count == 2)
    await harness.transport.setOffline(false)
    harness.sync.networkBecameReachable()
    await harness.settle()
    #expect(harness.sync.status(of: today) == .pending)
    await harness.advance(600)
    let puts = await harness.untilPuts(1)
    #expect(puts.map(\.snapshot) == [daySnapshot(today, removed: ["it1", "it2"])])
    await harness.stop()
  }

  @Test func aSaveFailingAfterStopIsNotRetried() async {
    let harness = Harness()
    await harness.show(today)
    await harness.transport.holdNext(.put)
    await harness.transport.failNext(1, with: .offline)
    harness.remove("it1")
    await harness.advance(600)
    await harness.transport.untilHeld(1)
    #expect(await harness.transport.heldCount == 1)
    await harness.stop()
    await harness.transport.release()
    await harness.settle()
    #expect(harness.clock.sleeperCount == 0)
    #expect(harness.sync.status(of: today) == .pending)
    await harness.advance(120_000)
    #expect(await harness.puts.count == 1)
  }
}
