import Foundation
import PerformTestSupport
import Testing

@testable import NutritionLog

/// A mounted sync engine on a manual clock and a fake server, with today 5 January 2026.
@MainActor
final class NutritionSyncHarness {
  static let today = Wall.day("2026-01-05")
  static let yesterday = Wall.day("2026-01-04")
  static let tomorrow = Wall.day("2026-01-06")

  let clock = ManualClock()
  let transport: FakeDayTransport
  let sync: NutritionSync
  private let todayBox = TodayBox()

  /// The device's day the engine reads; 5 January 2026 until a test moves it.
  var today: CalendarDay {
    get { todayBox.day }
    set { todayBox.day = newValue }
  }

  init(
    edits: NutritionEdits = NutritionEdits(),
    serverDays: [CalendarDay: NutritionDaySnapshot] = [:]
  ) {
    let clock = clock
    transport = FakeDayTransport(days: serverDays, now: { clock.now.offset })
    let todayBox = todayBox
    sync = NutritionSync(edits: edits, transport: transport, clock: clock) { todayBox.day }
  }

  /// Shows `date` and waits until its fetch has ended (loaded or waiting to retry).
  func show(_ date: CalendarDay) async {
    sync.show(date)
    #expect(await eventuallyOnMain { sync.status(of: date) != .loading })
  }

  /// Removes plan item `itemId` on `date` (or puts it back).
  func remove(_ itemId: String, on date: CalendarDay = today, _ removed: Bool = true) {
    #expect(throws: Never.self) {
      try sync.edit { edits throws(NutritionEditRefusal) in
        try edits.setItemRemoved(dateKey: date.dayKey.rawValue, itemId: itemId, removed: removed)
      }
    }
  }

  /// Swaps plan item `itemId` on `date` to `optionId`.
  func swap(_ itemId: String, to optionId: String, on date: CalendarDay = today) {
    #expect(throws: Never.self) {
      try sync.edit { edits throws(NutritionEditRefusal) in
        try edits.setSwap(dateKey: date.dayKey.rawValue, itemId: itemId, optionId: optionId)
      }
    }
  }

  /// Moves the clock on by `milliseconds` and lets the work it woke run.
  func advance(_ milliseconds: Int) async {
    await clock.advance(by: .milliseconds(milliseconds))
    await settle()
  }

  /// Lets the engine's tasks and the fake server run until they wait again (a bounded loop).
  func settle() async {
    for _ in 0..<200 { await Task.yield() }
  }

  /// The PUTs the server received.
  var puts: [RecordedPut] {
    get async { await transport.puts }
  }

  /// Waits until the server received `count` PUTs.
  func untilPuts(_ count: Int) async -> [RecordedPut] {
    _ = await eventuallyOnMain { await transport.puts.count >= count }
    await settle()
    return await transport.puts
  }

  /// The store's snapshot of `date`.
  func snapshot(_ date: CalendarDay = today) -> NutritionDaySnapshot {
    sync.edits.collectDaySnapshot(date.dayKey.rawValue)
  }

  /// Stops the mount and checks that nothing is left sleeping on the clock.
  func stop() async {
    sync.stop()
    await settle()
    #expect(clock.sleeperCount == 0)
  }
}

/// The device's day, shared between a harness and its engine.
@MainActor
final class TodayBox {
  var day = NutritionSyncHarness.today
}

/// A day with plan items removed (`removed` true for each id) and swaps, keyed for `date`.
func daySnapshot(
  _ date: CalendarDay, removed: [String] = [], swaps: [String: String] = [:]
) -> NutritionDaySnapshot {
  NutritionDaySnapshot(
    swaps: Dictionary(uniqueKeysWithValues: swaps.map { (eatenKey(date.dayKey, $0), $1) }),
    removed: Dictionary(uniqueKeysWithValues: removed.map { (eatenKey(date.dayKey, $0), true) }))
}

/// `eventually` for a condition on main-actor state: yields until `condition` holds, at most
/// `limit` times, and returns whether it held.
@MainActor
func eventuallyOnMain(limit: Int = 10_000, _ condition: () async -> Bool) async -> Bool {
  for _ in 0..<limit {
    if await condition() { return true }
    await Task.yield()
  }
  return await condition()
}
