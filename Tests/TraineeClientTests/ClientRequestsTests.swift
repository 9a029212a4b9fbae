import Foundation
import PerformTestSupport
import Testing

@testable import TraineeAPI
@testable import TraineeClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The requests the client sends, written out whole: method, URL, the headers besides the token
/// and the zone, and the body. The client is built from the endpoint table
/// (docs/architecture.md, "One endpoint table"); these lines were recorded before it was, so a
/// change to the table or the client that changes what is sent fails here.
struct ClientRequestsTests {
  /// `request` as one line: `METHOD URL [Name: value ...] body`, a JSON body with its keys
  /// sorted (the encoder's order is not fixed).
  static func line(_ request: URLRequest) -> String {
    let skipped: Set<String> = ["Authorization", "X-Timezone", "Accept"]
    let headers = (request.allHTTPHeaderFields ?? [:])
      .filter { !skipped.contains($0.key) }
      .sorted { $0.key < $1.key }
      .map { "\($0.key): \($0.value)" }
    let body =
      request.httpBody.map { data in
        let sorted = (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
          .flatMap { try? JSONSerialization.data(withJSONObject: $0, options: .sortedKeys) }
        return " " + String(decoding: sorted ?? data, as: UTF8.self)
      } ?? ""
    let head = "\(request.httpMethod ?? "?") \(request.url?.absoluteString ?? "?")"
    return head + (headers.isEmpty ? "" : " [" + headers.joined(separator: ", ") + "]") + body
  }

  @Test func everyMethodSendsTheRequestItAlwaysSent() async throws {
    let fake = ScriptedHTTPServer()
    await ClientTransportTests.callEveryMethod(fake.client())
    let lines = fake.requests.map(Self.line)
    let log = try #require(lines.dropFirst().first)
    #expect(
      log.hasPrefix(
        "POST http://perform.test/v1/trainee/workouts/log [Content-Type: application/json, Idempotency-Key: k] {"
      ))
    #expect(
      lines.dropFirst(2) == [
        "GET http://perform.test/v1/trainee/workouts/history",
        "GET http://perform.test/v1/trainee/workouts/history/1",
        "DELETE http://perform.test/v1/trainee/workouts/log/1",
        #"POST http://perform.test/v1/trainee/workouts/substitutions [Content-Type: application/json] {"dayId":"d","fromExerciseId":"a","rowId":"r","toExerciseId":"b"}"#,
        #"POST http://perform.test/v1/trainee/technique-videos [Content-Type: application/json] {"url":"https:\/\/v.test"}"#,
        "POST http://perform.test/v1/trainee/technique-videos/1/feedback-seen",
        "GET http://perform.test/v1/trainee/notification-configs",
        "GET http://perform.test/v1/trainee/session",
        "GET http://perform.test/v1/trainee/nutrition/plans",
        "GET http://perform.test/v1/trainee/nutrition/day?date=2026-01-05",
        #"PUT http://perform.test/v1/trainee/nutrition/day [Content-Type: application/json] {"data":{},"date":"2026-01-05"}"#,
        "GET http://perform.test/v1/trainee/nutrition/menu?date=2026-01-05",
        #"POST http://perform.test/v1/trainee/nutrition/logs [Content-Type: application/json] {"items":[]}"#,
        "GET http://perform.test/v1/foods/search?q=oats",
        "GET http://perform.test/v1/foods/barcode/2000000000015",
        "GET http://perform.test/v1/trainee/home",
      ])
    #expect(lines.first == "GET http://perform.test/v1/trainee/workouts")
  }

  @Test func optionalQueriesHeadersAndPathSegmentsAreSentAsBefore() async throws {
    let fake = ScriptedHTTPServer()
    let client = fake.client()
    let hint = PlanDayHint(planId: "np 1", dayId: "d+1")
    _ = try? await client.workoutHistory(limit: 10, cursor: "c+1")
    _ = try? await client.loggedSets(exerciseId: "ex bench", after: "a", limit: 5)
    _ = try? await client.loggedSets()
    _ = try? await client.workoutLog(id: "a/b c?")
    _ = try? await client.deleteWorkoutLog(id: "#1")
    _ = try? await client.markFeedbackSeen(videoId: "v/1")
    _ = try? await client.nutritionMenu(date: "2026-01-05", hint: hint)
    _ = try? await client.logMeal(MealLogRequestDto(items: []), idempotencyKey: "m1")
    _ = try? await client.searchFoods("oat milk", limit: 3)
    _ = try? await client.food(barcode: "12/34")
    _ = try? await client.home(hint: hint)
    #expect(
      fake.requests.map(Self.line) == [
        "GET http://perform.test/v1/trainee/workouts/history?limit=10&cursor=c%2B1",
        "GET http://perform.test/v1/trainee/workouts/sets?exerciseId=ex%20bench&after=a&limit=5",
        "GET http://perform.test/v1/trainee/workouts/sets",
        "GET http://perform.test/v1/trainee/workouts/history/a%2Fb%20c%3F",
        "DELETE http://perform.test/v1/trainee/workouts/log/%231",
        "POST http://perform.test/v1/trainee/technique-videos/v%2F1/feedback-seen",
        "GET http://perform.test/v1/trainee/nutrition/menu?date=2026-01-05&planId=np%201&dayId=d%2B1",
        #"POST http://perform.test/v1/trainee/nutrition/logs [Content-Type: application/json, Idempotency-Key: m1] {"items":[]}"#,
        "GET http://perform.test/v1/foods/search?q=oat%20milk&limit=3",
        "GET http://perform.test/v1/foods/barcode/12%2F34",
        "GET http://perform.test/v1/trainee/home?planId=np%201&dayId=d%2B1",
      ])
  }

  @Test func everyKeptReadHasTheKeyStaleTimeAndRequestItAlwaysHad() async throws {
    let hint = PlanDayHint(planId: "np 1", dayId: "d/1")
    let reads:
      [(key: String, staleAfter: TimeInterval, send: @Sendable (KeptReads) async -> Void)] = [
        (
          KeptRead.workouts.key, KeptRead.workouts.staleAfter, { _ = try? await $0.read(.workouts) }
        ),
        (
          KeptRead.workoutHistory.key, KeptRead.workoutHistory.staleAfter,
          { _ = try? await $0.read(.workoutHistory) }
        ),
        (
          KeptRead.notificationConfigs.key, KeptRead.notificationConfigs.staleAfter,
          { _ = try? await $0.read(.notificationConfigs) }
        ),
        (
          KeptRead.nutritionPlans.key, KeptRead.nutritionPlans.staleAfter,
          { _ = try? await $0.read(.nutritionPlans) }
        ),
        (
          KeptRead.nutritionMenu(date: "2026-01-05", hint: hint).key,
          KeptRead.nutritionMenu(date: "2026-01-05", hint: hint).staleAfter,
          { _ = try? await $0.read(.nutritionMenu(date: "2026-01-05", hint: hint)) }
        ),
        (
          KeptRead<NutritionDayDto<JSONValue>>.nutritionDay(date: "2026-01-05").key,
          KeptRead<NutritionDayDto<JSONValue>>.nutritionDay(date: "2026-01-05").staleAfter,
          {
            _ = try? await $0.read(
              KeptRead<NutritionDayDto<JSONValue>>.nutritionDay(date: "2026-01-05"))
          }
        ),
        (KeptRead.home.key, KeptRead.home.staleAfter, { _ = try? await $0.read(.home) }),
        (
          KeptRead.home(hint: hint).key, KeptRead.home(hint: hint).staleAfter,
          { _ = try? await $0.read(.home(hint: hint)) }
        ),
      ]
    let fake = ScriptedHTTPServer()
    fake.reachable = false
    let device = KeptReadsTests.Device()
    defer { device.remove() }
    for read in reads { await read.send(device.reads(fake)) }
    #expect(
      reads.map { "\($0.key) \(Int($0.staleAfter))" } == [
        "workouts 300", "workout-history 300", "notification-configs 600", "nutrition-plans 1800",
        "nutrition-menu-2026-01-05.np_1.d_1 60", "nutrition-day-2026-01-05 60", "home 60",
        "home 60",
      ])
    #expect(
      fake.requests.map(Self.line) == [
        "GET http://perform.test/v1/trainee/workouts",
        "GET http://perform.test/v1/trainee/workouts/history",
        "GET http://perform.test/v1/trainee/notification-configs",
        "GET http://perform.test/v1/trainee/nutrition/plans",
        "GET http://perform.test/v1/trainee/nutrition/menu?date=2026-01-05&planId=np%201&dayId=d/1",
        "GET http://perform.test/v1/trainee/nutrition/day?date=2026-01-05",
        "GET http://perform.test/v1/trainee/home",
        "GET http://perform.test/v1/trainee/home?planId=np%201&dayId=d/1",
      ])
  }
}
