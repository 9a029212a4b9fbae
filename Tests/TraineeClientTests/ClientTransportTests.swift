import Foundation
import PerformTestSupport
import Synchronization
import Testing
import TraineeData
import TraineeServer

@testable import TraineeAPI
@testable import TraineeClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the client puts on the wire and how it types failures.
struct ClientTransportTests {
  /// Calls every method of the client once; failures (the fake's `{}` fits few) are ignored.
  static func callEveryMethod(_ client: TraineeAPIClient) async {
    let log = ClientWorkoutTests.pushDay
    _ = try? await client.workouts()
    _ = try? await client.logWorkout(log, idempotencyKey: "k")
    _ = try? await client.workoutHistory()
    _ = try? await client.workoutLog(id: "1")
    _ = try? await client.deleteWorkoutLog(id: "1")
    _ = try? await client.saveSubstitution(
      SubstitutionRequestDto(
        programId: nil, dayId: "d", rowId: "r", fromExerciseId: "a", toExerciseId: "b"))
    _ = try? await client.submitTechniqueVideo(TechniqueVideoRequestDto(url: "https://v.test"))
    _ = try? await client.markFeedbackSeen(videoId: "1")
    _ = try? await client.notificationConfigs()
    _ = try? await client.session()
    _ = try? await client.nutritionPlans()
    _ = try? await client.nutritionDay(date: "2026-01-05")
    _ = try? await client.saveNutritionDay(date: "2026-01-05", data: JSONValue.object([:]))
    _ = try? await client.nutritionMenu(date: "2026-01-05")
    _ = try? await client.logMeal(MealLogRequestDto(items: []))
    _ = try? await client.searchFoods("oats")
    _ = try? await client.food(barcode: "2000000000015")
    _ = try? await client.home()
  }

  @Test func everyRequestCarriesTheTokenAndTheTimeZone() async throws {
    let fake = ScriptedHTTPServer()
    await Self.callEveryMethod(fake.client(zone: "America/New_York"))
    let requests = fake.requests
    #expect(requests.count == 18)
    for request in requests {
      #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0k3n")
      #expect(request.value(forHTTPHeaderField: "X-Timezone") == "America/New_York")
    }
    let lines = requests.map { "\($0.httpMethod ?? "?") \($0.url!.absoluteString)" }
    #expect(lines.contains("GET http://perform.test/v1/trainee/nutrition/day?date=2026-01-05"))
    #expect(lines.contains("DELETE http://perform.test/v1/trainee/workouts/log/1"))
    #expect(lines.contains("GET http://perform.test/v1/foods/barcode/2000000000015"))
    let log = requests.first { $0.url?.path == "/v1/trainee/workouts/log" }
    #expect(log?.value(forHTTPHeaderField: "Idempotency-Key") == "k")
    #expect(log?.value(forHTTPHeaderField: "Content-Type") == "application/json")
  }

  @Test func timeZoneIsReadOnEveryRequest() async throws {
    let zone = Mutex("Europe/Berlin")
    let seen = Mutex<[String]>([])
    let client = TraineeAPIClient(
      baseURL: URL(string: "http://perform.test")!, token: "t",
      timeZone: { TimeZone(identifier: zone.withLock { $0 })! }
    ) { request in
      seen.withLock { $0.append(request.value(forHTTPHeaderField: "X-Timezone") ?? "") }
      return (
        Data("{\"id\":\"1\",\"name\":\"A\"}".utf8),
        HTTPURLResponse(
          url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
      )
    }
    _ = try await client.session()
    zone.withLock { $0 = "Asia/Tokyo" }
    _ = try await client.session()
    #expect(seen.withLock { $0 } == ["Europe/Berlin", "Asia/Tokyo"])
  }

  @Test func malformedAnswerIsADecodingErrorNamingTheField() async throws {
    let fake = ScriptedHTTPServer(
      body: #"{"workouts":[{"id":"1","workoutNumber":"three","loggedAt":"x","completed":true}]}"#)
    await #expect(
      throws: TraineeAPIError.decoding(
        PayloadError(field: "workouts[0].workoutNumber", problem: "is not a number"))
    ) {
      try await fake.client(zone: "Europe/Berlin").workoutHistory()
    }
    let broken = ScriptedHTTPServer(body: "{\"id\":")
    await #expect {
      try await broken.client(zone: "Europe/Berlin").session()
    } throws: { error in
      guard case .decoding(let problem) = error as? TraineeAPIError else { return false }
      return problem.field == "(document)"
    }
  }

  @Test func errorStatusCarriesTheServersErrorBody() async throws {
    let fake = ScriptedHTTPServer(
      status: 404, body: #"{"error":{"code":"not_found","message":"No workout log has id 9."}}"#)
    await #expect(
      throws: TraineeAPIError.http(
        status: 404, error: APIErrorBody(code: "not_found", message: "No workout log has id 9."))
    ) {
      try await fake.client(zone: "Europe/Berlin").workoutLog(id: "9")
    }
    let bare = ScriptedHTTPServer(status: 502, body: "<html>Bad gateway</html>")
    await #expect(throws: TraineeAPIError.http(status: 502, error: nil)) {
      try await bare.client(zone: "Europe/Berlin").session()
    }
  }

  @Test func unknownTokenIsHTTP401WithTheServersBody() async throws {
    let server = try DemoTraineeServer()
    await #expect(
      throws: TraineeAPIError.http(
        status: 401, error: APIErrorBody(code: "unauthorized", message: "The token is not valid."))
    ) {
      try await server.client(token: "not-a-token").session()
    }
  }

  @Test func closedPortIsOffline() async throws {
    let port = try closedPort()
    let client = TraineeAPIClient(
      baseURL: URL(string: "http://127.0.0.1:\(port)")!, token: "t",
      session: URLSession(configuration: .ephemeral))
    await #expect(throws: TraineeAPIError.offline) { try await client.session() }
  }

  @Test(arguments: [
    (URLError.Code.notConnectedToInternet, TraineeAPIError.offline),
    (.cannotConnectToHost, .offline), (.networkConnectionLost, .offline),
    (.timedOut, .timeout), (.cancelled, .cancelled),
  ])
  func urlErrorsAreTyped(code: URLError.Code, expected: TraineeAPIError) async {
    let client = TraineeAPIClient(
      baseURL: URL(string: "http://perform.test")!, token: "t", timeZone: { .gmt }
    ) { _ in throw URLError(code) }
    await #expect(throws: expected) { try await client.session() }
  }
}
