import Foundation
import LiveWorkoutScreens
import NutritionLog
import NutritionScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI

/// Foods the catalog does not have, typed in by hand: added to a plan meal, composing a meal,
/// replacing a meal; every field checked before anything changes.
@MainActor
struct NutritionScreenManualFoodTests {
  let breakfast = "2026-0-5__m_breakfast"
  let lunch = "2026-0-5__m_lunch"

  /// Types `values` into the open form's fields from the name on (the fields left out
  /// emptied), moving with Tab, and presses Enter on the last field to add the food.
  func fill(_ harness: NutritionScreenHarness, _ values: [String]) {
    let all = values + Array(repeating: "", count: max(0, 6 - values.count))
    for (index, value) in all.enumerated() {
      harness.press(.control("u"))
      harness.type(value)
      if index < all.count - 1 { harness.press(.tab) }
    }
    harness.press(.enter)
  }

  @Test func aFoodTypedByHandIsAddedEatenCountedAndSaved() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    #expect(harness.screen.keyHelp.contains(KeyHelp("m", "enter a food by hand")))
    harness.press(.character("m"))
    #expect(harness.screen.isEditingText)
    #expect(harness.screen.keyHelp.contains(KeyHelp("Esc", "cancel")))
    var text = harness.text
    #expect(text.contains("Add to Breakfast: a food by hand"))
    #expect(text.contains("▸ Name         required"))
    #expect(text.contains("  Amount (g)   optional"))
    #expect(text.contains("  kcal         required"))
    #expect(text.contains("  Protein (g)  0"))

    // Enter checks the field before moving on; Enter and Tab move between fields.
    harness.press(.enter)
    #expect(harness.text.contains("Name: type the food's name."))
    #expect(harness.text.contains("▸ Name"))
    harness.type("Grandma's pierogi")
    harness.press(.enter)
    harness.type("250")
    harness.press(.enter)
    harness.type("480")
    harness.press(.tab)
    harness.type("18,5")
    harness.press(.tab)
    harness.type("60")
    harness.press(.enter)
    text = harness.text
    #expect(text.contains("▸ Fat (g)      0"))
    #expect(text.contains("  Protein (g)  18,5"))
    #expect(harness.snapshot().aiMeals.isEmpty)
    harness.type("17.5")
    harness.press(.enter)

