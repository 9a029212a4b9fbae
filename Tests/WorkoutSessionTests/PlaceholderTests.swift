import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The spec's `computePlaceholders`: last time's weight and reps of every strength set.
struct PlaceholderTests {
  @Test func placeholdersAreKeyedByExerciseAndSetNumber() {
    let exercises = SampleWorkouts.pushDayState().session!.exercises

    #expect(
      computePlaceholders(exercises) == [
        "ex_bench:1": Placeholder(weight: "57.5", reps: "10"),
        "ex_bench:2": Placeholder(weight: "57.5", reps: "10"),
        "ex_bench:3": Placeholder(weight: "55", reps: "8"),
        "ex_row:1": Placeholder(weight: "50", reps: "12"),
        "ex_row:2": Placeholder(weight: "50", reps: "12"),
      ])
  }

  @Test func placeholdersFollowSwapsAndAddedSets() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .substitute(exerciseId: "ex_bench", option: "ex_machine_press"),
        .removeSet(exerciseId: "ex_machine_press", setNumber: 2),
        .removeSet(exerciseId: "ex_machine_press", setNumber: 3),
        .addSet(exerciseId: "ex_row"),
      ], to: &state)

    #expect(
      computePlaceholders(state.session!.exercises) == [
        "ex_machine_press:1": Placeholder(weight: "", reps: ""),
        "ex_row:1": Placeholder(weight: "50", reps: "12"),
        "ex_row:2": Placeholder(weight: "50", reps: "12"),
        "ex_row:3": Placeholder(weight: "50", reps: "12"),
      ])
  }

  @Test func placeholdersDoNotChangeWithTypedValues() {
    var state = SampleWorkouts.pushDayState()
    let before = computePlaceholders(state.session!.exercises)

    SampleWorkouts.applySession(
      SampleWorkouts.logSet("ex_row", 1, weight: "70", reps: "6"), to: &state)

    #expect(computePlaceholders(state.session!.exercises) == before)
  }
}
