import Foundation
import Testing

@testable import RestTimer

/// The moment the rests in these tests start.
private let t0 = Date(timeIntervalSince1970: 1_767_225_600)
private let benchAlert = RestAlertContent(title: "Rest is over", body: "Next: Bench press")

/// The bench press rest that starts at `t0`, as the timer keeps it.
private func benchRest(endsAfter seconds: TimeInterval = 90, elapsed: Bool = false) -> RestClock {
  RestClock(
    startedAt: t0, endsAt: t0 + seconds, exerciseId: "ex_bench", exerciseName: "Bench press",
    alert: benchAlert, elapsed: elapsed)
}

/// A timer running the 90 s bench press rest started at `t0`.
private func restingTimer() -> RestTimer {
  RestTimer(clock: benchRest())
}

/// The rest after rows that starts `secondsIn` after `t0`.
private func rowRest(startingAfter secondsIn: TimeInterval) -> RestClock {
  RestClock(
    startedAt: t0 + secondsIn, endsAt: t0 + secondsIn + 60, exerciseId: "ex_row",
    exerciseName: "Row", alert: nil)
}

/// How an overdue rest is put away.
enum RestPutAway: String, CaseIterable, Sendable {
  case clear, stop, startAnother
}

/// A kill mid-rest and a relaunch `relaunchAfter` seconds after `t0`.
struct Relaunch: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let relaunchAfter: TimeInterval
  let effects: [RestEffect]
  let state: RestTimerState
}

/// The rest timer: one end time, everything else computed from it at the `now` passed in.
struct RestTimerTests {
  @Test func theConstantsAreTheSpecs() {
    #expect(restTickInterval == .milliseconds(250))
    #expect(restStepSeconds == 15)
    #expect(elapsedAlertGrace == 5)
    #expect(minimumRestLeft == 1)
  }

