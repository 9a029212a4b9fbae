import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

private typealias F = StoreFixture

/// The workout routes through the real server on a loopback port, with URLSession.
struct WorkoutRoutesHTTPTests {
  private func bearer(_ trainee: NewTrainee) -> [String: String] {
    ["Authorization": "Bearer \(trainee.token)"]
  }

  @Test(arguments: StoreBackend.available) func tokensUnknownRoutesAndMethods(
    _ backend: StoreBackend
  ) async throws {
    let api = try WorkoutAPIFixture(backend)
    let server = try TraineeAPIServer.loopback(store: api.store, now: { StoreFixture.monday })
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let missing = try await client.answer("GET", "/v1/trainee/workouts")
    #expect(missing.status == 401)
    #expect(missing.error?.error.code == "unauthorized")
    let wrong = try await client.answer(
      "GET", "/v1/trainee/workouts", headers: ["Authorization": "Bearer nope"])
    #expect(wrong.status == 401)
    let unknown = try await client.answer(
      "GET", "/v1/trainee/workouts/nothing", headers: bearer(api.alice))
    #expect(unknown.status == 404)
    #expect(unknown.error?.error.code == "not_found")
    let (method, response) = try await client.send(
      "PUT", "/v1/trainee/workouts/log", headers: bearer(api.alice), body: Data("{}".utf8))
    #expect(method.status == 405)
    #expect(method.error?.error.code == "method_not_allowed")
    #expect(response.value(forHTTPHeaderField: "Allow") == "POST")
    #expect(method.contentType == "application/json")
  }

  @Test(arguments: StoreBackend.available) func aRetriedLogIsStoredOnceAndFeedsLastSets(
    _ backend: StoreBackend
  ) async throws {
    let api = try WorkoutAPIFixture(backend)
    let server = try TraineeAPIServer.loopback(store: api.store, now: { StoreFixture.monday })
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    var headers = bearer(api.alice)
    headers["Idempotency-Key"] = "finish-1"
    let body = try JSONEncoder().encode(
      F.workout([F.entry("bench", [F.strength(1, 80, 5)])]))
    let first = try await client.answer(
      "POST", "/v1/trainee/workouts/log", headers: headers, body: body)
    let retry = try await client.answer(
      "POST", "/v1/trainee/workouts/log", headers: headers, body: body)
    #expect(first.status == 201)
    #expect(retry.status == 201)
    #expect(retry.body == first.body)
    let other = try await client.answer(
      "POST", "/v1/trainee/workouts/log", headers: headers,
      body: try JSONEncoder().encode(F.benchDay))
    #expect(other.status == 422)
    #expect(other.error?.error.code == "idempotency_key_reused")
    #expect(other.error?.error.message.contains("finish-1") == true)
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).count == 1)
    headers["Idempotency-Key"] = "finish-2"
    let second = try await client.answer(
      "POST", "/v1/trainee/workouts/log", headers: headers,
      body: try JSONEncoder().encode(F.benchDay))
    let answer = try JSONDecoder().decode(LoggedWorkoutDto.self, from: second.body)
    #expect(answer.workoutNumber == 2)

    let programs = try await client.answer(
      "GET", "/v1/trainee/workouts", headers: bearer(api.alice))
    #expect(programs.status == 200)
    let row = try JSONDecoder().decode(TrainingProgramsDto.self, from: programs.body)
      .plans[0].days[0].strength[0]
    #expect(
      row.lastSets == [
        LastSetDto(setNumber: 1, weight: "60", reps: "10"),
        LastSetDto(setNumber: 2, weight: "62.5", reps: "8"),
      ])
    #expect(row.best == BestDto(weight: 80, reps: 5))
  }

  @Test(arguments: StoreBackend.available) func aBadBodyIsRefusedNamingTheField(
    _ backend: StoreBackend
  ) async throws {
    let api = try WorkoutAPIFixture(backend)
    let server = try TraineeAPIServer.loopback(store: api.store, now: { StoreFixture.monday })
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let answer = try await client.answer(
      "POST", "/v1/trainee/workouts/log", headers: bearer(api.alice),
      body: Data(#"{"completed":"yes","entries":[]}"#.utf8))
    #expect(answer.status == 400)
    #expect(answer.error?.error.code == "invalid_body")
    #expect(answer.error?.error.message.contains("completed") == true)
  }

  @Test(arguments: StoreBackend.available) func anotherTraineeCannotTouchALogOrAVideo(
    _ backend: StoreBackend
  ) async throws {
    let api = try WorkoutAPIFixture(backend)
    let server = try TraineeAPIServer.loopback(store: api.store, now: { StoreFixture.monday })
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let logged = try api.log(F.benchDay, as: api.alice)
    let video = try api.store.addTechniqueVideo(
      url: "https://v.example/1", exerciseId: "bench", for: api.alice.trainee.id)
    for (method, path) in [
      ("GET", "/v1/trainee/workouts/history/\(logged.id)"),
      ("DELETE", "/v1/trainee/workouts/log/\(logged.id)"),
      ("POST", "/v1/trainee/technique-videos/\(video.id)/feedback-seen"),
    ] {
      let answer = try await client.answer(method, path, headers: bearer(api.bob))
      #expect(answer.status == 404, "\(method) \(path)")
      #expect(answer.error?.error.code == "not_found")
    }
    let history = try await client.answer(
      "GET", "/v1/trainee/workouts/history", headers: bearer(api.bob))
    #expect(try JSONDecoder().decode(WorkoutHistoryDto.self, from: history.body).workouts == [])
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).count == 1)
    #expect(try api.store.techniqueVideos(for: api.alice.trainee.id)[0].feedbackSeenAt == nil)
  }
}
