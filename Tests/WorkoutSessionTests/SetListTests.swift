import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// `addSet` and `removeSet`: growing and shrinking an exercise's list of sets.
struct SetListTests {
  @Test func anAddedSetCopiesTheLastSetButNotItsDoneOrRecord() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [.setValue(exerciseId: "ex_bench", setNumber: 3, field: .rir, value: "1")]
        + SampleWorkouts.logSet("ex_bench", 3, weight: "85", reps: "5"), to: &state)
    let last = SampleWorkouts.set("ex_bench", 3, in: state)!
    #expect(last.isPr && last.done)
    var added = last
    added.setNumber = 4
    added.done = false
    added.isPr = false
    var expected = state
    expected.session!.exercises[0].sets.append(added)

    let effects = state.applySession(.addSet(exerciseId: "ex_bench"), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state == expected)
  }

  @Test func anAddedSetIsNumberedAfterTheHighestNumber() {
    var state = SampleWorkouts.pushDayState()

    SampleWorkouts.applySession(
      [
        .removeSet(exerciseId: "ex_bench", setNumber: 2),
        .addSet(exerciseId: "ex_bench"),
        .removeSet(exerciseId: "ex_bench", setNumber: 1),
        .addSet(exerciseId: "ex_bench"),
      ], to: &state)

    #expect(SampleWorkouts.exercise("ex_bench", in: state)?.sets.map(\.setNumber) == [3, 4, 5])
  }

  @Test func anAddedSetKeepsTheLastSetsTypeTargetsAndPlaceholders() {
    var state = SampleWorkouts.pushDayState()
    state.session!.exercises[0].sets[2].type = .drop

    SampleWorkouts.applySession([.addSet(exerciseId: "ex_bench")], to: &state)

    var expected = SampleWorkouts.set("ex_bench", 3, in: state)!
    expected.setNumber = 4
    #expect(SampleWorkouts.set("ex_bench", 4, in: state) == expected)
    #expect(expected.type == .drop)
    #expect(expected.lastWeight == "55")
  }

  @Test func addingASetReopensADoneExercise() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession([.completeExercise(exerciseId: "ex_bench")], to: &state)

    SampleWorkouts.applySession([.addSet(exerciseId: "ex_bench")], to: &state)

    #expect(SampleWorkouts.exercise("ex_bench", in: state)?.done == false)
    #expect(nextExercise(state.session)?.exerciseId == "ex_bench")
  }

  @Test func anExerciseTakesUpToThirtySets() {
    var state = SampleWorkouts.state([
      SampleWorkouts.strengthExercise(sets: SampleWorkouts.workingSets(29))
    ])

    let effects = state.applySession(.addSet(exerciseId: "ex_lift"), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(SampleWorkouts.exercise("ex_lift", in: state)?.sets.count == 30)
  }

  @Test func addingAThirtyFirstSetIsRefused() {
    var state = SampleWorkouts.state([
      SampleWorkouts.strengthExercise(sets: SampleWorkouts.workingSets(30))
    ])
    let before = state

    let effects = state.applySession(.addSet(exerciseId: "ex_lift"), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.tooManySets(exerciseId: "ex_lift", maximum: 30))])
    #expect(state == before)
  }

  @Test func removingASetKeepsTheOtherNumbers() {
    var state = SampleWorkouts.pushDayState()
    var expected = state
    expected.session!.exercises[0].sets.remove(at: 1)

    let effects = state.applySession(
      .removeSet(exerciseId: "ex_bench", setNumber: 2), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state == expected)
    #expect(SampleWorkouts.exercise("ex_bench", in: state)?.sets.map(\.setNumber) == [1, 3])
  }

  @Test func theLastSetIsNeverRemoved() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .removeSet(exerciseId: "ex_row", setNumber: 1)
      ], to: &state)
    let before = state

    let effects = state.applySession(
      .removeSet(exerciseId: "ex_row", setNumber: 2), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.lastSet(exerciseId: "ex_row"))])
    #expect(state == before)
  }

  @Test func removingTheOnlyOpenSetCompletesTheExercise() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .toggleSet(exerciseId: "ex_bench", setNumber: 1),
        .toggleSet(exerciseId: "ex_bench", setNumber: 3),
      ], to: &state)

    let effects = state.applySession(
      .removeSet(exerciseId: "ex_bench", setNumber: 2), now: SampleWorkouts.laterAt)

    #expect(effects == [.exerciseCompleted(exerciseId: "ex_bench")])
    #expect(SampleWorkouts.exercise("ex_bench", in: state)?.done == true)
  }

  @Test func removingASetWhileOthersAreOpenLeavesTheExerciseOpen() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_bench", setNumber: 1)], to: &state)

    let effects = state.applySession(
      .removeSet(exerciseId: "ex_bench", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(SampleWorkouts.exercise("ex_bench", in: state)?.done == false)
  }

  @Test func removingASetOfADoneExerciseKeepsItDone() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession([.completeExercise(exerciseId: "ex_bench")], to: &state)
    var expected = state
    expected.session!.exercises[0].sets.remove(at: 2)

    let effects = state.applySession(
      .removeSet(exerciseId: "ex_bench", setNumber: 3), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state == expected)
  }
}
