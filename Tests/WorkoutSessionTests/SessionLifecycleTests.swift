import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// `start`, `begin`, `reset`, and what every other action does when no workout is open.
struct SessionLifecycleTests {
  @Test func startCreatesAnUnstartedSessionOfTheWorkout() {
    var state = WorkoutState()
    let effects = state.applySession(
      .start(SampleWorkouts.pushDay(), units: .imperial), now: SampleWorkouts.openedAt)

    #expect(effects == [])
    #expect(
      state.session
        == WorkoutSession(
          dayId: "day_push", programId: "plan_1", dayLabel: "Day 1", title: "Push",
          subtitle: "Chest and triceps", heroImage: "push.jpg", rirColumn: true,
          units: .imperial, started: false, startedAt: nil,
          exercises: SampleWorkouts.pushDay().exercises.map(toSessionExercise)))
  }

  @Test func startIsANoOpWhenTheSessionMatchesDayAndPlan() {
    var state = SampleWorkouts.pushDayState()
    SampleWorkouts.applySession(
      SampleWorkouts.logSet("ex_bench", 1, weight: "60", reps: "8"), to: &state)
    let before = state

    let effects = state.applySession(
      .start(SampleWorkouts.pushDay(), units: .metric), now: SampleWorkouts.muchLaterAt)

    #expect(effects == [])
    #expect(state == before)
  }

  @Test func startKeepsAnUnstartedSessionOfTheSameDayAndPlan() {
    var state = SampleWorkouts.pushDayState(started: false)
    SampleWorkouts.applySession(
      [.setValue(exerciseId: "ex_row", setNumber: 2, field: .rir, value: "2")], to: &state)
    let before = state

    let effects = state.applySession(
      .start(SampleWorkouts.pushDay(), units: .metric), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state == before)
  }

  @Test func startWithoutAPlanIdMatchesTheSameDayOfAnyPlan() {
    var state = SampleWorkouts.pushDayState()
    let before = state
    var workout = SampleWorkouts.pushDay()
    workout.programId = nil

    let effects = state.applySession(.start(workout, units: .metric), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state == before)
  }

  @Test func startIsRefusedWhileAnotherWorkoutIsInProgress() {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.applySession(
      .start(SampleWorkouts.legDay(), units: .metric), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.anotherWorkoutInProgress(dayId: "day_push"))])
    #expect(state == before)
  }

  @Test func startOfTheSameDayInAnotherPlanIsRefusedWhileInProgress() {
    var state = SampleWorkouts.pushDayState()
    let before = state
    var workout = SampleWorkouts.pushDay()
    workout.programId = "plan_2"

    let effects = state.applySession(.start(workout, units: .metric), now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.anotherWorkoutInProgress(dayId: "day_push"))])
    #expect(state == before)
  }

  @Test func startReplacesAnUnstartedSessionOfAnotherDay() {
    var state = SampleWorkouts.pushDayState(started: false)
    SampleWorkouts.applySession(
      [.setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "60")], to: &state)

    let effects = state.applySession(
      .start(SampleWorkouts.legDay(), units: .metric), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state.session == WorkoutSession(workout: SampleWorkouts.legDay(), units: .metric))
  }

  @Test func beginStartsTheSessionAtNow() {
    var state = SampleWorkouts.pushDayState(started: false)
    var expected = state.session!
    expected.started = true
    expected.startedAt = SampleWorkouts.laterAt

    let effects = state.applySession(.begin, now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state.session == expected)
  }

  @Test func beginAgainKeepsTheFirstStartTime() {
    var state = SampleWorkouts.pushDayState(started: false)
    _ = state.applySession(.begin, now: SampleWorkouts.laterAt)
    let before = state

    let effects = state.applySession(.begin, now: SampleWorkouts.muchLaterAt)

    #expect(effects == [])
    #expect(state == before)
    #expect(state.session?.startedAt == SampleWorkouts.laterAt)
  }

  @Test func resetClosesTheSession() {
    var state = SampleWorkouts.pushDayState()

    let effects = state.applySession(.reset, now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state == WorkoutState(session: nil))
  }

  @Test func resetWithoutASessionDoesNothing() {
    var state = WorkoutState()

    #expect(state.applySession(.reset, now: SampleWorkouts.laterAt) == [])
    #expect(state == WorkoutState())
  }

  @Test func startAfterResetOpensAnyDay() {
    var state = SampleWorkouts.pushDayState()
    _ = state.applySession(.reset, now: SampleWorkouts.laterAt)

    let effects = state.applySession(
      .start(SampleWorkouts.legDay(), units: .metric), now: SampleWorkouts.laterAt)

    #expect(effects == [])
    #expect(state.session?.dayId == "day_legs")
  }

  @Test(arguments: [
    WorkoutAction.begin,
    .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "60"),
    .toggleSet(exerciseId: "ex_bench", setNumber: 1),
    .completeExercise(exerciseId: "ex_bench"),
    .substitute(exerciseId: "ex_bench", option: "ex_db_bench"),
    .addSet(exerciseId: "ex_bench"),
    .removeSet(exerciseId: "ex_bench", setNumber: 1),
    .satisfyTechniquePrompt(exerciseId: "ex_bench", url: nil),
    .skipTechniquePrompt(exerciseId: "ex_bench"),
    .dismissCoachFeedback(exerciseId: "ex_bench"),
  ])
  func actionsWithoutASessionAreRefused(action: WorkoutAction) {
    var state = WorkoutState()

    let effects = state.applySession(action, now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.noSession)])
    #expect(state == WorkoutState())
  }

  @Test(arguments: [
    WorkoutAction.setValue(exerciseId: "ex_squat", setNumber: 1, field: .weight, value: "60"),
    .toggleSet(exerciseId: "ex_squat", setNumber: 1),
    .completeExercise(exerciseId: "ex_squat"),
    .substitute(exerciseId: "ex_squat", option: "ex_db_bench"),
    .addSet(exerciseId: "ex_squat"),
    .removeSet(exerciseId: "ex_squat", setNumber: 1),
    .satisfyTechniquePrompt(exerciseId: "ex_squat", url: nil),
    .skipTechniquePrompt(exerciseId: "ex_squat"),
    .dismissCoachFeedback(exerciseId: "ex_squat"),
  ])
  func actionsOnAnUnknownExerciseAreRefused(action: WorkoutAction) {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.applySession(action, now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.unknownExercise(exerciseId: "ex_squat"))])
    #expect(state == before)
  }

  @Test(arguments: [
    WorkoutAction.setValue(exerciseId: "ex_bench", setNumber: 4, field: .weight, value: "60"),
    .toggleSet(exerciseId: "ex_bench", setNumber: 4),
    .removeSet(exerciseId: "ex_bench", setNumber: 4),
  ])
  func actionsOnAnUnknownSetAreRefused(action: WorkoutAction) {
    var state = SampleWorkouts.pushDayState()
    let before = state

    let effects = state.applySession(action, now: SampleWorkouts.laterAt)

    #expect(effects == [.actionRefused(.unknownSet(exerciseId: "ex_bench", setNumber: 4))])
    #expect(state == before)
  }
}
