import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// `substitute` and `exerciseOptions`: swapping a row's exercise and undoing the swap exactly.
struct SubstitutionTests {
  static let swapToDumbbells = SubstitutionRequestDto(
    programId: "plan_1", dayId: "day_push", rowId: "row_bench", fromExerciseId: "ex_bench",
    toExerciseId: "ex_db_bench")

  /// The push day with bench set 1 a warm-up, set 1 checked and set 2 half typed.
  static func benchInProgress() -> WorkoutState {
    var state = SampleWorkouts.pushDayState()
    state.session!.exercises[0].sets[0].type = .warmup
    state.session!.exercises[0].videoRequired = true
    state.session!.exercises[0].coachFeedback = CoachFeedbackDto(
      videoId: "video_1", message: "Elbows in.")
    SampleWorkouts.applySession(
      SampleWorkouts.logSet("ex_bench", 1, weight: "40", reps: "12")
        + [.setValue(exerciseId: "ex_bench", setNumber: 2, field: .weight, value: "6")],
      to: &state)
    return state
  }

  @Test func aSubstituteKeepsTheSetStructureWithItsOwnPlaceholders() {
    var state = Self.benchInProgress()
    let prescribed = state.session!.exercises[0]
    var expected = prescribed
    expected.origin = ExerciseOrigin(prescribed)
    expected.exerciseId = "ex_db_bench"
    expected.name = "Dumbbell bench press"
    expected.image = "db.jpg"
    expected.best = BestDto(weight: 30, reps: 10)
    expected.coachFeedback = nil
    expected.done = false
    expected.videoSent = false
    expected.videoSkipped = false
    expected.techniquePrompted = false
    expected.sets = [
      ExerciseSet(
        setNumber: 1, type: .warmup, targetReps: 8, targetRepsLabel: "8-10", targetWeight: 60,
        lastWeight: "24", lastReps: "12"),
      ExerciseSet(
        setNumber: 2, targetReps: 8, targetRepsLabel: "8-10", targetWeight: 60, lastWeight: "26",
        lastReps: "10"),
      ExerciseSet(
        setNumber: 3, targetReps: 8, targetRepsLabel: "8-10", targetWeight: 60, lastWeight: "26",
        lastReps: "10"),
    ]

    let effects = state.applySession(
      .substitute(exerciseId: "ex_bench", option: "ex_db_bench"), now: SampleWorkouts.laterAt)

    #expect(effects == [.saveSubstitution(Self.swapToDumbbells)])
    #expect(state.session!.exercises[0] == expected)
    #expect(state.session!.exercises[1...] == Self.benchInProgress().session!.exercises[1...])
  }

  @Test func swappingADoneExerciseGivesAFreshSubstitute() {
    var state = SampleWorkouts.pushDayState()
    state.session!.exercises[0].videoRequired = true
    SampleWorkouts.applySession(
      [
        .completeExercise(exerciseId: "ex_bench"),
        .satisfyTechniquePrompt(exerciseId: "ex_bench", url: nil),
        .skipTechniquePrompt(exerciseId: "ex_bench"),
      ], to: &state)

    SampleWorkouts.applySession(
      [.substitute(exerciseId: "ex_bench", option: "ex_db_bench")], to: &state)

    let swapped = SampleWorkouts.exercise("ex_db_bench", in: state)
    #expect(swapped?.done == false)
    #expect(swapped?.sets.map(\.done) == [false, false, false])
    #expect(swapped?.videoSent == false)
    #expect(swapped?.videoSkipped == false)
    #expect(swapped?.techniquePrompted == false)
    #expect(nextExercise(state.session)?.exerciseId == "ex_db_bench")
  }

  @Test func theSwapKeepsTheRowsRestTempoGroupAndVideoRule() {
    var state = Self.benchInProgress()

    SampleWorkouts.applySession(
      [.substitute(exerciseId: "ex_bench", option: "ex_machine_press")], to: &state)

    let swapped = SampleWorkouts.exercise("ex_machine_press", in: state)
    #expect(swapped?.id == "row_bench")
    #expect(swapped?.restSeconds == 90)
    #expect(swapped?.tempo == "3-0-1-0")
    #expect(swapped?.videoRequired == true)
    #expect(swapped?.best == nil)
    #expect(swapped?.image == nil)
  }

