import Foundation
import Testing
import TraineeAPI
import TraineeClient
import TraineeData
import TraineeServer

/// The workout calls of the client against the real server.
struct ClientWorkoutTests {
  /// A finished push day as the app submits it: a done warm-up and working set of bench press
  /// and a bike ride (built by hand: this target cannot depend on WorkoutSession).
  static let pushDay = LogWorkoutPayload(
    programId: "plan_strength", dayId: "day_push", label: "Push", durationSec: 3_120,
    completed: true,
    entries: [
      LogEntry(
        exerciseId: "ex_bench", name: "Bench press", done: true, tempo: "3-0-1-0",
        sets: [
          .strength(
            StrengthLogSet(
              setNumber: 1, reps: 10, targetReps: 10, weight: 40, rir: nil, rm: nil, done: true)),
          .strength(
            StrengthLogSet(
              setNumber: 2, reps: 8, targetReps: 6, weight: 62.5, rir: "2", rm: nil, done: true)),
        ]),
      LogEntry(
        exerciseId: "ex_bike", name: "Bike", done: true, tempo: nil,
        sets: [
          .cardio(
            CardioLogSet(setNumber: 1, durationSec: 600, distanceKm: 4.2, rpe: "6", done: true))
        ]),
    ])

  @Test func workoutsAnswerTheDemoProgram() async throws {
    let server = try DemoTraineeServer()
    let programs = try await server.client().workouts()
    #expect(programs.plans.map(\.id) == ["plan_strength"])
    #expect(programs.plans[0].days.first?.strength.first?.exerciseId == "ex_bench")
  }

  @Test func loggedWorkoutRoundTripsThroughHistoryAndIsDeleted() async throws {
    let server = try DemoTraineeServer()
    let client = server.client()
    let before = try await client.workoutHistory().workouts.count
    let logged = try await client.logWorkout(Self.pushDay, idempotencyKey: "push-1")
    #expect(logged.workoutNumber == before + 1)

    let history = try await client.workoutHistory()
    #expect(history.workouts.first?.id == logged.id)
    #expect(history.workouts.first?.entries == nil)
    let one = try await client.workoutLog(id: logged.id)
    #expect(one.entries == Self.pushDay.entries)
    #expect(one.doneSetCount == 3)
    #expect(one.volumeKg == 900)

    let programs = try await client.workouts()
    let bench = programs.plans[0].days[0].strength[0]
    #expect(bench.lastSets.map(\.setNumber) == [1, 2])
    #expect(bench.lastSets.last?.weight == "62.5")

    try await client.deleteWorkoutLog(id: logged.id)
    #expect(try await client.workoutHistory().workouts.count == before)
    await #expect(throws: TraineeAPIError.self) { try await client.workoutLog(id: logged.id) }
  }

  @Test func retriedLogWithTheSameKeyAnswersTheSameIdAndStoresOnce() async throws {
    let server = try DemoTraineeServer()
    let client = server.client()
    let before = try await client.workoutHistory().workouts.count
    let first = try await client.logWorkout(Self.pushDay, idempotencyKey: "retry-7f3a")
    let retry = try await client.logWorkout(Self.pushDay, idempotencyKey: "retry-7f3a")
    #expect(retry == first)
    #expect(try await client.workoutHistory().workouts.count == before + 1)
    let other = try await client.logWorkout(Self.pushDay, idempotencyKey: "retry-8b4c")
    #expect(other.id != first.id)
  }

  @Test func substitutionIsAppliedAndUndone() async throws {
    let server = try DemoTraineeServer()
    let client = server.client()
    func benchExercise() async throws -> String {
      try await client.workouts().plans[0].days[0].strength[0].exerciseId
    }
    var swap = SubstitutionRequestDto(
      programId: "plan_strength", dayId: "day_push", rowId: "row_bench",
      fromExerciseId: "ex_bench", toExerciseId: "ex_db_bench")
    try await client.saveSubstitution(swap)
    #expect(try await benchExercise() == "ex_db_bench")
    swap.toExerciseId = "ex_bench"
    try await client.saveSubstitution(swap)
    #expect(try await benchExercise() == "ex_bench")
  }

  @Test func techniqueVideoIsStoredAndItsFeedbackMarkedSeen() async throws {
    let server = try DemoTraineeServer()
    let client = server.client()
    let video = try await client.submitTechniqueVideo(
      TechniqueVideoRequestDto(url: "https://videos.example/bench.mp4", exerciseId: "ex_bench"))
    #expect(video.url == "https://videos.example/bench.mp4")
    #expect(video.exerciseId == "ex_bench")
    try await client.markFeedbackSeen(videoId: video.id)
    await #expect(throws: TraineeAPIError.self) {
      try await client.markFeedbackSeen(videoId: "999999")
    }
  }

  @Test func notificationConfigsAndSessionAnswer() async throws {
    let server = try DemoTraineeServer()
    let client = server.client()
    let saved = NotificationConfigDto(
      type: "REST_TIMER", enabled: true, titleTemplate: "Rest over", bodyTemplate: "Go: {next}")
    try server.store.saveNotificationConfig(saved, for: server.trainee)
    #expect(try await client.notificationConfigs().contains(saved))
    #expect(
      try await client.session() == TraineeSessionDto(id: "\(server.trainee)", name: "Demo trainee")
    )
  }
}
