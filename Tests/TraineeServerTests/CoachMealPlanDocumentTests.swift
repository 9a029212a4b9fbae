import Foundation
import Testing
import TraineeAPI

@testable import CoachMealPlans
@testable import TraineeRecords

/// The checks of a coach's meal plan document (docs/decisions/the-coachs-meal-plans.md,
/// "Validation" and "Ids that last"): each bad value is refused at its path.
@Suite struct CoachMealPlanDocumentTests {
  typealias Edit = @Sendable (inout CoachMealPlanDocumentDto) -> Void

  static let cases: [(String, String, Edit)] = [
    ("name", "must be 1 to 200 characters without control characters", { $0.name = "  " }),
    ("days", "must hold 1 to 14 days", { $0.days = [] }),
    ("days", "must hold 1 to 14 days", { $0.days = Array(repeating: $0.days[0], count: 15) }),
    ("days[1].id", "repeats the id of an earlier day", { $0.days.append($0.days[0]) }),
    ("days[0].id", "must not contain __", { $0.days[0].id = "a__b" }),
    ("days[0].id", "must be 1 to 64 characters without control characters", { $0.days[0].id = "" }),
    (
      "days[0].label", "must be 1 to 200 characters without control characters",
      { $0.days[0].label = "a\u{7}" }
    ),
    ("days[0].targets.kcal", "must be 0 to 20000", { $0.days[0].targets?.kcal = 20_001 }),
    ("days[0].targets.protein", "must be 0 to 2000", { $0.days[0].targets?.protein = -1 }),
    ("days[0].targets.carbs", "must be 0 to 2000", { $0.days[0].targets?.carbs = .nan }),
    ("days[0].targets.fat", "must be 0 to 2000", { $0.days[0].targets?.fat = .infinity }),
    (
      "days[0].meals", "must hold at most 20 meals",
      { day in
        day.days[0].meals = (0..<21).map { NutritionMealDto(id: "m\($0)", name: "M") }
      }
    ),
    (
      "days[0].meals[1].id", "repeats the id of an earlier meal",
      { $0.days[0].meals[1].id = "breakfast" }
    ),
    (
      "days[0].meals[0].name", "must be 1 to 200 characters without control characters",
      { $0.days[0].meals[0].name = "" }
    ),
    ("days[0].meals[0].time", "must be a time HH:mm", { $0.days[0].meals[0].time = "7:30" }),
    ("days[0].meals[0].time", "must be a time HH:mm", { $0.days[0].meals[0].time = "24:00" }),
    ("days[0].meals[0].time", "must be a time HH:mm", { $0.days[0].meals[0].time = "+7:30" }),
    (
      "days[0].meals[1].items[0].id", "repeats the id of an earlier item of the day",
      { $0.days[0].meals[1].items[0].id = "oats" }
    ),
    (
      "days[0].meals[0].items", "must hold at most 40 items",
      { day in
        day.days[0].meals[0].items = (0..<41).map {
          NutritionItemDto(id: "i\($0)", options: [NutritionOptionDto(id: "o", name: "O")])
        }
      }
    ),
    (
      "days[0].meals[0].items[0].options", "must hold 1 to 20 options",
      { $0.days[0].meals[0].items[0].options = [] }
    ),
    (
      "days[0].meals[0].items[0].options[1].id", "repeats the id of an earlier option",
      { $0.days[0].meals[0].items[0].options[1].id = "oats-80" }
    ),
    (
      "days[0].meals[0].items[0].options[0].name",
      "must be 1 to 200 characters without control characters",
      { $0.days[0].meals[0].items[0].options[0].name = "\n" }
    ),
    (
      "days[0].meals[0].items[0].options[0].foodId",
      "must be 1 to 64 characters without control characters",
      { $0.days[0].meals[0].items[0].options[0].foodId = String(repeating: "f", count: 65) }
    ),
    (
      "days[0].meals[0].items[0].options[0].unit",
      "must be 1 to 64 characters without control characters",
      { $0.days[0].meals[0].items[0].options[0].unit = "" }
    ),
    (
      "days[0].meals[0].items[0].options[0].qty", "must be more than 0 and at most 100000",
      { $0.days[0].meals[0].items[0].options[0].qty = 0 }
    ),
    (
      "days[0].meals[0].items[0].options[1].kcal", "must be 0 to 20000",
      { $0.days[0].meals[0].items[0].options[1].kcal = -0.5 }
    ),
    (
      "days[0].meals[0].items[0].options[0].protein", "must be 0 to 2000",
      { $0.days[0].meals[0].items[0].options[0].protein = 2_001 }
    ),
    (
      "days[0].meals[1].items[0].options[0].carbs", "must be 0 to 2000",
      { $0.days[0].meals[1].items[0].options[0].carbs = -3 }
    ),
    (
      "days[0].meals[1].items[0].options[0].fat", "must be 0 to 2000",
      { $0.days[0].meals[1].items[0].options[0].fat = 9_999 }
    ),
  ]

  @Test(arguments: cases.indices)
  func aBadValueIsRefusedAtItsPath(_ index: Int) {
    let (field, problem, edit) = Self.cases[index]
    var document = CoachMealPlanStoreTests.document()
    edit(&document)
    #expect(throws: TraineeStoreError.invalid(field: field, problem: problem)) {
      _ = try CoachMealPlanDocument.checked(document)
    }
  }

  /// A good document passes with its ids as sent and its names trimmed; ids repeat freely
  /// across days (a day's entries are keyed by the day's own items).
  @Test func aGoodDocumentKeepsItsIDs() throws {
    var document = CoachMealPlanStoreTests.document()
    document.name = "  Lean  "
    var rest = document.days[0]
    rest.id = "rest"
    rest.label = nil
    rest.targets = nil
    document.days.append(rest)
    let checked = try CoachMealPlanDocument.checked(document)
    #expect(checked.name == "Lean")
    #expect(checked.days.map(\.id) == ["training", "rest"])
    #expect(checked.days[1].meals.flatMap { $0.items.map(\.id) } == ["oats", "rice"])
    let plan = CoachMealPlanDocument.plan(
      of: checked, mealPlan: CoachMealPlanID(rawValue: 7), version: 3)
    #expect(
      plan == NutritionPlanDto(id: "meal-plan-7", name: "Lean", days: checked.days, version: 3))
  }
}
