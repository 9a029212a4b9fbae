import Foundation
import Testing

@testable import TraineeAPI

/// One snapshot type, two readings: the app reads its files and the server's answers leniently;
/// the server (`CodingUserInfoKey.checkedInput`) refuses what it always refused.
struct CheckedInputTests {
  static func decode(_ json: String, checked: Bool) throws -> NutritionDaySnapshot {
    let decoder = JSONDecoder()
    if checked { decoder.userInfo[.checkedInput] = true }
    return try decoder.decode(NutritionDaySnapshot.self, from: Data(json.utf8))
  }

  @Test(arguments: [
    (#"{"aiMeals":{"k":[{"id":"a","kcal":1000001}]}}"#, "kcal"),
    (#"{"aiMeals":{"k":[{"id":"a","fat":-1000001}]}}"#, "fat"),
    (#"{"replacement":{"k":{"id":"r","protein":2e6}}}"#, "protein"),
    (#"{"customMeals":{"k":{"id":"c","items":[{"id":"i","carbs":1e300}]}}}"#, "carbs"),
    (#"{"replacement":{"k":{"id":"r","eaten":"yes"}}}"#, "eaten"),
    (#"{"aiMeals":{"k":[{"id":"a","source":true}]}}"#, "source"),
    (#"{"customMeals":{"k":{"id":"c","items":[{"id":"i","logId":[]}]}}}"#, "logId"),
  ])
  func theServerRefusesWhatTheAppReads(json: String, field: String) throws {
    _ = try Self.decode(json, checked: false)
    #expect {
      try Self.decode(json, checked: true)
    } throws: { error in
      guard let error = error as? DecodingError else { return false }
      return Self.codingPath(of: error).last?.stringValue == field
    }
  }

  /// Where a decoding error is.
  static func codingPath(of error: DecodingError) -> [any CodingKey] {
    switch error {
    case .dataCorrupted(let context), .typeMismatch(_, let context),
      .valueNotFound(_, let context), .keyNotFound(_, let context):
      return context.codingPath
    @unknown default:
      return []
    }
  }

  @Test func amountsAtTheBoundAndAReplacementsEatenAreRead() throws {
    let json = #"{"replacement":{"k":{"id":"r","kcal":1000000,"fat":-1000000,"eaten":false}}}"#
    for checked in [false, true] {
      let replacement = try #require(try Self.decode(json, checked: checked).replacement["k"])
      #expect(replacement.kcal == 1_000_000 && replacement.fat == -1_000_000)
      #expect(replacement.eaten == false)
    }
  }

  @Test func aReplacementNotEatenCountsNothingAndItsLogCountsByItself() {
    let meal = NutritionMealDto(id: "m1", name: "Dinner", items: [])
    let plan = PlanDayChoice(
      planId: "np1", day: NutritionPlanDayDto(id: "nd1", label: "Day", meals: [meal]))
    var snapshot = NutritionDaySnapshot(
      mealStatus: ["2026-0-5__m1": .replaced],
      replacement: ["2026-0-5__m1": MealReplacement(id: "r", name: "Pizza", kcal: 800, logId: "7")]
    )
    let log = MenuLogDto(id: "7", consumedAt: "", macros: MacrosDto(kcal: 800), counted: true)
    let date = CalendarDate(year: 2026, month: 1, day: 5)!
    let eaten = NutritionMenuDto(date: date, plan: plan, snapshot: snapshot, logs: [log])
    #expect(eaten.eaten.kcal == 800 && eaten.logs.map(\.counted) == [false])
    snapshot.replacement["2026-0-5__m1"]?.eaten = false
    let notEaten = NutritionMenuDto(date: date, plan: plan, snapshot: snapshot, logs: [log])
    // The replacement stands for the log, and says it was not eaten: nothing counts.
    #expect(notEaten.meals[0].eaten == MacrosDto())
    #expect(notEaten.eaten.kcal == 0 && notEaten.logs.map(\.counted) == [false])
  }
}