  @Test func startFromIdleStartsTheRest() {
    var timer = RestTimer()

    let effects = timer.start(
      seconds: 90, exerciseId: "ex_bench", exerciseName: "Bench press", alert: benchAlert, now: t0)

    #expect(effects == [.started(benchRest())])
    #expect(timer == restingTimer())
    #expect(
      timer.state(at: t0)
        == RestTimerState(
          running: true, remaining: 90, totalSeconds: 90, exerciseName: "Bench press"))
  }

  /// `(seconds after the start, remaining)` of a 90 s rest that was never synced.
  @Test(arguments: [
    (0.0, 90), (0.25, 90), (0.999, 90), (1, 89), (10, 80), (10.7, 80), (52.5, 38), (89.001, 1),
    (89.999, 1), (90, 0), (90.001, 0), (3600, 0),
  ])
  func remainingIsCeiledFromTheEndTimeAtAnyMoment(secondsIn: TimeInterval, remaining: Int) {
    let timer = restingTimer()

    #expect(
      timer.state(at: t0 + secondsIn)
        == RestTimerState(
          running: true, remaining: remaining, totalSeconds: 90, exerciseName: "Bench press"))
  }

  @Test func syncAtOddTimesAndAfterAJumpNeverCountsTicks() {
    var timer = restingTimer()
    var remaining: [Int] = []

    for secondsIn in [0.1, 0.37, 0.61, 10.61, 10.9, 44.2] {
      #expect(timer.sync(now: t0 + secondsIn) == [])
      remaining.append(timer.state(at: t0 + secondsIn).remaining)
    }

    #expect(remaining == [90, 90, 90, 80, 80, 46])
    #expect(timer == restingTimer())
  }

  @Test func progressIsRemainingOverTotal() {
    #expect(restingTimer().state(at: t0 + 45).progress == 0.5)
    #expect(RestTimerState.idle.progress == 0)
  }

  @Test func startReplacesTheRestBefore() {
    var timer = restingTimer()

    let effects = timer.start(
      seconds: 60, exerciseId: "ex_row", exerciseName: "Row", alert: nil, now: t0 + 40)

    #expect(effects == [.replaced(benchRest()), .started(rowRest(startingAfter: 40))])
    #expect(timer == RestTimer(clock: rowRest(startingAfter: 40)))
  }

  @Test(arguments: [0, -1, -90])
  func startWithoutSecondsStartsNothing(seconds: Int) {
    var idle = RestTimer()
    var resting = restingTimer()

    #expect(
      idle.start(seconds: seconds, exerciseId: "ex_row", exerciseName: "Row", alert: nil, now: t0)
        == [])
    #expect(
      resting.start(
        seconds: seconds, exerciseId: "ex_row", exerciseName: "Row", alert: nil, now: t0 + 10)
        == [])
    #expect(idle == RestTimer())
    #expect(resting == restingTimer())
  }

  /// `(delta, seconds after the start, new end after the start, remaining then)`.
  @Test(arguments: [
    (restStepSeconds, 10.0, 105.0, 95), (-restStepSeconds, 10, 75, 65),
    (restStepSeconds, 89.5, 105, 16), (-restStepSeconds, 85, 86, 1),
    (-restStepSeconds, 89.5, 90.5, 1),
    (-60, 30, 31, 1), (-restStepSeconds, 70, 75, 5),
  ])
  func adjustMovesTheEndButNeverLeavesLessThanOneSecond(
    delta: Int, secondsIn: TimeInterval, endsAfter: TimeInterval, remaining: Int
  ) {
    var timer = restingTimer()

    let effects = timer.adjust(by: delta, now: t0 + secondsIn)

    #expect(effects == [.adjusted(benchRest(endsAfter: endsAfter))])
    #expect(timer == RestTimer(clock: benchRest(endsAfter: endsAfter)))
    #expect(timer.state(at: t0 + secondsIn).remaining == remaining)
  }

  @Test func adjustByFifteenWithFiveSecondsLeftLeavesOneSecond() {
    var timer = restingTimer()

    _ = timer.adjust(by: -restStepSeconds, now: t0 + 85)

    #expect(
      timer.state(at: t0 + 85)
        == RestTimerState(
          running: true, remaining: 1, totalSeconds: 86, exerciseName: "Bench press"))
  }

  @Test func adjustThatChangesNothingReportsNothing() {
    var timer = restingTimer()

    #expect(timer.adjust(by: 0, now: t0 + 10) == [])
    #expect(timer.adjust(by: -restStepSeconds, now: t0 + 89) == [])
    #expect(timer == restingTimer())
  }

  @Test(arguments: [90.0, 90.2, 93, 600])
  func adjustAtOrAfterTheEndDoesNothing(secondsIn: TimeInterval) {
    var notSynced = restingTimer()
    var synced = restingTimer()
    _ = synced.sync(now: t0 + secondsIn)
    let ended = synced

    #expect(notSynced.adjust(by: restStepSeconds, now: t0 + secondsIn) == [])
    #expect(notSynced.adjust(by: -restStepSeconds, now: t0 + secondsIn) == [])
    #expect(synced.adjust(by: restStepSeconds, now: t0 + secondsIn) == [])
    #expect(notSynced == restingTimer())
    #expect(synced == ended)
  }

  @Test func adjustWithoutARestDoesNothing() {
    var timer = RestTimer()

    #expect(timer.adjust(by: restStepSeconds, now: t0) == [])
    #expect(timer == RestTimer())
  }

  @Test func stopSkipsTheRestAndClearsIt() {
    var timer = restingTimer()

    #expect(timer.stop() == [.skipped(benchRest())])
    #expect(timer == RestTimer())
    #expect(timer.state(at: t0 + 10) == .idle)
    #expect(timer.stop() == [])
  }

  @Test func clearPutsTheRestAway() {
    var timer = restingTimer()

    #expect(timer.clear() == [.cleared(benchRest())])
    #expect(timer == RestTimer())
    #expect(timer.state(at: t0 + 10) == .idle)
    #expect(timer.clear() == [])
  }

  @Test(arguments: [0.0, 45, 89.999])
  func syncBeforeTheEndDoesNothing(secondsIn: TimeInterval) {
    var timer = restingTimer()

    #expect(timer.sync(now: t0 + secondsIn) == [])
    #expect(timer == restingTimer())
    #expect(timer.isRunning)
  }

  @Test func syncAtTheEndMarksTheRestElapsedOnce() {
    var timer = restingTimer()

    #expect(timer.sync(now: t0 + 90) == [.ended(benchRest(elapsed: true), late: false)])
    #expect(timer.sync(now: t0 + 90.25) == [])
    #expect(timer.resume(now: t0 + 600) == [])
    #expect(timer == RestTimer(clock: benchRest(elapsed: true)))
    #expect(!timer.isRunning)
    #expect(timer.state(at: t0 + 90.25) == .idle)
  }

  @Test func anElapsedRestStaysAsOverdueAndCountsUp() {
    var timer = restingTimer()
    _ = timer.sync(now: t0 + 90)

    let overdue = [0, 0.9, 1, 42.5, 600].map { timer.clock?.overdueSeconds(at: t0 + 90 + $0) }

    #expect(overdue == [0, 0, 1, 42, 600])
    #expect(benchRest().overdueSeconds(at: t0 + 30) == 0)
    #expect(timer.clock?.endsAt == t0 + 90)
  }

  @Test(arguments: RestPutAway.allCases)
  func anOverdueRestLastsUntilClearedSkippedOrReplaced(_ putAway: RestPutAway) {
    var timer = restingTimer()
    _ = timer.sync(now: t0 + 91)
    #expect(timer.sync(now: t0 + 300) == [])
    #expect(timer.clock == benchRest(elapsed: true))

    let effects: [RestEffect]
    switch putAway {
    case .clear:
      effects = timer.clear()
      #expect(effects == [.cleared(benchRest(elapsed: true))])
      #expect(timer == RestTimer())
    case .stop:
      effects = timer.stop()
      #expect(effects == [.skipped(benchRest(elapsed: true))])
      #expect(timer == RestTimer())
    case .startAnother:
      effects = timer.start(
        seconds: 60, exerciseId: "ex_row", exerciseName: "Row", alert: nil, now: t0 + 300)
      #expect(
        effects == [.replaced(benchRest(elapsed: true)), .started(rowRest(startingAfter: 300))])
      #expect(timer == RestTimer(clock: rowRest(startingAfter: 300)))
    }
  }

  /// `(seconds after the end when the app looks, late)`: exactly the grace is not late.
  @Test(arguments: [
    (0.0, false), (0.25, false), (4.999, false), (5, false), (5.001, true), (60, true),
  ])
  func theEndIsLateOnlyBeyondTheGrace(secondsAfterEnd: TimeInterval, late: Bool) {
    var timer = restingTimer()

    #expect(
      timer.sync(now: t0 + 90 + secondsAfterEnd) == [.ended(benchRest(elapsed: true), late: late)])
  }

  @Test func resumeMidRestRebuildsTheRunningState() {
    var timer = restingTimer()

    #expect(timer.resume(now: t0 + 30.5) == [])
    #expect(
      timer.state(at: t0 + 30.5)
        == RestTimerState(
          running: true, remaining: 60, totalSeconds: 90, exerciseName: "Bench press"))
  }

  @Test func resumeAfterALongBackgroundEndsTheRestLate() {
    var timer = restingTimer()

    #expect(timer.resume(now: t0 + 90 + 3600) == [.ended(benchRest(elapsed: true), late: true)])
    #expect(timer.state(at: t0 + 90 + 3600) == .idle)
    #expect(timer.clock?.overdueSeconds(at: t0 + 90 + 3600) == 3600)
  }

  @Test(arguments: [
    RestTimer(), restingTimer(), RestTimer(clock: benchRest(endsAfter: 105, elapsed: true)),
    RestTimer(clock: rowRest(startingAfter: 12.5)),
  ])
  func theTimerRoundTripsThroughJSON(_ timer: RestTimer) throws {
    let data = try JSONEncoder().encode(timer)

    #expect(try JSONDecoder().decode(RestTimer.self, from: data) == timer)
  }

  static let relaunches = [
    Relaunch(
      testDescription: "mid rest", relaunchAfter: 40, effects: [],
      state: RestTimerState(
        running: true, remaining: 65, totalSeconds: 105, exerciseName: "Bench press")),
    Relaunch(
      testDescription: "within the grace after the end", relaunchAfter: 107,
      effects: [.ended(benchRest(endsAfter: 105, elapsed: true), late: false)], state: .idle),
    Relaunch(
      testDescription: "long after the end", relaunchAfter: 4000,
      effects: [.ended(benchRest(endsAfter: 105, elapsed: true), late: true)], state: .idle),
  ]

  @Test(arguments: relaunches)
  func aKilledRestIsRebuiltFromItsPersistedEnd(_ relaunch: Relaunch) throws {
    var timer = restingTimer()
    _ = timer.adjust(by: restStepSeconds, now: t0 + 20)
    let persisted = try JSONEncoder().encode(timer)

    var relaunched = try JSONDecoder().decode(RestTimer.self, from: persisted)
    let effects = relaunched.resume(now: t0 + relaunch.relaunchAfter)

    #expect(effects == relaunch.effects)
    #expect(relaunched.state(at: t0 + relaunch.relaunchAfter) == relaunch.state)
  }
}
