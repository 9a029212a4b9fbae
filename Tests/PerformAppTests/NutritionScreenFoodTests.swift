import Foundation
import LiveWorkoutScreens
import NutritionLog
import NutritionScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI

/// Foods found by search or barcode: added to a plan meal, composing a meal, replacing a meal.
@MainActor
struct NutritionScreenFoodTests {
  let breakfast = "2026-0-5__m_breakfast"
  let lunch = "2026-0-5__m_lunch"

  /// Searches `query` from the open search field, picks the first food and types `amount`.
  func pickFirstFood(_ harness: NutritionScreenHarness, query: String, amount: String) async {
    harness.type(query)
    harness.press(.enter)
    #expect(await harness.settle { harness.screen.keyHelp.contains(KeyHelp("Enter", "pick")) })
    #expect(harness.text.contains("foods matching “\(query)”"))
    harness.press(.enter)
    #expect(harness.screen.isEditingText)
    harness.press(.control("u"))
    harness.type(amount)
    harness.press(.enter)
  }

  @Test func aFoodFoundBySearchIsAddedToTheSelectedMealAndCanBeResized() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("a"))
    #expect(harness.screen.isEditingText)
    #expect(harness.text.contains("Add to Breakfast, search foods (or a barcode): "))
    harness.type("chick")
    harness.press(.enter)
    #expect(await harness.settle { harness.text.contains("Chicken breast") })
    #expect(await harness.api.searches == ["chick"])
    #expect(harness.screen.keyHelp.contains(KeyHelp("Enter", "pick")))
    harness.press(.enter)
    #expect(
      harness.text.contains(
        "Add to Breakfast: Chicken breast (165 kcal per 100 g), amount in g: 100"))
    harness.press(.control("u"))
    harness.type("150")
    harness.press(.enter)

    let added = try #require(harness.snapshot().aiMeals[breakfast]?.first)
    #expect(added.id == "id1")
    #expect(added.name == "Chicken breast")
    #expect([added.kcal, added.protein, added.carbs, added.fat] == [247.5, 46.5, 0, 5.4])
    #expect(added.qty == 150)
    #expect(added.unit == "g")
    #expect(added.eaten == true)
    #expect(added.barcode == "4000000000017")
    #expect(!harness.screen.isEditingText)
    #expect(harness.text.contains("[✓] + Chicken breast 150 g"))
    #expect(harness.text.contains("Eaten 248 / 2400 kcal"))
    #expect(harness.host.messages.last == "Add to Breakfast: Chicken breast 150 g.")

    // The added food is selected: p rescales it from its per-100 g base.
    harness.press(.character("p"), .control("u"))
    harness.type("200")
    harness.press(.enter)
    let resized = try #require(harness.snapshot().aiMeals[breakfast]?.first)
    #expect([resized.qty, resized.kcal, resized.protein] == [200, 330, 62])

    harness.press(.enter)
    #expect(harness.snapshot().aiMeals[breakfast]?.first?.eaten == false)
    harness.press(.character("x"))
    #expect(harness.snapshot().aiMeals[breakfast] == nil)
  }

  @Test func aBarcodeFindsTheFoodAndAnUnknownOneIsSaid() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("j"), .character("j"), .character("j"), .character("b"))
    harness.type("12x34567890")
    harness.press(.enter)
    #expect(
      await harness.settle { harness.host.messages.last == "No food has barcode 1234567890." })
    #expect(harness.text.contains("Add to Lunch, barcode: 1234567890"))

    harness.press(.control("u"))
    harness.type("4000000000017")
    harness.press(.enter)
    #expect(await harness.settle { harness.text.contains("amount in g: 100") })
    harness.press(.enter)
    let added = try #require(harness.snapshot().aiMeals[lunch]?.first)
    #expect([added.name, added.barcode] == ["Chicken breast", "4000000000017"])
    #expect(added.kcal == 165)
  }

  @Test func aComposedMealIsNamedThenFilledWithFoods() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("c"), .enter)
    #expect(harness.host.messages.last == "Give the meal a name.")
    harness.type("Late snack")
    harness.press(.enter)
    #expect(harness.text.contains("New meal Late snack, search foods (or a barcode): "))
    await pickFirstFood(harness, query: "banana", amount: "120")

    let meal = try #require(harness.snapshot().customMeals["2026-0-5__id2"])
    #expect(meal.label == "Late snack")
    #expect(meal.source == "search")
    #expect(meal.items.map(\.name) == ["Banana"])
    #expect(meal.items.first?.kcal == 106.8)
    #expect(harness.text.contains("Your meals"))
    #expect(harness.text.contains("[✓] Banana 120 g"))

    // The new meal is selected: a adds to it.
    harness.press(.character("a"))
    #expect(harness.text.contains("Add to Late snack, search foods"))
    await pickFirstFood(harness, query: "chicken", amount: "100")
    #expect(
      harness.snapshot().customMeals["2026-0-5__id2"]?.items.map(\.name) == [
        "Banana", "Chicken breast",
      ])
    #expect(harness.text.contains("Eaten 272 / 2400 kcal"))

    harness.press(.character("d"))
    #expect(harness.snapshot().customMeals == [:])
    #expect(!harness.text.contains("Your meals"))
  }

  @Test func aReplacedMealCountsItsReplacementOnlyUntilItIsUndone() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("j"), .character("j"), .character("j"), .enter)
    #expect(harness.text.contains("Eaten 622 / 2400 kcal"))
    harness.press(.character("r"))
    #expect(harness.text.contains("Replace Lunch, search foods"))
    await pickFirstFood(harness, query: "chicken", amount: "200")

    let replacement = try #require(harness.snapshot().replacement[lunch])
    #expect(replacement.name == "Chicken breast")
    #expect(replacement.kcal == 330)
    #expect(replacement.source == "search")
    #expect(harness.snapshot().mealStatus[lunch] == .replaced)
    #expect(harness.text.contains("Lunch 12:30 — replaced"))
    #expect(harness.text.contains("[✓] ⇢ Chicken breast 200 g"))
    #expect(!harness.text.contains("Cooked rice"))
    #expect(harness.text.contains("Eaten 330 / 2400 kcal"))

    harness.press(.character("x"))
    #expect(harness.snapshot().replacement == [:])
    #expect(harness.snapshot().mealStatus == [:])
    #expect(harness.text.contains("Eaten 622 / 2400 kcal"))
  }

  @Test func escapeLeavesEveryStepOfTheFlowWithoutAnEdit() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    let before = harness.sync.edits
    harness.press(.character("a"))
    harness.type("chick")
    harness.press(.enter)
    #expect(await harness.settle { harness.text.contains("Chicken breast") })
    harness.press(.escape)
    #expect(harness.text.contains("search foods (or a barcode): chick"))
    harness.press(.escape)
    #expect(!harness.screen.isEditingText)
    #expect(harness.sync.edits == before)
  }
}
