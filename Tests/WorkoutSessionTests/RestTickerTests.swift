import Foundation
import PerformTestSupport
import RestTimer
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The 250 ms ticks that notice a rest's end, driven by a manual clock.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct RestTickerTests {
  private nonisolated static let base = Date(timeIntervalSince1970: 1_767_607_200)  // 10:00Z

  private static func day() -> LiveWorkout {
    LiveWorkout(
      dayId: "day_push", programId: "plan_1",
      exercises: [
        WorkoutExercise(
          id: "row_1", exerciseId: "ex_bench", name: "Bench press", restSeconds: 90,
          sets: [
            ExerciseSet(setNumber: 1, lastWeight: "60", lastReps: "8"), ExerciseSet(setNumber: 2),
          ])
      ])
  }

  private static func store(clock: ManualClock, recorder: EffectRecorder) -> WorkoutStore {
    let store = WorkoutStore(
      journal: nil, now: { base + Double(clock.now.offset.components.seconds) },
      performer: recorder)
    store.send(.start(day(), units: .metric))
    store.send(.begin)
    return store
  }

  /// Starts the ticker and waits until it sleeps, its grid starting at the clock's time.
  private static func startTicker(
    _ store: WorkoutStore, on clock: ManualClock, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Task<Void, Never> {
    let ticker = Task { await store.tickWhileResting(on: clock) }
    #expect(await clock.untilSleepers(1), sourceLocation: sourceLocation)
    return ticker
  }

  /// Moves `clock` on by `duration`, a whole number of ticks, one tick at a time, waiting after
  /// each until the ticker sleeps again (it is the clock's only sleeper, and the advance took it
  /// off): every tick runs at its own instant and is over before the clock moves on.
  private static func tick(
    _ clock: ManualClock, for duration: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let ticks = Int(duration / restTickInterval)
    #expect(restTickInterval * ticks == duration, sourceLocation: sourceLocation)
    for _ in 0..<ticks {
      await clock.advance(by: restTickInterval)
      guard await clock.untilSleepers(1) else {
        Issue.record("the ticker did not sleep again", sourceLocation: sourceLocation)
        return
      }
    }
  }

  @Test func theRestEndsOnTheTickAtItsEndAndTheTickerStops() async {
    let clock = ManualClock()
    let recorder = EffectRecorder()
    let store = Self.store(clock: clock, recorder: recorder)
    store.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1))
    let ticker = await Self.startTicker(store, on: clock)

    await Self.tick(clock, for: .seconds(89))
    #expect(store.state.rest.clock?.elapsed == false)
    #expect(store.state.rest.state(at: Self.base + 89).remaining == 1)
    #expect(!recorder.names.contains("restEnded"))

    // The ticks at 89.25, 89.5 and 89.75 s leave the rest running; the one at 90 s ends it.
    await Self.tick(clock, for: .milliseconds(750))
    await clock.advance(by: restTickInterval)
    await ticker.value

    let ended = recorder.effects.compactMap { effect -> Bool? in
      if case .rest(.ended(_, let late)) = effect { return late }
      return nil
    }
    #expect(ended == [false])
    #expect(store.state.rest.clock?.elapsed == true)
    #expect(clock.sleeperCount == 0)
  }

  @Test func skippingStopsTheTickerWithNothingLeftSleeping() async {
    let clock = ManualClock()
    let recorder = EffectRecorder()
    let store = Self.store(clock: clock, recorder: recorder)
    store.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1))
    let ticker = await Self.startTicker(store, on: clock)
    await Self.tick(clock, for: .seconds(10))

    store.send(.skipRest)
    await clock.advance(by: restTickInterval)
    await ticker.value

    #expect(store.state.rest.clock == nil)
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingTheTickerLeavesNothingSleeping() async {
    let clock = ManualClock()
    let store = Self.store(clock: clock, recorder: EffectRecorder())
    store.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1))
    let ticker = await Self.startTicker(store, on: clock)
    await Self.tick(clock, for: .seconds(5))

    ticker.cancel()
    await ticker.value

    #expect(clock.sleeperCount == 0)
    #expect(store.state.rest.isRunning)
  }

  @Test func withoutARestTheTickerReturnsAtOnce() async {
    let clock = ManualClock()
    let store = Self.store(clock: clock, recorder: EffectRecorder())

    await store.tickWhileResting(on: clock)

    #expect(clock.sleeperCount == 0)
  }
}

@MainActor
private final class EffectRecorder: WorkoutEffectPerformer {
  var effects: [WorkoutEffect] = []
  var names: [String] { effects.map(\.name) }

  func perform(_ effects: [WorkoutEffect], after action: WorkoutAction, in state: WorkoutState) {
    self.effects += effects
  }

  func restored(_ state: WorkoutState) {}
}
