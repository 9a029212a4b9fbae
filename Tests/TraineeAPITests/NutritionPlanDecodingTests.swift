import Foundation
import Testing

@testable import TraineeAPI

/// `GET /v1/trainee/nutrition/plans` as docs/decisions/the-nutrition-day.md ("The coach's plan")
/// describes it: the example decodes, everything but ids and names is optional, unknown fields are
/// ignored, and a malformed payload is a `PayloadError` naming the field.
struct NutritionPlanDecodingTests {
  /// The issue's example, verbatim.
  static let issueExample = """
    { "plans": [ { "id": "np1", "name": "Cut", "days": [ { "id": "nd1", "label": "Training day",
        "targets": { "kcal": 2400, "protein": 180, "carbs": 250, "fat": 70 },
        "meals": [ { "id": "m1", "name": "Breakfast", "time": "08:00", "items": [ { "id": "it1",
          "options": [ { "id": "o1", "name": "Oats", "foodId": "f_oats", "qty": 80, "unit": "g",
                         "kcal": 300, "protein": 10, "carbs": 54, "fat": 6 } ] } ] } ] } ] } ] }
    """

  static let oats = NutritionOptionDto(
    id: "o1", name: "Oats", foodId: "f_oats", qty: 80, unit: "g", kcal: 300, protein: 10,
    carbs: 54, fat: 6)

  static let issueExampleDecoded = NutritionPlansDto(plans: [
    NutritionPlanDto(
      id: "np1", name: "Cut",
      days: [
        NutritionPlanDayDto(
          id: "nd1", label: "Training day",
          targets: NutritionTargetsDto(kcal: 2400, protein: 180, carbs: 250, fat: 70),
          meals: [
            NutritionMealDto(
              id: "m1", name: "Breakfast", time: "08:00",
              items: [NutritionItemDto(id: "it1", options: [oats])])
          ])
      ])
  ])

  static func decode(_ json: String) throws(PayloadError) -> NutritionPlansDto {
    try JSONDecoder().decodePayload(NutritionPlansDto.self, from: Data(json.utf8))
  }

  @Test func issueExampleDecodesToExpectedValues() throws {
    #expect(try Self.decode(Self.issueExample) == Self.issueExampleDecoded)
  }

