import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// `setValue`: raw strings on open sets, committed values on done sets.
struct SetValueTests {
  @Test func openSetsKeepTheRawStrings() {
    var state = SampleWorkouts.pushDayState()
    var expected = SampleWorkouts.set("ex_bench", 2, in: state)!
    expected.weight = " 60,5 "
    expected.reps = "8 "
    expected.rir = " 2-3"
    expected.rm = "7o"

    let effects = SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .weight, value: " 60,5 "),
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .reps, value: "8 "),
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .rir, value: " 2-3"),
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .rm, value: "7o"),
      ], to: &state)

    #expect(effects == [])
    #expect(SampleWorkouts.set("ex_bench", 2, in: state) == expected)
  }

  @Test(arguments: ["", "6", "60.", "abc", "  ", "-5"])
  func openWeightsAreKeptWhileTyping(value: String) {
    var state = SampleWorkouts.pushDayState()
    var expected = state
    expected.session!.exercises[0].sets[0].weight = value

    let effects = state.applySession(
      .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: value),
      now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state == expected)
  }

  @Test func cardioSetsKeepTheRawStrings() {
    var state = SampleWorkouts.pushDayState()
    var expected = SampleWorkouts.set("ex_treadmill", 1, in: state)!
    expected.duration = "20:0"
    expected.distance = " 5,2"
    expected.rpe = "hard"

    let effects = SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_treadmill", setNumber: 1, field: .duration, value: "20:0"),
        .setValue(exerciseId: "ex_treadmill", setNumber: 1, field: .distance, value: " 5,2"),
        .setValue(exerciseId: "ex_treadmill", setNumber: 1, field: .rpe, value: "hard"),
      ], to: &state)

    #expect(effects == [])
    #expect(SampleWorkouts.set("ex_treadmill", 1, in: state) == expected)
  }

  @Test(arguments: [
    ("ex_bench", SetField.duration), ("ex_bench", .distance), ("ex_bench", .rpe),
    ("ex_treadmill", .weight), ("ex_treadmill", .reps), ("ex_treadmill", .rir),
    ("ex_treadmill", .rm),
  ])
  func fieldsNotOfTheExercisesKindAreRefused(exerciseId: String, field: SetField) {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.applySession(
      .setValue(exerciseId: exerciseId, setNumber: 1, field: field, value: "5"),
      now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.fieldNotForExercise(field: field, exerciseId: exerciseId))])
    #expect(state == before)
  }

  @Test func valuesOfThirtyTwoCharactersAreKept() {
    var state = SampleWorkouts.pushDayState()
    let value = String(repeating: "r", count: 32)

    let effects = state.applySession(
      .setValue(exerciseId: "ex_bench", setNumber: 1, field: .rir, value: value),
      now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(SampleWorkouts.set("ex_bench", 1, in: state)?.rir == value)
  }

  @Test(arguments: [SetField.weight, .reps, .rir, .rm])
  func valuesLongerThanThirtyTwoCharactersAreRefused(field: SetField) {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.applySession(
      .setValue(
        exerciseId: "ex_bench", setNumber: 1, field: field,
        value: String(repeating: "9", count: 33)),
      now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.valueTooLong(field: field, maximum: 32))])
    #expect(state == before)
  }

  @Test func longValuesAreRefusedOnCardioSetsToo() {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.applySession(
      .setValue(
        exerciseId: "ex_treadmill", setNumber: 1, field: .duration,
        value: String(repeating: "1", count: 33)),
      now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.valueTooLong(field: .duration, maximum: 32))])
    #expect(state == before)
  }

  @Test func aDoneSetTakesATrimmedCorrection() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_bench", setNumber: 1)], to: &state)
    var expected = state
    expected.session!.exercises[0].sets[0].weight = "60,5"
    expected.session!.exercises[0].sets[0].rir = "2"

    let effects = SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: " 60,5 "),
        .setValue(exerciseId: "ex_bench", setNumber: 1, field: .rir, value: " 2 "),
      ], to: &state)

    #expect(effects == [])
    #expect(state == expected)
  }

  @Test(arguments: [
    (SetField.weight, "abc", ActionRefusal.notANumber(field: .weight, value: "abc")),
    (.weight, " 60kg ", .notANumber(field: .weight, value: "60kg")),
    (.weight, "2000.5", .outOfRange(field: .weight, value: "2000.5")),
    (.reps, "8.5", .notAWholeNumber(field: .reps, value: "8.5")),
    (.reps, "1001", .outOfRange(field: .reps, value: "1001")),
  ])
  func aDoneSetRefusesAValueThatIsNotValid(
    field: SetField, value: String, reason: ActionRefusal
  ) {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_bench", setNumber: 1)], to: &state)
    let before = state

    let effects = state.applySession(
      .setValue(exerciseId: "ex_bench", setNumber: 1, field: field, value: value),
      now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(reason)])
    #expect(state == before)
  }

  @Test func aDoneCardioSetRefusesABadDuration() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_treadmill", setNumber: 1)], to: &state)
    let before = state

    let effects = state.applySession(
      .setValue(exerciseId: "ex_treadmill", setNumber: 1, field: .duration, value: "1:5"),
      now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.notADuration(field: .duration, value: "1:5"))])
    #expect(state == before)
  }

  @Test func correctingADoneSetToARecordFlagsIt() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      SampleWorkouts.logSet("ex_bench", 1, weight: "80", reps: "5"), to: &state)
    #expect(SampleWorkouts.recordSets("ex_bench", in: state) == [])

    let effects = state.applySession(
      .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "85"),
      now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(SampleWorkouts.recordSets("ex_bench", in: state) == [1])
  }

  @Test func correctingARecordDownClearsTheFlag() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      SampleWorkouts.logSet("ex_bench", 1, weight: "85", reps: "5"), to: &state)
    #expect(SampleWorkouts.recordSets("ex_bench", in: state) == [1])

    let effects = state.applySession(
      .setValue(exerciseId: "ex_bench", setNumber: 1, field: .reps, value: "2"),
      now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(SampleWorkouts.recordSets("ex_bench", in: state) == [])
    #expect(SampleWorkouts.set("ex_bench", 1, in: state)?.reps == "2")
  }

  @Test func typingIntoAnOpenSetNeverFlagsARecord() {
    var state = SampleWorkouts.pushDayState()

    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "150"),
        .setValue(exerciseId: "ex_bench", setNumber: 1, field: .reps, value: "5"),
      ], to: &state)

    #expect(SampleWorkouts.recordSets("ex_bench", in: state) == [])
    #expect(SampleWorkouts.set("ex_bench", 1, in: state)?.done == false)
  }

  @Test func setValueDoesNotStartTheSession() {
    var state = SampleWorkouts.pushDayState(started: false)

    SampleWorkouts.applySession(
      [.setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "60")], to: &state)

    #expect(state.session?.started == false)
    #expect(state.session?.startedAt == nil)
  }

  /// A clock time is refused in every field that takes a number, with its own reason, and taken by
  /// the duration; a decimal number of minutes is a duration too
  /// (docs/decisions/the-live-workout.md "Workout engine", Actions).
  @Test(arguments: [
    (
      SetField.distance, "20:00",
      ActionRefusal?.some(.looksLikeATime(field: .distance, value: "20:00"))
    ),
    (.distance, " 1:05:00 ", .looksLikeATime(field: .distance, value: "1:05:00")),
    (.weight, "20:00", .looksLikeATime(field: .weight, value: "20:00")),
    (.reps, "8:00", .looksLikeATime(field: .reps, value: "8:00")),
    (.rpe, "7:30", .looksLikeATime(field: .rpe, value: "7:30")),
    (.distance, "12.5", nil),
    (.distance, "5,2", nil),
    (.duration, "20:00", nil),
    (.duration, "12.5", nil),
    (.duration, "5 km", .notADuration(field: .duration, value: "5 km")),
    (.distance, "5 km", .notANumber(field: .distance, value: "5 km")),
  ])
  func aTimeIsNotANumber(field: SetField, value: String, refusal: ActionRefusal?) {
    #expect(field.refusal(for: value) == refusal)
  }

  @Test func aDistanceTypedAsATimeRefusesTheCheck() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [.setValue(exerciseId: "ex_treadmill", setNumber: 1, field: .distance, value: "20:00")],
      to: &state)
    let before = state

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_treadmill", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.looksLikeATime(field: .distance, value: "20:00"))])
    #expect(state == before)
  }
}