    let added = try #require(harness.snapshot().aiMeals[breakfast]?.first)
    #expect(
      added
        == CustomMealItem(
          id: "id1", name: "Grandma's pierogi", kcal: 480, protein: 18.5, carbs: 60, fat: 17.5,
          eaten: true, qty: 250, unit: "g",
          base: .object([
            "qty": .number(250), "unit": .string("g"), "kcal": .number(480),
            "protein": .number(18.5), "carbs": .number(60), "fat": .number(17.5),
          ])))
    #expect(!harness.screen.isEditingText)
    text = harness.text
    #expect(!text.contains("a food by hand"))
    #expect(text.contains("[✓] + Grandma's pierogi 250 g"))
    #expect(text.contains("Eaten 480 / 2400 kcal · protein 18.5 / 180 g · carbs 60 / 250 g"))
    #expect(harness.host.messages.last == "Add to Breakfast: Grandma's pierogi 250 g.")

    // The day's snapshot, with the food, reaches the server.
    await harness.clock.advance(by: .milliseconds(600))
    #expect(
      await harness.settle { harness.sync.status(of: NutritionScreenHarness.today) == .saved })
    #expect(await harness.days.days[NutritionScreenHarness.today]?.aiMeals[breakfast] == [added])

    // The food is selected: p rescales it from the amount typed.
    harness.press(.character("p"), .control("u"))
    harness.type("500")
    harness.press(.enter)
    let resized = try #require(harness.snapshot().aiMeals[breakfast]?.first)
    #expect([resized.qty, resized.kcal, resized.protein, resized.fat] == [500, 960, 37, 35])
  }

  @Test func aQuickAddIsKcalAndMacrosWithoutAFoodAddedEatenAndSaved() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    #expect(harness.screen.keyHelp.contains(KeyHelp("+", "quick add kcal and macros")))
    harness.press(.character("+"))
    var text = harness.text
    #expect(text.contains("  Name         Quick add"))
    #expect(text.contains("▸ kcal         required"))
    // Nothing without kcal: refused under the form, nothing added.
    harness.press(.tab, .tab, .tab, .enter)
    #expect(harness.text.contains("kcal"))
    #expect(harness.snapshot().aiMeals.isEmpty)
    #expect(harness.screen.isEditingText)
    harness.type("350")
    harness.press(.tab)
    harness.type("20")
    harness.press(.tab, .tab, .enter)
    let added = try #require(harness.snapshot().aiMeals[breakfast]?.first)
    #expect([added.kcal, added.protein, added.carbs, added.fat] == [350, 20, 0, 0])
    #expect(added.name == "Quick add" && added.eaten == true)
    text = harness.text
    #expect(text.contains("[✓] + Quick add"))
    await harness.clock.advance(by: .milliseconds(600))
    #expect(
      await harness.settle { harness.sync.status(of: NutritionScreenHarness.today) == .saved })
    #expect(await harness.days.days[NutritionScreenHarness.today]?.aiMeals[breakfast] == [added])
  }

  @Test func withoutAnAmountOnlyKcalIsNeededAndDecimalCommasAreRead() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("j"), .character("j"), .character("j"), .character("m"))
    #expect(harness.text.contains("Add to Lunch: a food by hand"))
    // NB: a number field takes no minus sign: "-1" is typed as "1".
    fill(harness, ["  Kombucha  ", "", "30,5", "", "7,25", "-1"])

    let added = try #require(harness.snapshot().aiMeals[lunch]?.first)
    #expect(
      added
        == CustomMealItem(
          id: "id1", name: "Kombucha", kcal: 30.5, protein: 0, carbs: 7.25, fat: 1, eaten: true))
    #expect(harness.text.contains("[✓] + Kombucha"))
    #expect(harness.text.contains("Eaten 31 / 2400 kcal"))
    #expect(harness.host.messages.last == "Add to Lunch: Kombucha.")

    harness.press(.character("p"))
    #expect(harness.host.messages.last == "Kombucha has no amount to change.")
    #expect(!harness.screen.isEditingText)
  }

  nonisolated static let refusals: [(values: [String], message: String, focus: String)] = [
    (["", "", "100"], "Name: type the food's name.", "▸ Name"),
    (["   ", "", "100"], "Name: type the food's name.", "▸ Name"),
    (
      [String(repeating: "x", count: 81), "", "100"],
      "Name: at most 80 characters, this one has 81.", "▸ Name"
    ),
    (["Pie", "0", "100"], "Amount: must be more than 0, or empty.", "▸ Amount (g)"),
    (["Pie", "10000,5", "100"], "Amount: at most 10000 g.", "▸ Amount (g)"),
    (["Pie", "1..5", "100"], "Amount: “1..5” is not a number.", "▸ Amount (g)"),
    (["Pie", "100", ""], "kcal: required (0 if the food has none).", "▸ kcal"),
    (["Pie", "100", "."], "kcal: “.” is not a number.", "▸ kcal"),
    (["Pie", "100", "250", "1,2,3"], "Protein: “1,2,3” is not a number.", "▸ Protein (g)"),
    (["Pie", "100", "250", "1", ","], "Carbs: “,” is not a number.", "▸ Carbs (g)"),
    (["Pie", "100", "250", "1", "2", "5.."], "Fat: “5..” is not a number.", "▸ Fat (g)"),
  ]

  @Test(arguments: refusals.indices)
  func anInvalidFieldIsRefusedByNameAndNothingChanges(index: Int) async throws {
    let (values, message, focus) = Self.refusals[index]
    let harness = try NutritionScreenHarness()
    await harness.start()
    let before = harness.sync.edits
    let messages = harness.host.messages
    harness.press(.character("m"))
    fill(harness, values)

    #expect(harness.screen.isEditingText)
    let text = harness.text
    #expect(text.contains(message))
    #expect(text.contains(focus))
    #expect(harness.sync.edits == before)
    #expect(harness.host.messages == messages)

    // The next key clears the message; Esc leaves without an edit.
    harness.press(.character("1"))
    #expect(!harness.text.contains(message))
    harness.press(.escape)
    #expect(!harness.screen.isEditingText)
    #expect(harness.sync.edits == before)
    #expect(await harness.days.puts.isEmpty)
  }

  @Test func escapeLeavesTheFormWithoutAnEdit() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    let before = harness.sync.edits
    harness.press(.character("m"))
    harness.type("Pie")
    harness.press(.tab)
    harness.type("100")
    harness.press(.tab)
    harness.type("250")
    harness.press(.escape)
    #expect(!harness.screen.isEditingText)
    #expect(!harness.text.contains("a food by hand"))
    #expect(harness.sync.edits == before)

    // A new form starts empty.
    harness.press(.character("m"))
    #expect(harness.text.contains("▸ Name         required"))
    harness.press(.escape)
    #expect(harness.sync.edits == before)
    #expect(await harness.days.puts.isEmpty)
  }

  @Test func aFoodTheSearchDoesNotFindIsTypedInUnderItsSearchedName() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("a"))
    #expect(harness.screen.keyHelp.contains(KeyHelp("Tab", "enter by hand")))
    harness.type("dragon fruit")
    harness.press(.enter)
    #expect(
      await harness.settle {
        harness.host.messages.last
          == "No food matches “dragon fruit”; try other words, or Tab to enter it by hand."
      })
    harness.press(.tab)
    #expect(harness.text.contains("▸ Name         dragon fruit"))
    harness.press(.enter, .enter)
    harness.type("60")
    harness.press(.enter, .enter, .enter, .enter)
    #expect(harness.snapshot().aiMeals[breakfast]?.map(\.name) == ["dragon fruit"])

    // Among the foods found, m types one in instead.
    harness.press(.character("a"))
    harness.type("banana")
    harness.press(.enter)
    #expect(await harness.settle { harness.screen.keyHelp.contains(KeyHelp("m", "enter by hand")) })
    harness.press(.character("m"))
    #expect(harness.text.contains("▸ Name         banana"))
    fill(harness, ["Banana bread", "80", "260"])
    #expect(
      harness.snapshot().aiMeals[breakfast]?.map(\.name) == ["dragon fruit", "Banana bread"])
  }

  @Test func aComposedMealAndAReplacementCanBeTypedInByHand() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("c"))
    harness.type("Late snack")
    harness.press(.enter, .tab)
    #expect(harness.text.contains("New meal Late snack: a food by hand"))
    fill(harness, ["Protein bar", "60", "220", "20", "22", "7"])

    let meal = try #require(harness.snapshot().customMeals["2026-0-5__id2"])
    #expect(meal.label == "Late snack")
    #expect(meal.source == "manual")
    #expect(meal.items.map(\.id) == ["id1"])
    #expect(meal.items.first?.entry.kcal == 220)
    #expect(harness.text.contains("[✓] Protein bar 60 g"))

    // The new meal is selected: m adds a second food to it.
    harness.press(.character("m"))
    #expect(harness.text.contains("Add to Late snack: a food by hand"))
    fill(harness, ["Tea", "", "2"])
    #expect(
      harness.snapshot().customMeals["2026-0-5__id2"]?.items.map(\.name) == ["Protein bar", "Tea"])
    #expect(harness.text.contains("Eaten 222 / 2400 kcal"))

    // Tab in the search field of a replacement: the food typed in replaces Lunch.
    harness.press(.home)
    for _ in 0..<3 { harness.press(.character("j")) }
    harness.press(.character("r"))
    #expect(harness.text.contains("Replace Lunch, search foods"))
    harness.press(.tab)
    fill(harness, ["Sushi box", "350", "540", "22", "80", "12"])
    let replacement = try #require(harness.snapshot().replacement[lunch])
    #expect(replacement.name == "Sushi box")
    #expect(replacement.source == "manual")
    #expect(replacement.kcal == 540)
    #expect(harness.text.contains("[✓] ⇢ Sushi box 350 g"))
  }

  @Test func anOlderDayRefusesTheFormAsEveryEdit() async throws {
    let older = CalendarDay(year: 2026, month: 1, day: 2)!
    let harness = try NutritionScreenHarness(
      serverDays: [older: NutritionDaySnapshot(eaten: ["2026-0-2__it_oats": true])])
    await harness.start()
    harness.press(.character("["), .character("["), .character("["))
    #expect(await harness.settle { harness.text.contains("Oats") })
    #expect(!harness.screen.keyHelp.contains(KeyHelp("m", "enter a food by hand")))
    let before = harness.sync.edits
    harness.press(.character("j"), .character("m"))
    #expect(
      harness.host.messages.last
        == "Fri, 2 Jan 2026 is read-only: only today and yesterday can be edited.")
    #expect(!harness.screen.isEditingText)
    #expect(!harness.text.contains("a food by hand"))
    #expect(harness.sync.edits == before)
    #expect(await harness.days.puts.isEmpty)
  }
}
