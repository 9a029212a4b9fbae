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

  @Test func theRestEndsOnTheTickAtItsEndAndTheTickerStops() async {
    let clock = ManualClock()
    let recorder = EffectRecorder()
    let store = Self.store(clock: clock, recorder: recorder)
    store.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1))
    let ticker = Task { await store.tickWhileResting(on: clock) }
    await clock.advance(by: .zero)

    await clock.advance(by: .seconds(89))
    #expect(store.state.rest.clock?.elapsed == false)
    #expect(store.state.rest.state(at: Self.base + 89).remaining == 1)
    #expect(!recorder.names.contains("restEnded"))

    await clock.advance(by: .seconds(1))
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
    let ticker = Task { await store.tickWhileResting(on: clock) }
    await clock.advance(by: .seconds(10))

    store.send(.skipRest)
    await clock.advance(by: .milliseconds(250))
    await ticker.value

    #expect(store.state.rest.clock == nil)
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingTheTickerLeavesNothingSleeping() async {
    let clock = ManualClock()
    let store = Self.store(clock: clock, recorder: EffectRecorder())
    store.send(.toggleSet(exerciseId: "ex_bench", setNumber: 1))
    let ticker = Task { await store.tickWhileResting(on: clock) }
    await clock.advance(by: .seconds(5))

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
