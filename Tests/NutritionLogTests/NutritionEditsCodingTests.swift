import Foundation
import Testing
import TraineeAPI

@testable import NutritionLog

/// The whole state under the spec's flat names ("State shape"), as replay output shows it.
struct NutritionEditsCodingTests {
  typealias S = NutritionEditsSamples

  static func sample() throws -> NutritionEdits {
    var edits = S.viewing()
    _ = try edits.setEaten(dateKey: S.today, itemId: "it1", eaten: true, at: S.onToday)
    _ = try edits.setSwap(dateKey: S.yesterday, itemId: "it2", optionId: "o_rice", option: S.rice)
    _ = try edits.setPortion(dateKey: S.yesterday, itemId: "it3", portion: S.oats)
    _ = try edits.setMealStatus(
      dateKey: S.yesterday, mealId: "m1", status: .eatenOutside, at: S.onToday)
    return edits
  }

  static let json = """
    { "eaten": { "2026-0-5__it1": true },
      "swaps": { "2026-0-4__it2": "o_rice" },
      "swapOptions": { "2026-0-4__it2": { "id": "o_rice", "name": "Rice", "foodId": "f_rice",
        "qty": 70, "unit": "g", "kcal": 250, "protein": 0, "carbs": 0, "fat": 0 } },
      "removed": {}, "aiMeals": {},
      "mealStatus": { "2026-0-4__m1": "EATEN_OUTSIDE" },
      "replacement": {}, "removedMeals": {}, "customMeals": {},
      "portions": { "2026-0-4__it3": { "foodId": "f_oats", "qty": 120 } },
      "viewPlanId": "np1", "viewDayId": "nd1",
      "preferredPlanId": "np1", "preferredDayId": "nd1", "preferredUntilMs": 1767672000000 }
    """

  @Test func theStateEncodesAsTheSpecsFlatMaps() throws {
    let encoded = try JSONEncoder().encode(try Self.sample())
    #expect(
      try JSONDecoder().decode(JSONValue.self, from: encoded)
        == JSONDecoder().decode(JSONValue.self, from: Data(Self.json.utf8)))
  }

  @Test func theFlatMapsDecodeIntoTheirDays() throws {
    let decoded = try JSONDecoder().decodePayload(NutritionEdits.self, from: Data(Self.json.utf8))
    #expect(decoded == (try Self.sample()))
    #expect(decoded.dateKeys == [S.yesterday, S.today])
  }

  @Test func aKeyWithoutADatePrefixFailsNamingIt() {
    #expect(throws: PayloadError(field: "eaten.it1", problem: "is not a dateKey__id key")) {
      try JSONDecoder().decodePayload(
        NutritionEdits.self, from: Data(#"{"eaten":{"it1":true}}"#.utf8))
    }
  }
}
