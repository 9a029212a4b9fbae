import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// Stored data this build cannot read is the server's fault: a 500 (reported), never an answer
/// that reads it as empty. Before, a day of the wrong shape read as an empty day (sums of 0)
/// and a meal log's items as `[]` while its kcal still counted.
struct UnreadableStoredDataTests {
  private func menu(_ api: NutritionRoutesFixture) -> HTTPResponse {
    api.get("/v1/trainee/nutrition/menu", ["date": "2026-01-05"])
  }

  @Test(arguments: StoreBackend.available) func aStoredDayOfTheWrongShapeIsA500NotAnEmptyDay(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    let alice = api.alice.trainee.id
    try api.store.saveNutritionDay(
      CalendarDate(year: 2026, month: 1, day: 5)!, json: #"{"eaten":5}"#,
      keepingStoredPortions: false, for: alice)
    let answer = menu(api)
    #expect(
      answer.status == .internalServerError, "\(String(decoding: answer.body, as: UTF8.self))")
  }

  @Test(arguments: StoreBackend.available) func aStoredMealLogOfTheWrongShapeIsA500NotEmptyItems(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    _ = try api.store.logMeal(
      date: CalendarDate(year: 2026, month: 1, day: 5)!, consumedAt: nil,
      itemsJSON: #"[{"name":"Toast","kcal":"lots"}]"#, for: api.alice.trainee.id)
    #expect(menu(api).status == .internalServerError)
  }

  @Test(arguments: StoreBackend.available) func readableDataStillAnswers(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    _ = try api.store.logMeal(
      date: CalendarDate(year: 2026, month: 1, day: 5)!, consumedAt: nil,
      itemsJSON: #"[{"name":"Toast","kcal":200,"protein":6,"carbs":30,"fat":5}]"#,
      for: api.alice.trainee.id)
    #expect(menu(api).status == .ok)
  }
}
