import Foundation
import NutritionLog
import Testing
import TraineeAPI

@testable import NutritionReplay

/// Reading scripts: the issue's example, the defaults, and problems named by action and field.
struct NutritionReplayScriptTests {
  static let issueExample = #"""
    { "timeZone": "Europe/Berlin", "startAt": "2026-01-05T11:00:00Z", "plans": { "plans": [] },
      "serverDays": { "2026-01-05": { "eaten": {} } },
      "actions": [
        { "do": "view", "planId": "np1", "dayId": "nd1" },
        { "do": "tick", "itemId": "it1", "eaten": true },
        { "do": "mount" },
        { "do": "selectDate", "date": "2026-01-04" },
        { "do": "swap", "itemId": "it1", "optionId": "o2" },
        { "do": "portion", "itemId": "it1", "foodId": "f_oats", "qty": 120 },
        { "do": "removeItem", "itemId": "it1", "removed": true },
        { "do": "addFood", "mealId": "m1", "item": { "id": "a1", "name": "Apple", "kcal": 52,
          "protein": 0.3, "carbs": 14, "fat": 0.2 } },
        { "do": "mealStatus", "mealId": "m1", "status": "EATEN_OUTSIDE" },
        { "do": "replaceMeal", "mealId": "m1", "replacement": null },
        { "do": "removeMeal", "mealId": "m1", "removed": true },
        { "do": "customMeal", "meal": { "id": "c1", "label": "Snack", "items": [] } },
        { "do": "network", "state": "down" }, { "do": "network", "state": "up" },
        { "do": "failNext", "count": 2 },
        { "do": "setClock", "at": "2026-01-06T04:10:00Z", "timeZone": "America/New_York" },
        { "do": "wait", "seconds": 1.5 } ] }
    """#

  @Test func theIssuesExampleReadsAsItsSteps() throws {
    let script = try NutritionReplayScript(json: Data(Self.issueExample.utf8))

    #expect(script.timeZone.identifier == "Europe/Berlin")
    #expect(script.startAt == Date(timeIntervalSince1970: 1_767_610_800))
    #expect(script.plans.plans.isEmpty)
    #expect(script.serverDays == [CalendarDay(year: 2026, month: 1, day: 5)!: .empty])
    #expect(
      script.steps == [
        .view(planId: "np1", dayId: "nd1"),
        .edit(.setEaten(itemId: "it1", eaten: true)),
        .mount,
        .selectDate(CalendarDay(year: 2026, month: 1, day: 4)!),
        .edit(.setSwap(itemId: "it1", optionId: "o2", option: nil)),
        .edit(.setPortion(itemId: "it1", portion: ItemPortion(foodId: "f_oats", qty: 120))),
        .edit(.setItemRemoved(itemId: "it1", removed: true)),
        .edit(
          .addFood(
            mealId: "m1",
            item: CustomMealItem(
              id: "a1", name: "Apple", kcal: 52, protein: 0.3, carbs: 14, fat: 0.2))),
        .edit(.setMealStatus(mealId: "m1", status: .eatenOutside)),
        .edit(.setReplacement(mealId: "m1", replacement: nil)),
        .edit(.setMealRemoved(mealId: "m1", removed: true)),
        .edit(.setCustomMeal(CustomMeal(id: "c1", label: "Snack"))),
        .network(reachable: false), .network(reachable: true),
        .failNext(count: 2),
        .setClock(
          at: Date(timeIntervalSince1970: 1_767_672_600),
          timeZone: TimeZone(identifier: "America/New_York")),
        .wait(milliseconds: 1500),
      ])
  }

  @Test func flagsDefaultToTheActionsOwnMeaningAndAPortionWithoutAmountClears() throws {
    let script = try Self.read(
      #"""
      { "do": "tick", "itemId": "it1" }, { "do": "removeItem", "itemId": "it1" },
      { "do": "removeMeal", "mealId": "m1" }, { "do": "portion", "itemId": "it1" },
      { "do": "swap", "itemId": "it1", "optionId": null },
      { "do": "setClock", "timeZone": "Asia/Tokyo" }, { "do": "latency", "seconds": 0.25 }
      """#)

    #expect(
      script.steps == [
        .edit(.setEaten(itemId: "it1", eaten: true)),
        .edit(.setItemRemoved(itemId: "it1", removed: true)),
        .edit(.setMealRemoved(mealId: "m1", removed: true)),
        .edit(.setPortion(itemId: "it1", portion: nil)),
        .edit(.setSwap(itemId: "it1", optionId: nil, option: nil)),
        .setClock(at: nil, timeZone: TimeZone(identifier: "Asia/Tokyo")),
        .latency(milliseconds: 250),
      ])
  }

  @Test(arguments: [
    (#"{ "do": "tick" }"#, "action 0: tick: itemId is missing"),
    (#"{ "do": "tick", "itemId": 7 }"#, "action 0: tick: itemId is not text"),
    (#"[ "mount" ]"#, "action 0: is not an object"),
    (
      #"{ "do": "portion", "itemId": "it1", "foodId": "f", "qty": "1" }"#,
      "action 0: portion: qty is not a number"
    ),
    (
      #"{ "do": "addFood", "mealId": "m1", "item": { "name": "Apple" } }"#,
      "action 0: addFood: item.id is missing"
    ),
    (
      #"{ "do": "setClock", "at": "tomorrow" }"#,
      #"action 0: setClock: at "tomorrow" is not an ISO 8601 time such as 2026-01-05T10:00:00Z"#
    ),
    (
      #"{ "do": "failNext", "count": 1.5 }"#,
      "action 0: failNext: count must be a whole number from 1 to 100"
    ),
    (
      #"{ "do": "wait", "seconds": 604801 }"#,
      #"action 0: wait needs "seconds", a number from 0 to 604800"#
    ),
  ])
  func aBadActionIsNamedByIndexAndField(_ action: String, _ message: String) {
    #expect(throws: NutritionReplayScriptError.self) { try Self.read(action) }
    do {
      _ = try Self.read(action)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aBadDocumentIsNamedByItsField() {
    let missing = Data(#"{ "timeZone": "UTC", "startAt": "2026-01-05T11:00:00Z" }"#.utf8)
    #expect(
      throws: NutritionReplayScriptError(actionIndex: nil, problem: "actions is missing")
    ) { try NutritionReplayScript(json: missing) }
  }

  /// A script in UTC with `actions` spliced in.
  static func read(_ actions: String) throws(NutritionReplayScriptError) -> NutritionReplayScript {
    try NutritionReplayScript(
      json: Data(
        #"{ "timeZone": "UTC", "startAt": "2026-01-05T11:00:00Z", "actions": [ \#(actions) ] }"#
          .utf8))
  }
}