  @Test func theExampleEncodesBackToTheSameJSON() throws {
    let encoded = try JSONEncoder().encode(Self.issueExampleDecoded)
    #expect(
      try JSONDecoder().decode(JSONValue.self, from: encoded)
        == JSONDecoder().decode(JSONValue.self, from: Data(Self.issueExample.utf8)))
  }

  @Test func theFirstOptionIsTheMainOne() {
    let item = NutritionItemDto(
      id: "it1", options: [Self.oats, NutritionOptionDto(id: "o2", name: "Muesli")])
    #expect(item.mainOption == Self.oats)
    #expect(item.option("o2") == NutritionOptionDto(id: "o2", name: "Muesli"))
    #expect(item.option("o9") == nil)
    #expect(NutritionItemDto(id: "it2").mainOption == nil)
  }

  @Test(arguments: ["{}", #"{ "plans": null }"#])
  func anEmptyDocumentHasNoPlans(json: String) throws {
    #expect(try Self.decode(json) == NutritionPlansDto(plans: []))
  }

  @Test func minimalEntriesDecodeWithDefaults() throws {
    let json = """
      { "plans": [ { "id": "p", "name": "P" }, { "id": "q", "name": "Q", "days": [
          { "id": "d", "label": null, "targets": {}, "meals": [
            { "id": "m", "name": "Lunch", "items": [ { "id": "i" },
              { "id": "j", "options": [ { "id": "o", "name": "Rice" } ] } ] } ] } ] } ] }
      """
    let expected = NutritionPlansDto(plans: [
      NutritionPlanDto(id: "p", name: "P"),
      NutritionPlanDto(
        id: "q", name: "Q",
        days: [
          NutritionPlanDayDto(
            id: "d", targets: NutritionTargetsDto(),
            meals: [
              NutritionMealDto(
                id: "m", name: "Lunch",
                items: [
                  NutritionItemDto(id: "i"),
                  NutritionItemDto(id: "j", options: [NutritionOptionDto(id: "o", name: "Rice")]),
                ])
            ])
        ]),
    ])
    #expect(try Self.decode(json) == expected)
  }

  @Test func unknownFieldsAreIgnoredAndTextFieldsAcceptNumbers() throws {
    let json = """
      { "version": 3, "plans": [ { "id": "np1", "name": "Cut", "coach": "Ana", "days": [
          { "id": "nd1", "label": 1, "weekday": 1, "targets": { "kcal": 2400, "fibre": 30 },
            "meals": [ { "id": "m1", "name": "Breakfast", "time": 8, "photo": null,
              "items": [ { "id": "it1", "note": "x", "options": [
                { "id": "o1", "name": "Oats", "unit": 1, "brand": "Acme" } ] } ] } ] } ] } ] }
      """
    let expected = NutritionPlansDto(plans: [
      NutritionPlanDto(
        id: "np1", name: "Cut",
        days: [
          NutritionPlanDayDto(
            id: "nd1", label: "1", targets: NutritionTargetsDto(kcal: 2400),
            meals: [
              NutritionMealDto(
                id: "m1", name: "Breakfast", time: "8",
                items: [
                  NutritionItemDto(
                    id: "it1", options: [NutritionOptionDto(id: "o1", name: "Oats", unit: "1")])
                ])
            ])
        ])
    ])
    #expect(try Self.decode(json) == expected)
  }

  /// A meal wrapped in a day and a plan, so paths start at `plans[0].days[0].meals[0]`.
  static func document(meal: String) -> String {
    #"{ "plans": [ { "id": "p", "name": "P", "days": [ { "id": "d", "meals": [ \#(meal) ] } ] }"#
      + " ] }"
  }

  @Test(arguments: [
    (
      #"{ "plans": [ { "name": "P" } ] }"#,
      PayloadError(field: "plans[0].id", problem: "is missing")
    ),
    (
      #"{ "plans": [ { "id": "p" } ] }"#,
      PayloadError(field: "plans[0].name", problem: "is missing")
    ),
    (#"{ "plans": {} }"#, PayloadError(field: "plans", problem: "is not a list")),
    (
      #"{ "plans": [ { "id": "p", "name": "P", "days": [ { "id": "d", "targets": [] } ] } ] }"#,
      PayloadError(field: "plans[0].days[0].targets", problem: "is not an object")
    ),
    (
      #"{ "plans": [ { "id": "p", "name": "P", "days": [ { "targets": {} } ] } ] }"#,
      PayloadError(field: "plans[0].days[0].id", problem: "is missing")
    ),
    (
      document(meal: #"{ "id": "m", "items": [] }"#),
      PayloadError(field: "plans[0].days[0].meals[0].name", problem: "is missing")
    ),
    (
      document(meal: #"{ "id": "m", "name": "L", "items": [ { "options": [] } ] }"#),
      PayloadError(field: "plans[0].days[0].meals[0].items[0].id", problem: "is missing")
    ),
    (
      document(
        meal:
          #"{ "id": "m", "name": "L", "items": [ { "id": "i", "options": [ { "id": "o" } ] } ] }"#),
      PayloadError(
        field: "plans[0].days[0].meals[0].items[0].options[0].name", problem: "is missing")
    ),
    (
      document(
        meal: #"""
          { "id": "m", "name": "L", "items": [ { "id": "i", "options": [
            { "id": "o", "name": "Oats", "kcal": "300" } ] } ] }
          """#),
      PayloadError(
        field: "plans[0].days[0].meals[0].items[0].options[0].kcal", problem: "is not a number")
    ),
    (
      document(
        meal: #"""
          { "id": "m", "name": "L", "items": [ { "id": "i", "options": [
            { "id": "o", "name": "Oats", "qty": true } ] } ] }
          """#),
      PayloadError(
        field: "plans[0].days[0].meals[0].items[0].options[0].qty", problem: "is not a number")
    ),
  ])
  func aMalformedPayloadNamesTheField(json: String, error: PayloadError) {
    #expect(throws: error) { try Self.decode(json) }
  }
}
