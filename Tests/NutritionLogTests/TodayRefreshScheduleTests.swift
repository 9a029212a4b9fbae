import Foundation
import PerformTestSupport
import Testing

@testable import NutritionLog

/// One call of the refresh: when it ran and the today it saw.
struct TodayRefreshRun: Equatable, Sendable {
  var at: Date
  var today: CalendarDay
}

/// What the refresh loop did, and the zone it reads: shared with the task that runs it.
final class TodayRefreshRecorder: @unchecked Sendable {
  // @unchecked: every stored property is only touched under `lock`.
  private let lock = NSLock()
  private var recorded: [TodayRefreshRun] = []
  private var zone: NutritionCalendar

  init(zone: NutritionCalendar) { self.zone = zone }

  var runs: [TodayRefreshRun] { lock.withLock { recorded } }
  var calendar: NutritionCalendar {
    get { lock.withLock { zone } }
    set { lock.withLock { zone = newValue } }
  }

  func record(_ now: Date, _ calendar: NutritionCalendar) {
    lock.withLock { recorded.append(TodayRefreshRun(at: now, today: calendar.day(of: now))) }
  }
}

/// `keepTodayCurrent` on a manual clock: it refreshes at once, then at each scheduled instant.
struct TodayRefreshScheduleTests {
  /// Starts the loop at wall-clock `start` and waits until it sleeps.
  private func start(
    at start: Date, clock: ManualClock, recorder: TodayRefreshRecorder,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Task<Void, Never> {
    let task = Task {
      await keepTodayCurrent(
        clock: clock, now: { start + clock.now.offset.timeInterval },
        calendar: { recorder.calendar }, refresh: { recorder.record($0, $1) })
    }
    #expect(await clock.untilSleepers(1), sourceLocation: sourceLocation)
    return task
  }

  /// Moves `clock` on, then waits until the loop sleeps again before the test goes on: at once
  /// when the advance did not reach its wake, else once it has refreshed (the loop is the clock's
  /// only sleeper, and the advance took it off). Every advance ends on a refresh instant or before
  /// one and reaches at most one, so the loop reads the instant it slept to.
  private func advance(
    _ clock: ManualClock, by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await clock.advance(by: duration)
    #expect(await clock.untilSleepers(1), sourceLocation: sourceLocation)
  }

  /// Cancels the loop and checks that nothing is left sleeping.
  private func stop(_ task: Task<Void, Never>, clock: ManualClock) async {
    task.cancel()
    await task.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func refreshesAtMidnightAndFiveAcrossTheShortNightInBerlin() async {
    let clock = ManualClock()
    let recorder = TodayRefreshRecorder(zone: Wall.berlin)
    let task = await start(at: Wall.at("2026-03-28T22:30:00Z"), clock: clock, recorder: recorder)
    await advance(clock, by: .milliseconds(30 * 60_000 + 249))
    #expect(recorder.runs.map(\.at) == [Wall.at("2026-03-28T22:30:00Z")])
    await advance(clock, by: .milliseconds(1))
    // Midnight CET to 05:00 CEST is four hours (the night skips one), then nineteen to midnight.
    await advance(clock, by: .seconds(4 * 3600) - .milliseconds(1))
    #expect(recorder.runs.count == 2)
    await advance(clock, by: .milliseconds(1))
    await advance(clock, by: .seconds(19 * 3600))
    #expect(
      recorder.runs == [
        TodayRefreshRun(at: Wall.at("2026-03-28T22:30:00Z"), today: Wall.day("2026-03-28")),
        TodayRefreshRun(at: Wall.at("2026-03-28T23:00:00.250Z"), today: Wall.day("2026-03-29")),
        TodayRefreshRun(at: Wall.at("2026-03-29T03:00:00.250Z"), today: Wall.day("2026-03-29")),
        TodayRefreshRun(at: Wall.at("2026-03-29T22:00:00.250Z"), today: Wall.day("2026-03-30")),
      ])
    await stop(task, clock: clock)
  }

  @Test func refreshesAtFiveAfterTheLongNightInNewYork() async {
    let clock = ManualClock()
    let recorder = TodayRefreshRecorder(zone: Wall.newYork)
    let task = await start(
      at: Wall.at("2026-11-01T04:00:00.250Z"), clock: clock, recorder: recorder)
    // Midnight EDT to 05:00 EST is six hours.
    await advance(clock, by: .seconds(6 * 3600) - .milliseconds(1))
    #expect(recorder.runs.count == 1)
    await advance(clock, by: .milliseconds(1))
    #expect(
      recorder.runs == [
        TodayRefreshRun(at: Wall.at("2026-11-01T04:00:00.250Z"), today: Wall.day("2026-11-01")),
        TodayRefreshRun(at: Wall.at("2026-11-01T10:00:00.250Z"), today: Wall.day("2026-11-01")),
      ])
    await stop(task, clock: clock)
  }

  @Test func aNewZoneCountsFromTheNextRefresh() async {
    let clock = ManualClock()
    let recorder = TodayRefreshRecorder(zone: Wall.berlin)
    let task = await start(at: Wall.at("2026-01-05T22:30:00Z"), clock: clock, recorder: recorder)
    recorder.calendar = Wall.newYork
    await advance(clock, by: .milliseconds(30 * 60_000 + 250))
    // At Berlin's midnight New York is at 18:00; its own midnight is next.
    await advance(clock, by: .seconds(6 * 3600))
    #expect(
      recorder.runs == [
        TodayRefreshRun(at: Wall.at("2026-01-05T22:30:00Z"), today: Wall.day("2026-01-05")),
        TodayRefreshRun(at: Wall.at("2026-01-05T23:00:00.250Z"), today: Wall.day("2026-01-05")),
        TodayRefreshRun(at: Wall.at("2026-01-06T05:00:00.250Z"), today: Wall.day("2026-01-06")),
      ])
    await stop(task, clock: clock)
  }

  @Test func waitsAreRoundedUpToTheMillisecondAndNeverNegative() {
    #expect(todayRefreshWait(1800.25) == .milliseconds(1_800_250))
    #expect(todayRefreshWait(0.0001) == .milliseconds(1))
    #expect(todayRefreshWait(-5) == .zero)
  }
}
