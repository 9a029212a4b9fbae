import Foundation
import Testing
import TraineeAPI

@testable import NutritionLog

/// The day snapshot's wire format (docs/specs/nutrition-day.md, "The day snapshot"): the nine maps
/// by their names with date-prefixed keys, `portions` always sent, `swapOptions` never, lenient
/// about missing maps, a `PayloadError` naming the field on wrong types, and one canonical
/// encoding.
struct NutritionDaySnapshotTests {
  typealias S = NutritionEditsSamples

  static let wireJSON = """
    {
      "eaten": { "2026-0-5__it1": true, "2026-0-5__it4": false },
      "swaps": { "2026-0-5__it2": "o2" },
      "removed": { "2026-0-5__it3": true },
      "aiMeals": { "2026-0-5__m1": [
        { "id": "a1", "name": "Apple", "kcal": 52, "protein": 0.3, "carbs": 14, "fat": 0.2 },
        { "id": "y1", "name": "Yoghurt", "kcal": 120, "protein": 10, "carbs": 8, "fat": 5,
          "mbp": { "p": 1.5 }, "eaten": true, "qty": 150, "unit": "g",
          "base": { "qty": 100, "unit": "g", "kcal": 80 }, "food": { "id": "f_yog" },
          "barcode": "04012345678901" } ] },
      "mealStatus": { "2026-0-5__m2": "EATEN_OUTSIDE", "2026-0-5__m3": "REPLACED" },
      "replacement": { "2026-0-5__m3": { "id": "r1", "name": "Pizza", "kcal": 800,
        "protein": 30, "carbs": 90, "fat": 35, "source": "photo", "logId": "log_7" } },
      "removedMeals": { "2026-0-5__m4": true },
      "customMeals": { "2026-0-5__c1": { "id": "c1", "label": "Snack", "logId": "log_8",
        "items": [ { "id": "n1", "name": "Nuts", "kcal": 180, "protein": 6, "carbs": 5,
                     "fat": 16, "eaten": false } ] } },
      "portions": { "2026-0-5__it1": { "foodId": "f_oats", "qty": 120 } }
    }
    """

  static let wireValue = NutritionDaySnapshot(
    eaten: ["2026-0-5__it1": true, "2026-0-5__it4": false],
    swaps: ["2026-0-5__it2": "o2"],
    removed: ["2026-0-5__it3": true],
    aiMeals: [
      "2026-0-5__m1": [
        S.apple,
        CustomMealItem(
          id: "y1", name: "Yoghurt", kcal: 120, protein: 10, carbs: 8, fat: 5,
          mbp: .object(["p": .number(1.5)]), eaten: true, qty: 150, unit: "g",
          base: .object(["qty": .number(100), "unit": .string("g"), "kcal": .number(80)]),
          food: .object(["id": .string("f_yog")]), barcode: "04012345678901"),
      ]
    ],
    mealStatus: ["2026-0-5__m2": .eatenOutside, "2026-0-5__m3": .replaced],
    replacement: [
      "2026-0-5__m3": MealReplacement(
        id: "r1", name: "Pizza", kcal: 800, protein: 30, carbs: 90, fat: 35, source: "photo",
        logId: "log_7")
    ],
    removedMeals: ["2026-0-5__m4": true],
    customMeals: [
      "2026-0-5__c1": CustomMeal(
        id: "c1", label: "Snack",
        items: [
          CustomMealItem(
            id: "n1", name: "Nuts", kcal: 180, protein: 6, carbs: 5, fat: 16, eaten: false)
        ], logId: "log_8")
    ],
    portions: ["2026-0-5__it1": S.oats])

