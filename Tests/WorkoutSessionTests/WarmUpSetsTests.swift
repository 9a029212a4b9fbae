import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// `addWarmUpSets`: the warm-up ladder put before an exercise's sets with one action.
struct WarmUpSetsTests {
  static let ladder = [WarmUpSet(weight: "20", reps: "10"), WarmUpSet(weight: "40", reps: "5")]

  @Test func warmUpsGoFirstAndTheExercisesSetsAreNumberedAfterThem() throws {
    var state = SampleWorkouts.pushDayState()
    let before = try #require(SampleWorkouts.exercise("ex_bench", in: state)).sets

    let effects = state.applySession(
      .addWarmUpSets(exerciseId: "ex_bench", sets: Self.ladder), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    let sets = try #require(SampleWorkouts.exercise("ex_bench", in: state)).sets
    #expect(sets.map(\.setNumber) == [1, 2] + before.map { $0.setNumber + 2 })
    #expect(sets.prefix(2).map(\.type) == [.warmup, .warmup])
    #expect(sets.prefix(2).map(\.weight) == ["20", "40"])
    #expect(sets.prefix(2).map(\.reps) == ["10", "5"])
    // No placeholders or targets of the working sets on a warm-up.
    #expect(sets.prefix(2).allSatisfy { $0.lastWeight.isEmpty && $0.targetRepsLabel.isEmpty })
    // The working sets are unchanged but for their numbers.
    #expect(Array(sets.dropFirst(2)).map(\.lastWeight) == before.map(\.lastWeight))
  }

  @Test(
    arguments: [
      (
        [WarmUpSet(weight: "4o", reps: "5")],
        ActionRefusal.notANumber(field: .weight, value: "4o")
      ),
      ([WarmUpSet(weight: "40", reps: "")], .notAWholeNumber(field: .reps, value: "")),
      ([], .tooManySets(exerciseId: "ex_bench", maximum: maximumSetsPerExercise)),
      (
        Array(repeating: WarmUpSet(weight: "20", reps: "5"), count: maximumSetsPerExercise),
        .tooManySets(exerciseId: "ex_bench", maximum: maximumSetsPerExercise)
      ),
    ])
  func badWarmUpsAreRefusedAndChangeNothing(sets: [WarmUpSet], refusal: ActionRefusal) {
    var state = SampleWorkouts.pushDayState()
    let before = state
    let effects = state.applySession(
      .addWarmUpSets(exerciseId: "ex_bench", sets: sets), now: SampleWorkouts.laterAt)
    #expect(effects == [.actionRefused(refusal)])
    #expect(state == before)
  }

  @Test func onceASetIsCheckedWarmUpsAreRefused() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_bench", setNumber: 1)], to: &state)
    let before = state
    let effects = state.applySession(
      .addWarmUpSets(exerciseId: "ex_bench", sets: Self.ladder), now: SampleWorkouts.laterAt)
    #expect(effects == [.actionRefused(.exerciseStarted(exerciseId: "ex_bench"))])
    #expect(state == before)
  }

  @Test func theActionRoundTripsThroughTheJournalsForm() throws {
    let action = WorkoutAction.addWarmUpSets(exerciseId: "ex_bench", sets: Self.ladder)
    let data = try JSONEncoder().encode(action)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"do\":\"addWarmUpSets\""))
    #expect(try JSONDecoder().decode(WorkoutAction.self, from: data) == action)
  }
}
