import Foundation
import PerformTestSupport
import Testing
import TraineeAPI

@testable import NutritionLog

/// A mounted sync engine on a manual clock and a fake server, with today 5 January 2026.
///
/// It waits for exactly the work a test caused (the engine's due timers and running calls, the
/// server's held calls), never by yielding a number of times.
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
  func show(_ date: CalendarDay, sourceLocation: SourceLocation = #_sourceLocation) async {
    sync.show(date)
    await settle()
    #expect(sync.status(of: date) != .loading, sourceLocation: sourceLocation)
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

  /// Moves the clock on by `milliseconds`, stopping at every deadline of the engine's timers on
  /// the way. At each, it waits until every timer due has fired and the calls they started have
  /// ended, so what a timer does happens at its own deadline and is over when this returns.
  func advance(_ milliseconds: Int) async {
    let target = clock.now.offset + .milliseconds(milliseconds)
    while let next = sync.nextTimerDeadline, next <= target {
      // NB: a timer's task reaches the clock on its own thread: one already sleeping is woken by
      // the advance, one arriving later sees `now` at `next` and returns at once (ManualClock
      // moves the time and picks the sleepers in one step). So every due task ends, and with it
      // everything due by `next`.
      await clock.advance(by: max(.zero, next - clock.now.offset))
      for task in sync.timerTasks(dueBy: next) { await task.value }
      await settle()
    }
    await clock.advance(by: target - clock.now.offset)
  }

  /// Waits until every fetch and save the engine started has ended and its answer was taken in,
  /// except the calls the server holds open (or was asked to).
  func settle() async {
    await sync.untilCallsRunning(atMost: await transport.holds)
  }

  /// The PUTs the server received.
  var puts: [RecordedPut] {
    get async { await transport.puts }
  }

  /// The PUTs the server received once the engine has settled; there must be `count` at least.
  func untilPuts(
    _ count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> [RecordedPut] {
    await settle()
    let puts = await transport.puts
    #expect(puts.count >= count, sourceLocation: sourceLocation)
    return puts
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
