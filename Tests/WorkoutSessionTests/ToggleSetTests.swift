import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// `toggleSet`: checking commits one row, unchecking reopens it; the effects that follow.
struct ToggleSetTests {
  @Test func checkingAnEmptySetCommitsItsPlaceholders() {
    var state = SampleWorkouts.pushDayState()
    // Last time's values, shown greyed in the empty fields: what checking the set commits.
    state.session!.exercises[0].sets[0].lastWeight = "57.5"
    state.session!.exercises[0].sets[0].lastReps = "10"
    #expect(state.session!.exercises[0].sets[0].weight.isEmpty)
    #expect(state.session!.exercises[0].sets[0].reps.isEmpty)
    var expected = state
    expected.session!.exercises[0].sets[0].weight = "57.5"
    expected.session!.exercises[0].sets[0].reps = "10"
    expected.session!.exercises[0].sets[0].done = true
    expected.session!.lastChecked = "ex_bench"

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_bench", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .restStarted(seconds: 90, exerciseId: "ex_bench", exerciseName: "Bench press", setNumber: 1)
      ])
    #expect(state == expected)
  }

  @Test func checkingTrimsWhatWasTyped() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .weight, value: " 60 "),
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .reps, value: " 8"),
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .rir, value: " 2 "),
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .rm, value: "  "),
      ], to: &state)
    var expected = SampleWorkouts.set("ex_bench", 2, in: state)!
    expected.weight = "60"
    expected.reps = "8"
    expected.rir = "2"
    expected.rm = ""
    expected.done = true

    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_bench", setNumber: 2)], to: &state)

    #expect(SampleWorkouts.set("ex_bench", 2, in: state) == expected)
  }

  @Test func aBlankWeightTakesThePlaceholderAndTypedRepsStay() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_bench", setNumber: 3, field: .weight, value: "   "),
        .setValue(exerciseId: "ex_bench", setNumber: 3, field: .reps, value: "6"),
        .toggleSet(exerciseId: "ex_bench", setNumber: 3),
      ], to: &state)

    let set = SampleWorkouts.set("ex_bench", 3, in: state)
    #expect(set?.weight == "55")
    #expect(set?.reps == "6")
    #expect(set?.done == true)
  }

  @Test func aSetWithoutPlaceholdersIsCheckedEmpty() {
    var state = SampleWorkouts.state([
      SampleWorkouts.strengthExercise(exerciseId: "ex_pullup", sets: SampleWorkouts.workingSets(2))
    ])
    var expected = state
    expected.session!.exercises[0].sets[0].done = true
    expected.session!.lastChecked = "ex_pullup"

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_pullup", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state == expected)
  }

  @Test func checkingFillsOnlyTheCheckedRow() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .weight, value: " 62 "),
        .setValue(exerciseId: "ex_bench", setNumber: 2, field: .rir, value: "1 "),
      ], to: &state)
    let otherRows = state.session!.exercises[0].sets[1...]
    let otherExercises = state.session!.exercises[1...]

    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_bench", setNumber: 1)], to: &state)

    #expect(state.session!.exercises[0].sets[1...] == otherRows)
    #expect(state.session!.exercises[1...] == otherExercises)
    #expect(SampleWorkouts.set("ex_bench", 2, in: state)?.weight == " 62 ")
    #expect(SampleWorkouts.set("ex_bench", 3, in: state)?.weight == "")
  }

  @Test(arguments: ["72.5", "72,5", " 72,5 ", ".5", "0", "2000", "100."])
  func weightsAcceptADotOrACommaAsDecimalSeparator(weight: String) {
    var state = SampleWorkouts.pushDayState()

    SampleWorkouts.applySession(
      SampleWorkouts.logSet("ex_row", 1, weight: weight, reps: "1000"), to: &state)

    let set = SampleWorkouts.set("ex_row", 1, in: state)
    #expect(set?.done == true)
    #expect(set?.weight == weight.trimmingCharacters(in: .whitespaces))
    #expect(set?.reps == "1000")
  }

  @Test(arguments: [
    (SetField.weight, "abc", ActionRefusal.notANumber(field: .weight, value: "abc")),
    (.weight, " 7o ", .notANumber(field: .weight, value: "7o")),
    (.weight, "1.2.5", .notANumber(field: .weight, value: "1.2.5")),
    (.weight, "1,2.5", .notANumber(field: .weight, value: "1,2.5")),
    (.weight, "-5", .notANumber(field: .weight, value: "-5")),
    (.weight, "1e3", .notANumber(field: .weight, value: "1e3")),
    (.weight, ".", .notANumber(field: .weight, value: ".")),
    (.weight, "2000.5", .outOfRange(field: .weight, value: "2000.5")),
    (.reps, "8.5", .notAWholeNumber(field: .reps, value: "8.5")),
    (.reps, "ten", .notAWholeNumber(field: .reps, value: "ten")),
    (.reps, "-1", .notAWholeNumber(field: .reps, value: "-1")),
    (.reps, "1001", .outOfRange(field: .reps, value: "1001")),
  ])
  func unreadableValuesAreRefusedAndTheSetStaysOpen(
    field: SetField, value: String, reason: ActionRefusal
  ) {
    var state = SampleWorkouts.pushDayState(started: false)
    SampleWorkouts.applySession(
      [.setValue(exerciseId: "ex_bench", setNumber: 1, field: field, value: value)], to: &state)
    let before = state

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_bench", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(reason)])
    #expect(state == before)
    #expect(SampleWorkouts.set("ex_bench", 1, in: state)?.done == false)
  }

  @Test func uncheckingReopensTheSetAndTheExercise() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession([.completeExercise(exerciseId: "ex_row")], to: &state)
    #expect(SampleWorkouts.exercise("ex_row", in: state)?.done == true)
    var expected = state
    expected.session!.exercises[1].sets[1].done = false
    expected.session!.exercises[1].done = false

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_row", setNumber: 2), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state == expected)
    #expect(SampleWorkouts.set("ex_row", 2, in: state)?.weight == "50")
  }

  @Test func checkingAgainAfterUncheckingCommitsTheEditedValues() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .toggleSet(exerciseId: "ex_row", setNumber: 1),
        .toggleSet(exerciseId: "ex_row", setNumber: 1),
        .setValue(exerciseId: "ex_row", setNumber: 1, field: .weight, value: " 52,5"),
        .toggleSet(exerciseId: "ex_row", setNumber: 1),
      ], to: &state)

    let set = SampleWorkouts.set("ex_row", 1, in: state)
    #expect(set?.weight == "52,5")
    #expect(set?.reps == "12")
    #expect(set?.done == true)
  }

  @Test func theFirstCheckedSetStartsTheSession() {
    var state = SampleWorkouts.pushDayState(started: false)

    SampleWorkouts.applySession(
      [.toggleSet(exerciseId: "ex_row", setNumber: 1)], to: &state, now: SampleWorkouts.laterAt)
    SampleWorkouts.applySession(
      [.toggleSet(exerciseId: "ex_row", setNumber: 2)], to: &state,
      now: SampleWorkouts.muchLaterAt)

    #expect(state.session?.started == true)
    #expect(state.session?.startedAt == SampleWorkouts.laterAt)
  }

  @Test func checkingKeepsTheStartTimeOfAStartedSession() {
    var state = SampleWorkouts.pushDayState()

    SampleWorkouts.applySession(
      [.toggleSet(exerciseId: "ex_row", setNumber: 1)], to: &state,
      now: SampleWorkouts.muchLaterAt)

    #expect(state.session?.startedAt == SampleWorkouts.openedAt)
  }

  @Test func uncheckingInInfoModeStartsTheSessionToo() {
    var session = SampleWorkouts.session([SampleWorkouts.seatedRow()], started: false)
    session.exercises[0].sets[0].weight = "50"
    session.exercises[0].sets[0].reps = "12"
    session.exercises[0].sets[0].done = true
    var state = WorkoutState(session: session)

    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_row", setNumber: 1)], to: &state)

    #expect(state.session?.started == true)
    #expect(state.session?.startedAt == SampleWorkouts.laterAt)
    #expect(SampleWorkouts.set("ex_row", 1, in: state)?.done == false)
  }

  @Test func checkingTheLastOpenSetCompletesTheExercise() {
    var state = SampleWorkouts.pushDayState()

    let first = SampleWorkouts.applySession(
      [.toggleSet(exerciseId: "ex_row", setNumber: 2)], to: &state)
    #expect(
      first == [
        .restStarted(seconds: 60, exerciseId: "ex_row", exerciseName: "Seated row", setNumber: 2)
      ])
    #expect(SampleWorkouts.exercise("ex_row", in: state)?.done == false)

    let last = SampleWorkouts.applySession(
      [.toggleSet(exerciseId: "ex_row", setNumber: 1)], to: &state)

    #expect(
      last == [
        .restStarted(seconds: 60, exerciseId: "ex_row", exerciseName: "Seated row", setNumber: 1),
        .exerciseCompleted(exerciseId: "ex_row"),
      ])
    #expect(SampleWorkouts.exercise("ex_row", in: state)?.done == true)
  }

  @Test func effectsComeInOrderRecordRestPromptCompleted() {
    let press = SampleWorkouts.strengthExercise(
      exerciseId: "ex_press", name: "Overhead press", restSeconds: 120, videoRequired: true,
      best: BestDto(weight: 50, reps: 5),
      sets: SampleWorkouts.workingSets(1, lastWeight: "60", lastReps: "5"))
    var state = SampleWorkouts.state([press, SampleWorkouts.seatedRow()])

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_press", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .personalRecord(
          exerciseId: "ex_press", setNumber: 1, weightKg: 60, reps: 5, estimatedOneRepMaxKg: 70),
        .restStarted(
          seconds: 120, exerciseId: "ex_press", exerciseName: "Overhead press", setNumber: 1),
        .techniquePrompt(exerciseId: "ex_press"),
        .exerciseCompleted(exerciseId: "ex_press"),
      ])
  }

  @Test(arguments: ["20", "20.5", "12,5", "0:45", "12:30", "90:00", "1:05:00", "24:00:00"])
  func cardioDurationsAcceptMinutesAndClockTimes(duration: String) {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_treadmill", setNumber: 1, field: .duration, value: duration),
        .toggleSet(exerciseId: "ex_treadmill", setNumber: 1),
      ], to: &state)

    let set = SampleWorkouts.set("ex_treadmill", 1, in: state)
    #expect(set?.done == true)
    #expect(set?.duration == duration)
  }

  @Test(arguments: [
    (SetField.duration, "1:5", ActionRefusal.notADuration(field: .duration, value: "1:5")),
    (.duration, "1:60", .notADuration(field: .duration, value: "1:60")),
    (.duration, "1:00:5", .notADuration(field: .duration, value: "1:00:5")),
    (.duration, "1:2:3:4", .notADuration(field: .duration, value: "1:2:3:4")),
    (.duration, "half an hour", .notADuration(field: .duration, value: "half an hour")),
    (.duration, "24:00:01", .outOfRange(field: .duration, value: "24:00:01")),
    (.duration, "1441", .outOfRange(field: .duration, value: "1441")),
    (.distance, "five", .notANumber(field: .distance, value: "five")),
    (.distance, "1000.5", .outOfRange(field: .distance, value: "1000.5")),
    (.rpe, "hard", .notANumber(field: .rpe, value: "hard")),
    (.rpe, "10.5", .outOfRange(field: .rpe, value: "10.5")),
    (.rpe, "-1", .notANumber(field: .rpe, value: "-1")),
  ])
  func unreadableCardioValuesAreRefused(field: SetField, value: String, reason: ActionRefusal) {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [.setValue(exerciseId: "ex_treadmill", setNumber: 1, field: field, value: value)],
      to: &state)
    let before = state

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_treadmill", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(reason)])
    #expect(state == before)
  }

  @Test(arguments: [
    (" 5,2 ", "5,2"), ("0", "0"), ("1000", "1000"),
  ])
  func cardioDistancesAreTrimmedAndAccepted(typed: String, committed: String) {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_treadmill", setNumber: 1, field: .distance, value: typed),
        .toggleSet(exerciseId: "ex_treadmill", setNumber: 1),
      ], to: &state)

    #expect(SampleWorkouts.set("ex_treadmill", 1, in: state)?.distance == committed)
  }

  @Test(arguments: ["0", "7.5", "8,5", "10"])
  func rpeFromZeroToTenIsAccepted(rpe: String) {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .setValue(exerciseId: "ex_treadmill", setNumber: 1, field: .rpe, value: rpe),
        .toggleSet(exerciseId: "ex_treadmill", setNumber: 1),
      ], to: &state)

    #expect(SampleWorkouts.set("ex_treadmill", 1, in: state)?.done == true)
    #expect(SampleWorkouts.set("ex_treadmill", 1, in: state)?.rpe == rpe)
  }

  @Test func anEmptyCardioSetIsCheckedAsItIs() {
    var state = SampleWorkouts.pushDayState()
    var expected = state
    expected.session!.exercises[2].sets[0].done = true
    expected.session!.exercises[2].done = true
    expected.session!.lastChecked = "ex_treadmill"

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_treadmill", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [.exerciseCompleted(exerciseId: "ex_treadmill")])
    #expect(state == expected)
  }
}
