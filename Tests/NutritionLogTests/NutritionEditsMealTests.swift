import Foundation
import Testing
import TraineeAPI

@testable import NutritionLog

/// Plan meal and composed meal edits: status and replacement coupling, added foods, removed
/// meals and custom meals.
struct NutritionEditsMealTests {
  typealias S = NutritionEditsSamples

  /// (status set, status stored, replacement kept) after a replacement was set.
  @Test(
    arguments: [
      (MealStatus.planned, nil, false), (.eatenOutside, .eatenOutside, false),
      (.replaced, .replaced, true),
    ] as [(MealStatus, MealStatus?, Bool)])
  func aStatusOtherThanReplacedClearsTheReplacement(
    status: MealStatus, stored: MealStatus?, kept: Bool
  ) throws {
    var edits = NutritionEdits()
    _ = try edits.setReplacement(
      dateKey: S.today, mealId: "m1", replacement: S.pizza, at: S.onYesterday)
    _ = try edits.setMealStatus(dateKey: S.today, mealId: "m1", status: status, at: S.onYesterday)
    #expect(
      edits.collectDaySnapshot(S.today)
        == NutritionDaySnapshot(
          mealStatus: stored.map { ["2026-0-5__m1": $0] } ?? [:],
          replacement: kept ? ["2026-0-5__m1": S.pizza] : [:]))
    #expect(edits.mealStatus(dateKey: S.today, mealId: "m1") == stored ?? .planned)
  }

  @Test func aReplacementSetsReplacedAndNilRemovesBoth() throws {
    var edits = NutritionEdits()
    _ = try edits.setMealStatus(
      dateKey: S.today, mealId: "m1", status: .eatenOutside, at: S.onYesterday)
    _ = try edits.setReplacement(
      dateKey: S.today, mealId: "m1", replacement: S.pizza, at: S.onYesterday)
    #expect(
      edits.collectDaySnapshot(S.today)
        == NutritionDaySnapshot(
          mealStatus: ["2026-0-5__m1": .replaced], replacement: ["2026-0-5__m1": S.pizza]))
    _ = try edits.setReplacement(
      dateKey: S.today, mealId: "m1", replacement: nil, at: S.onYesterday)
    #expect(edits == NutritionEdits())
  }

  @Test func aReplacementWithANumberThatCannotBeSavedIsRefused() {
    var edits = NutritionEdits()
    var broken = S.pizza
    broken.fat = .nan
    #expect(throws: NutritionEditRefusal.notFinite(field: "replacement.fat")) {
      try edits.setReplacement(dateKey: S.today, mealId: "m1", replacement: broken, at: S.onToday)
    }
    #expect(edits == NutritionEdits())
  }

  /// (a replacement, the refusal): it is checked as an added food is, under `replacement`.
  @Test(
    arguments: [
      (MealReplacement(id: "", name: "Pizza"), .emptyId(field: "replacement.id")),
      (
        MealReplacement(id: "r1", name: "Pizza", qty: .infinity),
        .notFinite(field: "replacement.qty")
      ),
      (
        MealReplacement(id: "r1", name: "Pizza", base: .array([.number(.nan)])),
        .notFinite(field: "replacement.base")
      ),
    ] as [(MealReplacement, NutritionEditRefusal)])
  func aReplacementIsRefusedAsAnAddedFoodIs(
    replacement: MealReplacement, refusal: NutritionEditRefusal
  ) {
    var edits = NutritionEdits()
    let edit = NutritionEdit.setReplacement(mealId: "m1", replacement: replacement)
    #expect(edits.apply(edit, dateKey: S.today, at: S.onToday) == [.actionRefused(refusal)])
    #expect(edits == NutritionEdits())
  }

  @Test func plannedIsStoredAsAbsence() throws {
    var edits = NutritionEdits()
    _ = try edits.setMealStatus(
      dateKey: S.today, mealId: "m1", status: .eatenOutside, at: S.onYesterday)
    _ = try edits.setMealStatus(dateKey: S.today, mealId: "m1", status: .planned, at: S.onYesterday)
    #expect(edits == NutritionEdits())
  }

  @Test func foodsAreAddedInOrderTickedUpdatedAndRemoved() throws {
    var edits = NutritionEdits()
    _ = try edits.addFood(dateKey: S.today, mealId: "m1", item: S.apple, at: S.onYesterday)
    _ = try edits.addFood(dateKey: S.today, mealId: "m1", item: S.banana, at: S.onYesterday)
    #expect(edits.aiMeals == ["2026-0-5__m1": [S.apple, S.banana]])

    _ = try edits.setFoodEaten(
      dateKey: S.today, mealId: "m1", itemId: "a1", eaten: true, at: S.onYesterday)
    var bigApple = S.apple
    bigApple.eaten = true
    bigApple.qty = 200
    bigApple.kcal = 104
    #expect(edits.aiMeals["2026-0-5__m1"]?.first?.eaten == true)
    _ = try edits.updateFood(dateKey: S.today, mealId: "m1", item: bigApple)
    #expect(edits.aiMeals == ["2026-0-5__m1": [bigApple, S.banana]])

    _ = try edits.removeFood(dateKey: S.today, mealId: "m1", itemId: "a1")
    _ = try edits.removeFood(dateKey: S.today, mealId: "m1", itemId: "b1")
    #expect(edits == NutritionEdits())
  }

  @Test func foodRefusals() throws {
    var edits = NutritionEdits()
    _ = try edits.addFood(dateKey: S.today, mealId: "m1", item: S.apple, at: S.onYesterday)
    let before = edits
    var nanApple = S.apple
    nanApple.mbp = .object(["ratio": .number(.infinity)])
    let cases: [(NutritionEdit, NutritionEditRefusal)] = [
      (.addFood(mealId: "m1", item: S.apple), .duplicateFood(mealId: "m1", itemId: "a1")),
      (.addFood(mealId: "", item: S.banana), .emptyId(field: "mealId")),
      (
        .addFood(mealId: "m1", item: CustomMealItem(id: "", name: "Nothing")),
        .emptyId(field: "item.id")
      ),
      (.addFood(mealId: "m2", item: nanApple), .notFinite(field: "item.mbp")),
      (.updateFood(mealId: "m1", item: S.banana), .unknownFood(mealId: "m1", itemId: "b1")),
      (.removeFood(mealId: "m2", itemId: "a1"), .unknownFood(mealId: "m2", itemId: "a1")),
      (
        .setFoodEaten(mealId: "m1", itemId: "zz", eaten: true),
        .unknownFood(mealId: "m1", itemId: "zz")
      ),
    ]
    for (edit, refusal) in cases {
      #expect(edits.apply(edit, dateKey: S.today, at: S.onToday) == [.actionRefused(refusal)])
      #expect(edits == before)
    }
  }

  @Test func aRemovedMealKeepsItsOtherEntries() throws {
    var edits = NutritionEdits()
    _ = try edits.addFood(dateKey: S.today, mealId: "m1", item: S.apple, at: S.onYesterday)
    _ = try edits.setMealRemoved(dateKey: S.today, mealId: "m1", removed: true)
    #expect(
      edits.collectDaySnapshot(S.today)
        == NutritionDaySnapshot(
          aiMeals: ["2026-0-5__m1": [S.apple]], removedMeals: ["2026-0-5__m1": true]))
    _ = try edits.setMealRemoved(dateKey: S.today, mealId: "m1", removed: false)
    #expect(
      edits.collectDaySnapshot(S.today)
        == NutritionDaySnapshot(aiMeals: ["2026-0-5__m1": [S.apple]]))
  }

  @Test func customMealsAreSavedTickedAndRemoved() throws {
    var edits = NutritionEdits()
    _ = try edits.setCustomMeal(dateKey: S.today, meal: S.snack, at: S.onYesterday)
    #expect(edits.customMeals == ["2026-0-5__c1": S.snack])

    _ = try edits.setCustomMealItemEaten(
      dateKey: S.today, mealId: "c1", itemId: "a1", eaten: false, at: S.onYesterday)
    #expect(edits.customMeals["2026-0-5__c1"]?.items.map(\.eaten) == [false, true])
    _ = try edits.setCustomMealEaten(
      dateKey: S.today, mealId: "c1", eaten: true, at: S.onYesterday)
    #expect(edits.customMeals["2026-0-5__c1"]?.items.map(\.eaten) == [true, true])

    var renamed = S.snack
    renamed.label = "Late snack"
    _ = try edits.setCustomMeal(dateKey: S.today, meal: renamed, at: S.onYesterday)
    #expect(edits.customMeals["2026-0-5__c1"]?.label == "Late snack")

    _ = try edits.removeCustomMeal(dateKey: S.today, mealId: "c1")
    #expect(edits == NutritionEdits())
  }

  @Test func customMealRefusals() {
    var edits = NutritionEdits()
    var twice = S.snack
    twice.items.append(S.apple)
    var nan = S.snack
    nan.items[1].protein = .nan
    let cases: [(NutritionEdit, NutritionEditRefusal)] = [
      (.setCustomMeal(CustomMeal(id: "", label: "Snack")), .emptyId(field: "meal.id")),
      (.setCustomMeal(twice), .duplicateFood(mealId: "c1", itemId: "a1")),
      (.setCustomMeal(nan), .notFinite(field: "meal.items[1].protein")),
      (.removeCustomMeal(mealId: "c1"), .unknownCustomMeal(mealId: "c1")),
      (.setCustomMealEaten(mealId: "c1", eaten: true), .unknownCustomMeal(mealId: "c1")),
    ]
    for (edit, refusal) in cases {
      #expect(edits.apply(edit, dateKey: S.today, at: S.onToday) == [.actionRefused(refusal)])
      #expect(edits == NutritionEdits())
    }
  }
}
