import Foundation
import Testing
import TraineeAPI
import WorkoutSession

/// A workout done in the engine, finished and posted by the client, and read back from the
/// real server: the whole path of a workout log, end to end.
@Suite(.timeLimit(.minutes(2))) struct WorkoutLogEndToEndTests {
  @Test func aWorkoutDoneInTheEngineIsStoredAsTheEngineBuiltIt() async throws {
    let server = try DemoTraineeServer()
    defer { server.stop() }
    let client = server.client()
    let start = DemoTraineeServer.lateMonday

    // The trainee opens the push day the server serves, with last time's values in it.
    let programs = try await client.workouts()
    var state = WorkoutState()
    _ = state.apply(
      .start(
        getLiveWorkout(programs, dayId: "day_push", planId: "plan_strength"), units: .metric),
      now: start)
    _ = state.apply(.begin, now: start)
    for action: WorkoutAction in [
      .toggleSet(exerciseId: "ex_bench", setNumber: 1),
      .setValue(exerciseId: "ex_bench", setNumber: 2, field: .weight, value: "60"),
      .setValue(exerciseId: "ex_bench", setNumber: 2, field: .rir, value: "2"),
      .toggleSet(exerciseId: "ex_bench", setNumber: 2),
      .setValue(exerciseId: "ex_dips", setNumber: 1, field: .reps, value: "10"),
      .toggleSet(exerciseId: "ex_dips", setNumber: 1),
    ] {
      _ = state.apply(action, now: start + 300)
    }
    let session = try #require(state.session)
    let payload = logPayload(session, now: start + 3_600)

    let logged = try await client.logWorkout(payload, idempotencyKey: "e2e-push-1")
    let retried = try await client.logWorkout(payload, idempotencyKey: "e2e-push-1")
    let stored = try await client.workoutLog(id: logged.id)

    #expect(retried == logged)
    #expect(stored.entries == payload.entries)
    #expect(stored.durationSec == 3_600)
    #expect(stored.dayId == "day_push")
    #expect(stored.doneSetCount == 3)

    // Next time the day opens with this workout's sets as the placeholders.
    let next = getLiveWorkout(
      try await client.workouts(), dayId: "day_push", planId: "plan_strength")
    let bench = try #require(next.exercises.first { $0.exerciseId == "ex_bench" })
    #expect(bench.sets.map(\.lastWeight).prefix(2) == ["40", "60"])
    #expect(bench.sets.map(\.lastReps).prefix(2) == ["10", "8"])
  }
}