  static func parsed(_ data: Data) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data)
  }

  @Test func theWireJSONDecodesToItsValue() throws {
    #expect(try NutritionDaySnapshot.decode(Data(Self.wireJSON.utf8)) == Self.wireValue)
  }

  @Test func theValueEncodesToTheWireJSON() throws {
    let encoded = try JSONEncoder().encode(Self.wireValue)
    #expect(try Self.parsed(encoded) == Self.parsed(Data(Self.wireJSON.utf8)))
    #expect(try Self.parsed(Self.wireValue.canonicalJSON()) == Self.parsed(encoded))
  }

  @Test func anEmptySnapshotSendsAllNineMapsPortionsIncluded() {
    let json = String(decoding: NutritionDaySnapshot.empty.canonicalJSON(), as: UTF8.self)
    #expect(
      json
        == #"{"aiMeals":{},"customMeals":{},"eaten":{},"mealStatus":{},"portions":{},"#
        + #""removed":{},"removedMeals":{},"replacement":{},"swaps":{}}"#)
  }

  @Test(arguments: [
    "{}",
    #"""
    { "eaten": null, "swaps": null, "removed": null, "aiMeals": null, "mealStatus": null,
      "replacement": null, "removedMeals": null, "customMeals": null, "portions": null }
    """#,
  ])
  func missingOrNullMapsAreEmpty(json: String) throws {
    #expect(try NutritionDaySnapshot.decode(Data(json.utf8)) == .empty)
  }

  @Test func aSnapshotFromABuildWithoutPortionsDecodes() throws {
    let json = #"{ "eaten": { "2026-0-5__it1": true }, "swapOptions": { "x": 1 }, "v": 2 }"#
    #expect(
      try NutritionDaySnapshot.decode(Data(json.utf8))
        == NutritionDaySnapshot(eaten: ["2026-0-5__it1": true]))
  }

  @Test func minimalFoodsDecodeWithDefaults() throws {
    let json = #"""
      { "aiMeals": { "2026-0-5__m1": [ { "id": "a1" } ] },
        "customMeals": { "2026-0-5__c1": { "id": "c1" } },
        "replacement": { "2026-0-5__m3": { "id": "r1", "name": 7 } } }
      """#
    #expect(
      try NutritionDaySnapshot.decode(Data(json.utf8))
        == NutritionDaySnapshot(
          aiMeals: ["2026-0-5__m1": [CustomMealItem(id: "a1", name: "")]],
          replacement: ["2026-0-5__m3": MealReplacement(id: "r1", name: "7")],
          customMeals: ["2026-0-5__c1": CustomMeal(id: "c1", label: "")]))
  }

  @Test func aReplacementReadsNoEatenAndWritesNone() throws {
    let json = #"{ "replacement": { "2026-0-5__m3": { "id": "r1", "eaten": "yes" } } }"#
    let snapshot = try NutritionDaySnapshot.decode(Data(json.utf8))
    #expect(snapshot.replacement == ["2026-0-5__m3": MealReplacement(id: "r1", name: "")])
    let encoded = String(decoding: try JSONEncoder().encode(snapshot.replacement), as: UTF8.self)
    #expect(!encoded.contains("eaten"))
  }

  @Test(arguments: [
    (#"{ "eaten": [] }"#, PayloadError(field: "eaten", problem: "is not an object")),
    (
      #"{ "eaten": { "2026-0-5__it1": "yes" } }"#,
      PayloadError(field: "eaten.2026-0-5__it1", problem: "is not true or false")
    ),
    (
      #"{ "swaps": { "2026-0-5__it1": 2 } }"#,
      PayloadError(field: "swaps.2026-0-5__it1", problem: "is not text")
    ),
    (
      #"{ "aiMeals": { "2026-0-5__m1": [ { "name": "Apple" } ] } }"#,
      PayloadError(field: "aiMeals.2026-0-5__m1[0].id", problem: "is missing")
    ),
    (
      #"{ "aiMeals": { "2026-0-5__m1": [ { "id": "a1", "kcal": "52" } ] } }"#,
      PayloadError(field: "aiMeals.2026-0-5__m1[0].kcal", problem: "is not a number")
    ),
    (
      #"{ "aiMeals": { "2026-0-5__m1": [ { "id": "a1", "unit": true } ] } }"#,
      PayloadError(field: "aiMeals.2026-0-5__m1[0].unit", problem: "is not text")
    ),
    (
      #"{ "aiMeals": { "2026-0-5__m1": [ { "id": "a1", "eaten": "yes", "qty": "1" } ] } }"#,
      PayloadError(field: "aiMeals.2026-0-5__m1[0].eaten", problem: "is not true or false")
    ),
    (
      #"{ "aiMeals": { "2026-0-5__m1": [ { "id": "a1", "mbp": 1, "eaten": 2, "fat": "" } ] } }"#,
      PayloadError(field: "aiMeals.2026-0-5__m1[0].fat", problem: "is not a number")
    ),
    (
      #"{ "replacement": { "2026-0-5__m3": { "name": "Pizza", "source": [] } } }"#,
      PayloadError(field: "replacement.2026-0-5__m3.id", problem: "is missing")
    ),
    (
      #"{ "replacement": { "2026-0-5__m3": { "id": "r1", "logId": {}, "barcode": [] } } }"#,
      PayloadError(field: "replacement.2026-0-5__m3.barcode", problem: "is not text")
    ),
    (
      #"{ "replacement": { "2026-0-5__m3": { "id": "r1", "logId": {}, "source": [] } } }"#,
      PayloadError(field: "replacement.2026-0-5__m3.source", problem: "is not text")
    ),
    (
      #"{ "replacement": { "2026-0-5__m3": [] } }"#,
      PayloadError(field: "replacement.2026-0-5__m3", problem: "is not an object")
    ),
    (
      #"{ "mealStatus": { "2026-0-5__m1": "SKIPPED" } }"#,
      PayloadError(
        field: "mealStatus.2026-0-5__m1",
        problem: #"is "SKIPPED", not one of "PLANNED", "EATEN_OUTSIDE", "REPLACED""#)
    ),
    (
      #"{"customMeals":{"2026-0-5__c1":{"id":"c1","items":[{"id":"n1","qty":[]}]}}}"#,
      PayloadError(field: "customMeals.2026-0-5__c1.items[0].qty", problem: "is not a number")
    ),
    (
      #"{ "customMeals": { "2026-0-5__c1": { "id": "c1", "items": {} } } }"#,
      PayloadError(field: "customMeals.2026-0-5__c1.items", problem: "is not a list")
    ),
    (
      #"{ "portions": { "2026-0-5__it1": { "foodId": "f_oats", "qty": "NaN" } } }"#,
      PayloadError(field: "portions.2026-0-5__it1.qty", problem: "is not a number")
    ),
    (
      #"{ "portions": { "2026-0-5__it1": { "qty": 120 } } }"#,
      PayloadError(field: "portions.2026-0-5__it1.foodId", problem: "is missing")
    ),
  ])
  func aWrongTypeFailsNamingTheField(json: String, error: PayloadError) {
    #expect(throws: error) { try NutritionDaySnapshot.decode(Data(json.utf8)) }
  }

  @Test(arguments: ["1e999", "-1e999", "NaN", "Infinity"])
  func aNumberJSONCannotHoldFailsTheDocument(qty: String) {
    let json = #"{ "portions": { "2026-0-5__it1": { "foodId": "f", "qty": \#(qty) } } }"#
    #expect {
      try NutritionDaySnapshot.decode(Data(json.utf8))
    } throws: { error in
      (error as? PayloadError)?.field == "(document)"
    }
  }

  @Test func aDecodedPortionThatIsNotValidIsKeptButNotCounted() throws {
    let json = #"{ "portions": { "2026-0-5__it1": { "foodId": "", "qty": 0 } } }"#
    let snapshot = try NutritionDaySnapshot.decode(Data(json.utf8))
    #expect(snapshot.portions == ["2026-0-5__it1": ItemPortion(foodId: "", qty: 0)])
    var edits = NutritionEdits()
    edits.hydrateDay(S.today, snapshot)
    #expect(edits.collectDaySnapshot(S.today) == snapshot)
    #expect(edits.portion(dateKey: S.today, itemId: "it1") == nil)
  }

  @Test func theCanonicalEncodingSortsKeysSoEqualSnapshotsHaveEqualBytes() throws {
    var forwards = NutritionDaySnapshot()
    var backwards = NutritionDaySnapshot()
    let keys = (1...40).map { "2026-0-5__it\($0)" }
    for key in keys { forwards.eaten[key] = true }
    for key in keys.reversed() { backwards.eaten[key] = true }
    #expect(forwards.canonicalJSON() == backwards.canonicalJSON())

    let small = NutritionDaySnapshot(
      eaten: ["2026-0-5__b": true, "2026-0-5__a": true],
      portions: ["2026-0-5__a": ItemPortion(foodId: "f", qty: 57.5)])
    #expect(
      String(decoding: small.canonicalJSON(), as: UTF8.self)
        == #"{"aiMeals":{},"customMeals":{},"eaten":{"2026-0-5__a":true,"2026-0-5__b":true},"#
        + #""mealStatus":{},"portions":{"2026-0-5__a":{"foodId":"f","qty":57.5}},"removed":{},"#
        + #""removedMeals":{},"replacement":{},"swaps":{}}"#)

    backwards.eaten["2026-0-5__it7"] = false
    #expect(forwards.canonicalJSON() != backwards.canonicalJSON())
  }

  @Test func theCanonicalEncodingReadsBackToTheSameSnapshot() throws {
    let bytes = Self.wireValue.canonicalJSON()
    #expect(try NutritionDaySnapshot.decode(bytes) == Self.wireValue)
    #expect(try NutritionDaySnapshot.decode(bytes).canonicalJSON() == bytes)
  }
}
