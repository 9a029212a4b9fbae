import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// A meal log's description, photo path and `Idempotency-Key`
/// (docs/decisions/the-terminal-app-as-a-daily-app.md "Meal logs from the app"); older clients,
/// without any of them, are still accepted.
struct MealLogDetailsTests {
  static let body =
    #"{"date":"2026-01-05","description":"Pizza with friends","photoPath":"/home/sam/pizza.jpg","items":[{"name":"Pizza","kcal":850,"protein":35,"carbs":95,"fat":32}]}"#

  /// The stored logs of 2026-01-05: id, description and photo path.
  func stored(_ api: NutritionRoutesFixture) throws -> [[String?]] {
    try api.store.read { db in
      try db.rows(
        "SELECT id, description, photo_path FROM meal_logs WHERE date = '2026-01-05' ORDER BY id"
      ) { row in [String(try row.int64(0)), try row.text(1), try row.text(2)] }
    }
  }

  func post(
    _ api: NutritionRoutesFixture, _ body: String, key: String? = nil
  ) -> HTTPResponse {
    api.send(
      .post, "/v1/trainee/nutrition/logs", body: body,
      headers: key.map { ["Idempotency-Key": $0] } ?? [:])
  }

  @Test(arguments: StoreBackend.available)
  func aRetriedLogWithItsKeyIsStoredOnceWithItsDescriptionAndPhoto(_ backend: StoreBackend) throws {
    let api = try NutritionRoutesFixture(backend)
    let first = post(api, Self.body, key: "meal-1")
    #expect(first.status == .created)
    let id = try #require(first.bodyJSON?[member: "id"])
    let again = post(api, Self.body, key: "meal-1")
    #expect(again.status == .created)
    #expect(again.bodyJSON?[member: "id"] == id)
    let rows = try stored(api)
    #expect(rows.count == 1)
    #expect(rows.first?.dropFirst() == ["Pizza with friends", "/home/sam/pizza.jpg"])
    // The log counts once in the day's diary.
    let menu = api.get("/v1/trainee/nutrition/menu", ["date": "2026-01-05"])
    #expect(
      menu.bodyJSON?[member: "logs"].map {
        if case .array(let logs) = $0 { logs.count } else { -1 }
      } == 1)
  }

  @Test(arguments: StoreBackend.available) func theSameKeyForAnotherMealIs422AndStoresNothing(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    #expect(post(api, Self.body, key: "meal-1").status == .created)
    let other = Self.body.replacingOccurrences(of: "Pizza with friends", with: "Pasta")
    let refused = post(api, other, key: "meal-1")
    #expect(refused.status == .unprocessableContent)
    #expect(refused.apiError?.code == "idempotency_key_reused")
    #expect(refused.apiError?.message.contains("another meal log") == true)
    #expect(try stored(api).count == 1)
  }

  @Test(arguments: StoreBackend.available)
  func anOlderClientWithoutKeyDescriptionOrPhotoIsStillAccepted(_ backend: StoreBackend) throws {
    let api = try NutritionRoutesFixture(backend)
    let plain = #"{"date":"2026-01-05","items":[{"name":"Apple","kcal":52}]}"#
    #expect(post(api, plain).status == .created)
    #expect(post(api, plain).status == .created)
    let rows = try stored(api)
    #expect(rows.count == 2)
    #expect(rows.allSatisfy { $0[1] == nil && $0[2] == nil })
  }

  @Test(
    arguments: StoreBackend.available,
    [
      (#""description":"line one\nline two""#, "description"),
      ("\"description\":\"" + String(repeating: "a", count: 501) + "\"", "description"),
      ("\"photoPath\":\"" + String(repeating: "p", count: 1025) + "\"", "photoPath"),
      (#""photoPath":7"#, "photoPath"),
    ])
  func aBadDescriptionOrPhotoIs400AndStoresNothing(
    _ backend: StoreBackend, _ testCase: (String, String)
  ) throws {
    let (member, field) = testCase
    let api = try NutritionRoutesFixture(backend)
    let body = #"{"date":"2026-01-05",\#(member),"items":[{"name":"Apple","kcal":52}]}"#
    let refused = post(api, body, key: "meal-2")
    #expect(refused.status == .badRequest)
    #expect(refused.apiError?.code == "invalid_body")
    #expect(refused.apiError?.message.contains(field) == true)
    #expect(try stored(api).isEmpty)
  }

  @Test(arguments: StoreBackend.available) func aBadKeyIs400(_ backend: StoreBackend) throws {
    let api = try NutritionRoutesFixture(backend)
    let refused = post(api, Self.body, key: "two words")
    #expect(refused.apiError?.code == "invalid_header")
    #expect(try stored(api).isEmpty)
  }

  @Test(arguments: StoreBackend.available) func aBlankDescriptionIsNone(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    let body =
      #"{"date":"2026-01-05","description":"  ","photoPath":"","items":[{"name":"A","kcal":1}]}"#
    #expect(post(api, body).status == .created)
    #expect(try stored(api).first?.dropFirst() == [nil, nil])
  }
}
