import Foundation
import PerformTestSupport
import Testing
import TraineeAPI
import TraineeClient
import TraineeServer

@testable import NutritionLog

/// The nutrition sync engine saving through `HTTPNutritionDayTransport` to the real server.
///
/// The debounce runs on a manual clock, and a test waits for exactly the timers that fall due
/// (`advance(by:)`); the network is real, so waits for the server are bounded real-time polls
/// (`untilReal`).
@MainActor
struct NutritionSyncEndToEndTests {
  /// 5 January 2026: the server's `lateMonday` is still the 5th in New York.
  static let today = CalendarDay(year: 2026, month: 1, day: 5)!

  let server: DemoTraineeServer
  let clock = ManualClock()
  let sync: NutritionSync

  init() throws {
    server = try DemoTraineeServer()
    sync = NutritionSync(
      transport: HTTPNutritionDayTransport(client: server.client(zone: "America/New_York")),
      clock: clock
    ) { Self.today }
  }

  /// What the server holds for `today`, read back through the client.
  func serverDay() async throws -> NutritionDaySnapshot? {
    try await server.client(zone: "America/New_York").nutritionDay(
      date: Self.today.isoDate, as: NutritionDaySnapshot.self
    ).data
  }

  /// Moves the clock on by `duration` and waits until every timer of the engine due by then has
  /// fired: a save it started is on its way to the server, not necessarily answered.
  func advance(by duration: Duration) async {
    await clock.advance(by: duration)
    for task in sync.timerTasks(dueBy: sync.elapsed()) { await task.value }
  }

  func mountToday() async {
    sync.show(Self.today)
    #expect(await untilReal { sync.status(of: Self.today) == .saved })
  }

  func removeSkyrAndSwapOats() {
    let key = Self.today.dayKey.rawValue
    #expect(throws: Never.self) {
      try sync.edit { edits throws(NutritionEditRefusal) in
        _ = try edits.setItemRemoved(dateKey: key, itemId: "it_skyr", removed: true)
        _ = try edits.setSwap(dateKey: key, itemId: "it_oats", optionId: "o_muesli")
      }
    }
  }

  @Test func editIsSavedAfterTheDebounceAndReadsBackTheSame() async throws {
    await mountToday()
    removeSkyrAndSwapOats()
    await advance(by: .milliseconds(599))
    #expect(sync.status(of: Self.today) == .pending)
    await advance(by: .milliseconds(1))
    #expect(await untilReal { sync.status(of: Self.today) == .saved })

    let local = sync.edits.collectDaySnapshot(Self.today.dayKey.rawValue)
    #expect(local.removed == ["2026-0-5__it_skyr": true])
    #expect(try await serverDay() == local)
    sync.stop()
    #expect(clock.sleeperCount == 0)
  }

  @Test func savedDayHydratesANewMount() async throws {
    await mountToday()
    removeSkyrAndSwapOats()
    await advance(by: NutritionSync.saveDebounce)
    #expect(await untilReal { sync.status(of: Self.today) == .saved })
    sync.stop()

    let next = NutritionSync(
      transport: HTTPNutritionDayTransport(client: server.client(zone: "America/New_York")),
      clock: clock
    ) { Self.today }
    next.show(Self.today)
    #expect(await untilReal { next.status(of: Self.today) == .saved })
    let key = Self.today.dayKey.rawValue
    #expect(next.edits.collectDaySnapshot(key) == sync.edits.collectDaySnapshot(key))
    next.stop()
  }

  @Test func editMadeWhileTheServerIsDownIsSavedWhenItIsReachableAgain() async throws {
    await mountToday()
    server.stop()
    removeSkyrAndSwapOats()
    await advance(by: NutritionSync.saveDebounce)
    #expect(await untilReal { sync.status(of: Self.today) == .offlineWillRetry })
    #expect(try server.store.nutritionDay(.init("2026-01-05")!, for: server.trainee) == nil)

    try server.restart()
    sync.networkBecameReachable()
    // NB: a pooled connection to the old server may fail once more as offline; the app calls
    // `networkBecameReachable()` again on the next reachability change, so the test does too.
    #expect(
      await untilReal {
        if sync.status(of: Self.today) == .offlineWillRetry { sync.networkBecameReachable() }
        return sync.status(of: Self.today) == .saved
      })
    let local = sync.edits.collectDaySnapshot(Self.today.dayKey.rawValue)
    #expect(try await serverDay() == local)
    sync.stop()
    #expect(clock.sleeperCount == 0)
  }

  @Test func serverRefusalIsAnHTTPErrorOfTheTransport() async throws {
    let transport = HTTPNutritionDayTransport(client: server.client(zone: "America/New_York"))
    await #expect(throws: NutritionDayTransportError.http(status: 400)) {
      try await transport.putDay(date: Self.today.adding(days: 1), snapshot: .empty)
    }
    let stopped = try closedPort()
    let offline = HTTPNutritionDayTransport(
      client: TraineeAPIClient(
        baseURL: URL(string: "http://127.0.0.1:\(stopped)")!, token: server.token))
    await #expect(throws: NutritionDayTransportError.offline) {
      _ = try await offline.getDay(date: Self.today)
    }
  }
}
