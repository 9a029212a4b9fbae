import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// `completeExercise`: the placeholder commit of `toggleSet` applied to every open set at once.
struct CompleteExerciseTests {
  @Test func commitsEveryOpenSetWithItsPlaceholders() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .weight, value: " 60 "),
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .rir, value: "2 "),
      ], to: &state)
    var expected = state
    expected.session!.exercises[0].done = true
    expected.session!.exercises[0].sets[0].weight = "57.5"
    expected.session!.exercises[0].sets[0].reps = "10"
    expected.session!.exercises[0].sets[1].weight = "60"
    expected.session!.exercises[0].sets[1].reps = "10"
    expected.session!.exercises[0].sets[1].rir = "2"
    expected.session!.exercises[0].sets[2].weight = "55"
    expected.session!.exercises[0].sets[2].reps = "8"
    for index in 0..<3 { expected.session!.exercises[0].sets[index].done = true }
    expected.session!.lastChecked = "ex_bench"

    let effects = state.applySession(
      .completeExercise(exerciseId: "ex_bench"), now: SampleWorkouts.laterAt)

    #expect(effects == [.exerciseCompleted(exerciseId: "ex_bench")])
    #expect(state == expected)
  }

  @Test func setsAlreadyDoneKeepTheirValues() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      SampleWorkouts.logSet("ex_row", 1, weight: "45", reps: "15"), to: &state)
    let checked = SampleWorkouts.set("ex_row", 1, in: state)

    SampleWorkouts.applySession([.completeExercise(exerciseId: "ex_row")], to: &state)

    #expect(SampleWorkouts.set("ex_row", 1, in: state) == checked)
    #expect(SampleWorkouts.set("ex_row", 2, in: state)?.weight == "50")
  }

  @Test func aDoneSetCorrectedToNoWeightIsNotRefilled() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .toggleSet(exerciseId: "ex_row", setNumber: 1),
        .setValue(exerciseId: "ex_row", setNumber: 1, field: .weight, value: ""),
      ], to: &state)

    SampleWorkouts.applySession([.completeExercise(exerciseId: "ex_row")], to: &state)

    #expect(SampleWorkouts.set("ex_row", 1, in: state)?.weight == "")
    #expect(SampleWorkouts.set("ex_row", 2, in: state)?.weight == "50")
  }

  @Test func onlyTheCompletedExerciseChanges() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [.setValue(exerciseId: "ex_row", setNumber: 1, field: .weight, value: " 40")], to: &state)
    let others = [state.session!.exercises[1], state.session!.exercises[2]]

    SampleWorkouts.applySession([.completeExercise(exerciseId: "ex_bench")], to: &state)

    #expect([state.session!.exercises[1], state.session!.exercises[2]] == others)
  }

  @Test func oneUnreadableValueRefusesTheWholeAction() {
    var state = SampleWorkouts.pushDayState(started: false)
    SampleWorkouts.applySession(
      [.setValue(exerciseId: "ex_bench", setNumber: 3, field: .reps, value: "8-10")], to: &state)
    let before = state

    let effects = state.applySession(
      .completeExercise(exerciseId: "ex_bench"), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.notAWholeNumber(field: .reps, value: "8-10"))])
    #expect(state == before)
  }

  @Test func aBadCardioValueRefusesTheWholeAction() {
    var state = SampleWorkouts.state([SampleWorkouts.cardioExercise(sets: 2)])
    SampleWorkouts.applySession(
      [.setValue(exerciseId: "ex_treadmill", setNumber: 2, field: .rpe, value: "11")], to: &state)
    let before = state

    let effects = state.applySession(
      .completeExercise(exerciseId: "ex_treadmill"), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.outOfRange(field: .rpe, value: "11"))])
    #expect(state == before)
  }

  @Test func aNewRecordAmongTheCommittedSetsIsCelebrated() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .weight, value: "85"),
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .reps, value: "5"),
      ], to: &state)

    let effects = state.applySession(
      .completeExercise(exerciseId: "ex_bench"), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .personalRecord(
          exerciseId: "ex_bench", setNumber: 2, weightKg: 85, reps: 5, estimatedOneRepMaxKg: 99.2),
        .exerciseCompleted(exerciseId: "ex_bench"),
      ])
    #expect(SampleWorkouts.recordSets("ex_bench", in: state) == [2])
  }

  @Test func aRecordAlreadyCelebratedIsNotCelebratedAgain() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      SampleWorkouts.logSet("ex_bench", 1, weight: "85", reps: "5"), to: &state)

    let effects = state.applySession(
      .completeExercise(exerciseId: "ex_bench"), now: SampleWorkouts.laterAt)

    #expect(effects == [.exerciseCompleted(exerciseId: "ex_bench")])
    #expect(SampleWorkouts.recordSets("ex_bench", in: state) == [1])
  }

  @Test func aCommittedSetThatBeatsTheCelebratedRecordIsCelebrated() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      SampleWorkouts.logSet("ex_bench", 1, weight: "85", reps: "5"), to: &state)
    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_bench", setNumber: 3, field: .weight, value: "90"),
        .setValue(exerciseId: "ex_bench", setNumber: 3, field: .reps, value: "5"),
      ], to: &state)

    let effects = state.applySession(
      .completeExercise(exerciseId: "ex_bench"), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .personalRecord(
          exerciseId: "ex_bench", setNumber: 3, weightKg: 90, reps: 5, estimatedOneRepMaxKg: 105),
        .exerciseCompleted(exerciseId: "ex_bench"),
      ])
    #expect(SampleWorkouts.recordSets("ex_bench", in: state) == [3])
  }

  @Test func completingADoneExerciseAgainChangesNothing() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession([.completeExercise(exerciseId: "ex_bench")], to: &state)
    let before = state

    let effects = state.applySession(
      .completeExercise(exerciseId: "ex_bench"), now: SampleWorkouts.muchLaterAt)

    #expect(effects == [])
    #expect(state == before)
  }

  @Test func completingStartsAnUnstartedSession() {
    var state = SampleWorkouts.pushDayState(started: false)

    SampleWorkouts.applySession([.completeExercise(exerciseId: "ex_row")], to: &state)

    #expect(state.session?.started == true)
    #expect(state.session?.startedAt == SampleWorkouts.laterAt)
  }

  @Test func completingAnExerciseWhoseSetsAreAllCheckedMarksItDone() {
    var session = SampleWorkouts.session([SampleWorkouts.seatedRow()])
    for index in 0..<2 {
      session.exercises[0].sets[index].weight = "50"
      session.exercises[0].sets[index].reps = "12"
      session.exercises[0].sets[index].done = true
    }
    var state = WorkoutState(session: session)
    var expected = state
    expected.session!.exercises[0].done = true
    expected.session!.lastChecked = "ex_row"

    let effects = state.applySession(
      .completeExercise(exerciseId: "ex_row"), now: SampleWorkouts.laterAt)

    #expect(effects == [.exerciseCompleted(exerciseId: "ex_row")])
    #expect(state == expected)
  }
}
