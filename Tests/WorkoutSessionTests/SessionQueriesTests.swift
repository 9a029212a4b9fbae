import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The spec's helpers that read a session: `sessionStarted`, `sessionMatches`, `nextExercise`,
/// `toSessionExercise`.
struct SessionQueriesTests {
  @Test func sessionStartedNeedsAStartedSession() {
    #expect(sessionStarted(nil) == false)
    #expect(sessionStarted(SampleWorkouts.pushDayState(started: false).session) == false)
    #expect(sessionStarted(SampleWorkouts.pushDayState(started: true).session) == true)
  }

  @Test(
    arguments: [
      ("day_push", "plan_1", "day_push", "plan_1", true),
      ("day_push", "plan_1", "day_push", "plan_2", false),
      ("day_push", "plan_1", "day_legs", "plan_1", false),
      ("day_push", nil, "day_push", "plan_1", true),
      ("day_push", "plan_1", "day_push", nil, true),
      ("day_push", nil, "day_push", nil, true),
      ("day_push", nil, "day_legs", nil, false),
    ] as [(String, String?, String, String?, Bool)])
  func sessionMatchesTheDayAndAnyPlanBothSidesHave(
    sessionDay: String, sessionPlan: String?, dayId: String, planId: String?, matches: Bool
  ) {
    let session = WorkoutSession(dayId: sessionDay, programId: sessionPlan)

    #expect(sessionMatches(session, dayId: dayId, planId: planId) == matches)
  }

  @Test func noSessionMatchesNothing() {
    #expect(sessionMatches(nil, dayId: "day_push", planId: nil) == false)
    #expect(sessionMatches(nil, dayId: "day_push", planId: "plan_1") == false)
  }

  @Test func theNextExerciseIsTheFirstWithAnOpenSet() {
    var state = SampleWorkouts.pushDayState()
    #expect(nextExercise(state.session)?.exerciseId == "ex_bench")

    SampleWorkouts.applySession([.completeExercise(exerciseId: "ex_bench")], to: &state)
    #expect(nextExercise(state.session)?.exerciseId == "ex_row")

    SampleWorkouts.applySession([.toggleSet(exerciseId: "ex_row", setNumber: 1)], to: &state)
    #expect(nextExercise(state.session) == SampleWorkouts.exercise("ex_row", in: state))

    SampleWorkouts.applySession(
      [
        .completeExercise(exerciseId: "ex_row"),
        .completeExercise(exerciseId: "ex_treadmill"),
      ], to: &state)
    #expect(nextExercise(state.session) == nil)
  }

  @Test func theNextExerciseSkipsExercisesThatAreDoneOrHaveNoOpenSet() {
    var session = SampleWorkouts.session([
      SampleWorkouts.benchPress(), SampleWorkouts.seatedRow(), SampleWorkouts.cardioExercise(),
    ])
    session.exercises[0].done = true
    for index in session.exercises[1].sets.indices {
      session.exercises[1].sets[index].done = true
    }

    #expect(nextExercise(session)?.exerciseId == "ex_treadmill")
  }

  @Test func noSessionHasNoNextExercise() {
    #expect(nextExercise(nil) == nil)
  }

  @Test func aSessionExerciseStartsWithNoFlags() {
    let exercise = SampleWorkouts.benchPress()

    let sessionExercise = toSessionExercise(exercise)

    #expect(
      sessionExercise
        == SessionExercise(
          exercise: exercise, done: false, videoSent: false, videoSkipped: false,
          techniquePrompted: false, origin: nil))
    #expect(sessionExercise.exercise == exercise)
    #expect(sessionExercise.sets == exercise.sets)
  }
}
