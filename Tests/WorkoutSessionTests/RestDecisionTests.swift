import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// When checking a set starts a rest, and which rest ("When a rest starts").
struct RestDecisionTests {
  /// Squat (lead, 60 s) and lunge (30 s) in superset `s1`, then a plank (45 s) on its own.
  static func supersetState(lungeSets: Int = 3, squatRest: Int = 60) -> WorkoutState {
    SampleWorkouts.state([
      SampleWorkouts.strengthExercise(
        id: "row_squat", exerciseId: "ex_squat", name: "Squat", restSeconds: squatRest,
        supersetGroup: "s1"),
      SampleWorkouts.strengthExercise(
        id: "row_lunge", exerciseId: "ex_lunge", name: "Lunge", restSeconds: 30,
        supersetGroup: "s1", sets: SampleWorkouts.workingSets(lungeSets)),
      SampleWorkouts.strengthExercise(
        id: "row_plank", exerciseId: "ex_plank", name: "Plank", restSeconds: 45,
        sets: SampleWorkouts.workingSets(2)),
    ])
  }

  /// The rests among `effects`.
  static func rests(_ effects: [WorkoutEffect]) -> [WorkoutEffect] {
    effects.filter { $0.name == "restStarted" }
  }

  @Test func aCheckedSetStartsTheExercisesRest() {
    var state = SampleWorkouts.pushDayState()

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_bench", setNumber: 2), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .restStarted(seconds: 90, exerciseId: "ex_bench", exerciseName: "Bench press", setNumber: 2)
      ])
  }

  @Test func noRestWithoutRestSeconds() {
    var state = SampleWorkouts.state([
      SampleWorkouts.strengthExercise(exerciseId: "ex_curl", restSeconds: 0),
      SampleWorkouts.seatedRow(),
    ])

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_curl", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [])
  }

  @Test func uncheckingNeverStartsARest() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_bench", setNumber: 1)], to: &state)

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_bench", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [])
  }

  @Test func aSupersetRestsOnlyAfterEveryMemberDidTheSet() {
    var state = Self.supersetState()

    let first = state.applySession(
      .toggleSet(exerciseId: "ex_squat", setNumber: 1), now: SampleWorkouts.laterAt)
    let second = state.applySession(
      .toggleSet(exerciseId: "ex_lunge", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(first == [])
    #expect(
      second == [
        .restStarted(seconds: 60, exerciseId: "ex_squat", exerciseName: "Squat", setNumber: 1)
      ])
  }

  @Test func aSupersetUsesTheLeadsRestWhenTheLeadIsCheckedLast() {
    var state = Self.supersetState()

    let first = state.applySession(
      .toggleSet(exerciseId: "ex_lunge", setNumber: 2), now: SampleWorkouts.laterAt)
    let second = state.applySession(
      .toggleSet(exerciseId: "ex_squat", setNumber: 2), now: SampleWorkouts.laterAt)

    #expect(first == [])
    #expect(
      second == [
        .restStarted(seconds: 60, exerciseId: "ex_squat", exerciseName: "Squat", setNumber: 2)
      ])
  }

  @Test func aSupersetRoundIsItsOwnSetNumber() {
    var state = Self.supersetState()

    let effects = SampleWorkouts.applySession(
      [
        .toggleSet(exerciseId: "ex_squat", setNumber: 1),
        .toggleSet(exerciseId: "ex_lunge", setNumber: 2),
        .toggleSet(exerciseId: "ex_squat", setNumber: 3),
      ], to: &state)

    #expect(effects == [])
  }

  @Test func aSupersetWhoseLeadHasNoRestNeverRests() {
    var state = Self.supersetState(squatRest: 0)

    let effects = SampleWorkouts.applySession(
      [
        .toggleSet(exerciseId: "ex_squat", setNumber: 1),
        .toggleSet(exerciseId: "ex_lunge", setNumber: 1),
      ], to: &state)

    #expect(effects == [])
  }

  @Test func aMemberWithoutThatSetNumberDoesNotHoldTheRestBack() {
    var state = Self.supersetState(lungeSets: 2)

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_squat", setNumber: 3), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .restStarted(seconds: 60, exerciseId: "ex_squat", exerciseName: "Squat", setNumber: 3)
      ])
  }

  @Test func anExerciseWithoutAGroupIsItsOwnGroup() {
    var state = Self.supersetState()

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_plank", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .restStarted(seconds: 45, exerciseId: "ex_plank", exerciseName: "Plank", setNumber: 1)
      ])
  }

  @Test func exercisesWithoutAGroupDoNotWaitForEachOther() {
    var state = SampleWorkouts.pushDayState()

    let row = state.applySession(
      .toggleSet(exerciseId: "ex_row", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(
      row == [
        .restStarted(seconds: 60, exerciseId: "ex_row", exerciseName: "Seated row", setNumber: 1)
      ])
  }

  @Test func noRestAfterTheLastSetOfTheWorkout() {
    var state = SampleWorkouts.state([SampleWorkouts.seatedRow()])

    let first = state.applySession(
      .toggleSet(exerciseId: "ex_row", setNumber: 1), now: SampleWorkouts.laterAt)
    let last = state.applySession(
      .toggleSet(exerciseId: "ex_row", setNumber: 2), now: SampleWorkouts.laterAt)

    #expect(
      first == [
        .restStarted(seconds: 60, exerciseId: "ex_row", exerciseName: "Seated row", setNumber: 1)
      ])
    #expect(last == [.exerciseCompleted(exerciseId: "ex_row")])
  }

  @Test func noRestWhenTheLastOpenSetOfTheWorkoutIsInAnotherExercise() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      [
        .completeExercise(exerciseId: "ex_bench"),
        .completeExercise(exerciseId: "ex_treadmill"),
        .toggleSet(exerciseId: "ex_row", setNumber: 2),
      ], to: &state)

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_row", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(effects == [.exerciseCompleted(exerciseId: "ex_row")])
    #expect(state.session?.allSetsDone == true)
  }

  @Test func aCardioExerciseWithRestStartsItsRest() {
    var state = SampleWorkouts.state([
      SampleWorkouts.cardioExercise(restSeconds: 120, sets: 2)
    ])

    let effects = state.applySession(
      .toggleSet(exerciseId: "ex_treadmill", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(
      effects == [
        .restStarted(
          seconds: 120, exerciseId: "ex_treadmill", exerciseName: "Treadmill", setNumber: 1)
      ])
  }

  @Test func completingAnExerciseDoesNotStartARest() {
    var state = SampleWorkouts.pushDayState()

    let effects = state.applySession(
      .completeExercise(exerciseId: "ex_bench"), now: SampleWorkouts.laterAt)

    #expect(Self.rests(effects) == [])
  }

  /// Every set type but a warm-up starts the exercise's rest
  /// (docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups").
  @Test(arguments: [
    (SetType.warmup, false), (.working, true), (.drop, true), (.failure, true), (.other, true),
  ])
  func aWarmUpStartsNoRest(type: SetType, rests: Bool) {
    var sets = SampleWorkouts.workingSets(3)
    sets[0].type = type
    var state = SampleWorkouts.state([
      SampleWorkouts.strengthExercise(exerciseId: "ex_squat", restSeconds: 120, sets: sets)
    ])

    let effects = state.apply(
      .toggleSet(exerciseId: "ex_squat", setNumber: 1), now: SampleWorkouts.laterAt)

    #expect(
      Self.rests(effects)
        == (rests
          ? [.restStarted(seconds: 120, exerciseId: "ex_squat", exerciseName: "Lift", setNumber: 1)]
          : []))
    #expect((state.rest.clock != nil) == rests)
  }

  @Test func warmUpsAddedWithWStartNoRestAndEndTheRestBeforeThem() throws {
    var state = SampleWorkouts.pushDayState()
    let now = SampleWorkouts.laterAt
    _ = state.apply(.addWarmUpSets(exerciseId: "ex_row", sets: WarmUpSetsTests.ladder), now: now)
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: now)
    #expect(state.rest.clock?.exerciseId == "ex_bench")

    let warmUp = state.apply(.toggleSet(exerciseId: "ex_row", setNumber: 1), now: now)
    #expect(state.rest.clock == nil)
    let lastWarmUp = state.apply(.toggleSet(exerciseId: "ex_row", setNumber: 2), now: now)
    #expect(state.rest.clock == nil)
    let working = state.apply(
      .toggleSet(exerciseId: "ex_row", setNumber: 3), now: SampleWorkouts.laterAt)

    // The trainee moved on from the bench press: its rest ends, and no rest follows a warm-up.
    #expect(Self.rests(warmUp) == [])
    #expect(Self.rests(lastWarmUp) == [])
    #expect(
      Self.rests(working) == [
        .restStarted(seconds: 60, exerciseId: "ex_row", exerciseName: "Seated row", setNumber: 3)
      ])
  }
}