  @Test func aSubstituteWithoutHistoryHasNoPlaceholders() {
    var state = SampleWorkouts.pushDayState()

    SampleWorkouts.applySession(
      [.substitute(exerciseId: "ex_bench", option: "ex_machine_press")], to: &state)

    let sets = SampleWorkouts.exercise("ex_machine_press", in: state)?.sets ?? []
    #expect(sets.map(\.lastWeight) == ["", "", ""])
    #expect(sets.map(\.lastReps) == ["", "", ""])
  }

  @Test func imperialPlaceholdersAreConvertedToPounds() {
    var state = SampleWorkouts.pushDayState(units: .imperial)

    SampleWorkouts.applySession(
      [.substitute(exerciseId: "ex_bench", option: "ex_db_bench")], to: &state)

    let sets = SampleWorkouts.exercise("ex_db_bench", in: state)?.sets ?? []
    #expect(sets.map(\.lastWeight) == ["52.9", "57.3", "57.3"])
    #expect(sets.map(\.lastReps) == ["12", "10", "10"])
  }

  @Test func theSubstituteIsCheckedAgainstItsOwnPlaceholdersAndBest() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [.substitute(exerciseId: "ex_bench", option: "ex_db_bench")], to: &state)

    let first = state.applySession(
      .toggleSet(exerciseId: "ex_db_bench", setNumber: 1), now: SampleWorkouts.laterAt)
    let second = SampleWorkouts.applySession(
      SampleWorkouts.logSet("ex_db_bench", 2, weight: "35", reps: "10"), to: &state)

    #expect(SampleWorkouts.set("ex_db_bench", 1, in: state)?.weight == "24")
    #expect(SampleWorkouts.set("ex_db_bench", 1, in: state)?.reps == "12")
    #expect(first.first?.name == "restStarted")
    #expect(second.first?.name == "personalRecord")
    #expect(SampleWorkouts.recordSets("ex_db_bench", in: state) == [2])
  }

  @Test func actionsNameTheSubstituteByItsOwnId() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [.substitute(exerciseId: "ex_bench", option: "ex_db_bench")], to: &state)
    let before = state

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_bench", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.unknownExercise(exerciseId: "ex_bench"))])
    #expect(state == before)
  }

  @Test func choosingThePrescribedOptionRestoresItExactly() {
    var state = Self.benchInProgress()
    let before = state
    SampleWorkouts.applySession(
      [.substitute(exerciseId: "ex_bench", option: "ex_db_bench")]
        + SampleWorkouts.logSet("ex_db_bench", 1, weight: "22", reps: "12"), to: &state)

    let effects = state.applySession(
      .substitute(exerciseId: "ex_db_bench", option: "ex_bench"), now: SampleWorkouts.laterAt)

    var undo = Self.swapToDumbbells
    undo.toExerciseId = "ex_bench"
    #expect(effects == [.saveSubstitution(undo)])
    #expect(state == before)
  }

  @Test func swappingASubstituteForAnotherKeepsTheOriginalOrigin() {
    var state = Self.benchInProgress()
    let prescribed = state.session!.exercises[0]
    SampleWorkouts.applySession(
      [.substitute(exerciseId: "ex_bench", option: "ex_db_bench")], to: &state)

    let effects = state.applySession(
      .substitute(exerciseId: "ex_db_bench", option: "ex_machine_press"),
      now: SampleWorkouts.laterAt)

    var request = Self.swapToDumbbells
    request.toExerciseId = "ex_machine_press"
    #expect(effects == [.saveSubstitution(request)])
    let swapped = SampleWorkouts.exercise("ex_machine_press", in: state)
    #expect(swapped?.origin?.exercise == prescribed)
    #expect(swapped?.origin?.exercise.origin == nil)
    #expect(swapped?.name == "Machine chest press")
  }

  @Test func undoingAfterTwoSwapsRestoresThePrescribedExercise() {
    var state = Self.benchInProgress()
    let before = state

    SampleWorkouts.applySession(
      [
        .substitute(exerciseId: "ex_bench", option: "ex_db_bench"),
        .substitute(exerciseId: "ex_db_bench", option: "ex_machine_press"),
        .substitute(exerciseId: "ex_machine_press", option: "ex_bench"),
      ], to: &state)

    #expect(state == before)
  }

  @Test func choosingTheCurrentOptionChangesNothing() {
    var state = SampleWorkouts.pushDayState()
    let unswapped = state
    let stay = state.applySession(
      .substitute(exerciseId: "ex_bench", option: "ex_bench"), now: SampleWorkouts.laterAt)
    #expect(stay == [])
    #expect(state == unswapped)

    SampleWorkouts.applySession(
      [.substitute(exerciseId: "ex_bench", option: "ex_db_bench")], to: &state)
    let swapped = state
    let again = state.applySession(
      .substitute(exerciseId: "ex_db_bench", option: "ex_db_bench"), now: SampleWorkouts.laterAt)
    #expect(again == [])
    #expect(state == swapped)
  }

  @Test func anUnknownOptionIsRefused() {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.applySession(
      .substitute(exerciseId: "ex_bench", option: "ex_squat"), now: SampleWorkouts.laterAt)

    #expect(
      effects == [.actionRefused(.unknownOption(exerciseId: "ex_bench", option: "ex_squat"))])
    #expect(state == before)
  }

  @Test func anotherRowsSubstituteIsNotAnOption() {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.applySession(
      .substitute(exerciseId: "ex_row", option: "ex_db_bench"), now: SampleWorkouts.laterAt)

    #expect(
      effects == [.actionRefused(.unknownOption(exerciseId: "ex_row", option: "ex_db_bench"))])
    #expect(state == before)
  }

  @Test func anOptionAlreadyInTheWorkoutIsRefused() {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.applySession(
      .substitute(exerciseId: "ex_bench", option: "ex_row"), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.optionAlreadyInWorkout(option: "ex_row"))])
    #expect(state == before)
  }

  @Test func thePrescribedOptionIsRefusedWhileAnotherRowUsesIt() {
    // Row 1 prescribes the bench press with dumbbells as a substitute; row 2 prescribes the
    // dumbbells with a cable fly as a substitute.
    let dumbbells = SampleWorkouts.strengthExercise(
      id: "row_db", exerciseId: "ex_db_bench", name: "Dumbbell bench press",
      substitutes: [SubstituteDto(exerciseId: "ex_cable_fly", name: "Cable fly")])
    var state = SampleWorkouts.state([SampleWorkouts.benchPress(), dumbbells])
    SampleWorkouts.applySession(
      [
        .substitute(exerciseId: "ex_db_bench", option: "ex_cable_fly"),
        .substitute(exerciseId: "ex_bench", option: "ex_db_bench"),
      ], to: &state)
    #expect(state.session?.exercises.map(\.exerciseId) == ["ex_db_bench", "ex_cable_fly"])
    let before = state

    let effects = state.applySession(
      .substitute(exerciseId: "ex_cable_fly", option: "ex_db_bench"), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.optionAlreadyInWorkout(option: "ex_db_bench"))])
    #expect(state == before)
  }

  @Test func theOptionsListThePrescribedExerciseFirst() {
    let state = SampleWorkouts.pushDayState()
    let expected = [
      ExerciseOption(exerciseId: "ex_bench", name: "Bench press", image: nil, isPrescribed: true),
      ExerciseOption(
        exerciseId: "ex_db_bench", name: "Dumbbell bench press", image: "db.jpg",
        isPrescribed: false),
      ExerciseOption(
        exerciseId: "ex_machine_press", name: "Machine chest press", image: nil,
        isPrescribed: false),
      ExerciseOption(exerciseId: "ex_row", name: "Seated row", image: nil, isPrescribed: false),
    ]

    #expect(exerciseOptions(state.session!.exercises[0]) == expected)
  }

  @Test func theOptionsStayTheSameWhileSwapped() {
    var state = SampleWorkouts.pushDayState()
    let prescribedOptions = exerciseOptions(state.session!.exercises[0])

    SampleWorkouts.applySession(
      [.substitute(exerciseId: "ex_bench", option: "ex_db_bench")], to: &state)

    #expect(exerciseOptions(state.session!.exercises[0]) == prescribedOptions)
  }

  @Test func anExerciseWithoutSubstitutesHasOnlyItself() {
    let state = SampleWorkouts.pushDayState()

    #expect(
      exerciseOptions(state.session!.exercises[1]) == [
        ExerciseOption(exerciseId: "ex_row", name: "Seated row", image: nil, isPrescribed: true)
      ])
  }
}
