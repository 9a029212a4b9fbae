import Foundation
import LiveWorkoutScreens
import NutritionLog
import NutritionScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI

/// The Nutrition screen's plan items and meals, driven by keys: tick, swap, portion, remove,
/// delete, and the totals and sync state drawn.
@MainActor
struct NutritionScreenTests {
  let oats = "2026-0-5__it_oats"

  @Test func theDayShowsThePlanMealsWithTheirOptionsAndTheTotalsAgainstTheTargets() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    let text = harness.text
    #expect(text.contains("‹ Mon, 5 Jan 2026 · today ›  Lean cut · Training day"))
    #expect(text.contains("✓ saved"))
    #expect(
      text.contains("Eaten 0 / 2400 kcal · protein 0 / 180 g · carbs 0 / 250 g · fat 0 / 70 g"))
    #expect(text.contains("Breakfast 08:00"))
    #expect(text.contains("[ ] Oats 80 g"))
    #expect(text.contains("303 kcal  P 10.5  C 53  F 5.5"))
    #expect(text.contains("options: [Oats 80 g] · Muesli 80 g"))
    #expect(text.contains("[ ] Skyr 250 g"))
    #expect(!text.contains("options: [Skyr"))
    #expect(text.contains("Lunch 12:30"))
    #expect(!harness.screen.isEditingText)
    #expect(harness.screen.keyHelp.contains(KeyHelp("Enter/space", "tick eaten")))
  }

  @Test func tickingAnItemMarksItEatenSavesTheDayAndLocksThePlanDay() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("j"), .enter)

    #expect(harness.snapshot().eaten == [oats: true])
    #expect(harness.text.contains("[✓] Oats 80 g"))
    #expect(harness.text.contains("Eaten 303 / 2400 kcal · protein 10.5 / 180 g"))
    #expect(harness.text.contains("saving…"))
    #expect(harness.sync.edits.preferredDay?.dayId == "nd_training")
    let file = PreferredDayFile(directory: harness.dataDirectory)
    #expect(file.load(now: NutritionScreenHarness.now).activeDay?.dayId == "nd_training")

    await harness.clock.advance(by: .milliseconds(600))
    #expect(
      await harness.settle { harness.sync.status(of: NutritionScreenHarness.today) == .saved })
    #expect(await harness.days.days[NutritionScreenHarness.today]?.eaten == [oats: true])
    #expect(harness.text.contains("✓ saved"))

    harness.press(.character(" "))
    #expect(harness.snapshot().eaten == [:])
  }

  @Test func swapChoosesTheNextOptionDropsThePortionAndComesBackToTheMainOne() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("j"), .character("p"), .control("u"))
    harness.type("100")
    harness.press(.enter)
    #expect(harness.snapshot().portions[oats] == ItemPortion(foodId: "f_oats", qty: 100))

    harness.press(.character("s"))
    #expect(harness.snapshot().swaps == [oats: "o_muesli"])
    #expect(harness.snapshot().portions == [:])
    #expect(harness.text.contains("[ ] Muesli 80 g"))
    #expect(harness.text.contains("options: Oats 80 g · [Muesli 80 g]"))
    #expect(harness.host.messages.last == "Muesli instead of Oats.")

    harness.press(.character("s"))
    #expect(harness.snapshot().swaps == [:])
    #expect(harness.text.contains("options: [Oats 80 g] · Muesli 80 g"))

    harness.press(.character("j"), .character("s"))
    #expect(harness.host.messages.last == "Skyr has no other option.")
    #expect(harness.snapshot().swaps == [:])
  }

  @Test func aPortionIsTypedInANumericFieldAndScalesTheTotals() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("j"), .enter, .character("p"))
    #expect(harness.screen.isEditingText)
    #expect(harness.screen.keyHelp == [KeyHelp("Enter", "done"), KeyHelp("Esc", "cancel")])
    #expect(harness.text.contains("Amount of Oats in g, plan 80 g; empty for the plan's: 80"))

    harness.press(.control("u"))
    harness.type("12a0")
    harness.press(.enter)
    #expect(!harness.screen.isEditingText)
    #expect(harness.snapshot().portions == [oats: ItemPortion(foodId: "f_oats", qty: 120)])
    #expect(harness.text.contains("[✓] Oats 120 g (plan 80 g)"))
    #expect(harness.text.contains("Eaten 455 / 2400 kcal · protein 15.8 / 180 g"))

    harness.press(.character("p"), .control("u"), .character("0"), .enter)
    #expect(harness.host.messages.last == "The amount must be more than 0.")
    #expect(harness.screen.isEditingText)
    harness.press(.escape)
    #expect(!harness.screen.isEditingText)
    #expect(harness.snapshot().portions == [oats: ItemPortion(foodId: "f_oats", qty: 120)])

    harness.press(.character("p"), .control("u"), .enter)
    #expect(harness.snapshot().portions == [:])
    #expect(harness.text.contains("[✓] Oats 80 g"))
  }

  @Test func totalsAddTheEatenItemsAtTheirPortionsAndNothingRemoved() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    // Breakfast: tick both items; Skyr at 500 g is twice its plan.
    harness.press(.enter, .character("j"), .character("j"), .character("p"), .control("u"))
    harness.type("500")
    harness.press(.enter)
    // 303 + 316 kcal; protein 10.5 + 55; carbs 53 + 20; fat 5.5 + 1.
    #expect(
      harness.text.contains(
        "Eaten 619 / 2400 kcal · protein 65.5 / 180 g · carbs 73 / 250 g · fat 6.5 / 70 g"))

    harness.press(.character("k"), .character("x"))
    #expect(harness.snapshot().removed == [oats: true])
    #expect(harness.text.contains("[–] Oats 80 g — removed (x puts it back)"))
    #expect(harness.text.contains("Eaten 316 / 2400 kcal"))

    harness.press(.character("x"))
    #expect(harness.snapshot().removed == [:])
    #expect(harness.text.contains("Eaten 619 / 2400 kcal"))
  }

  @Test func aWholeMealIsTickedDeletedAndBroughtBack() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.enter)
    #expect(harness.snapshot().eaten == [oats: true, "2026-0-5__it_skyr": true])
    #expect(harness.text.contains("Eaten 461 / 2400 kcal"))

    harness.press(.character("d"))
    #expect(harness.snapshot().removedMeals == ["2026-0-5__m_breakfast": true])
    #expect(harness.text.contains("Breakfast 08:00 — deleted for this day (d brings it back)"))
    #expect(!harness.text.contains("Oats 80 g"))
    #expect(harness.text.contains("Eaten 0 / 2400 kcal"))

    harness.press(.character("d"))
    #expect(harness.snapshot().removedMeals == [:])
    #expect(harness.text.contains("Eaten 461 / 2400 kcal"))
    #expect(harness.host.messages.last == "Breakfast is back.")
  }

  @Test func theSelectionIsDrawnReversedAndMovesWithJAndK() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.down, .character("j"), .up)
    let frame = harness.screen.body(
      size: TerminalSize(rows: 60, columns: 110), now: NutritionScreenHarness.now)
    let selected = frame.lines.filter { $0.runs.contains { $0.style.reverse } }
    #expect(selected.count == 1)
    #expect(selected.first?.plainText.contains("[ ] Oats 80 g") == true)
  }

  @Test func aSmallTerminalScrollsToKeepTheSelectionInSight() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    for _ in 0..<5 { harness.press(.character("j")) }
    let frame = harness.screen.body(
      size: TerminalSize(rows: 6, columns: 60), now: NutritionScreenHarness.now)
    #expect(frame.lines.count <= 6)
    #expect(
      frame.lines.contains { line in
        line.runs.contains { $0.style.reverse } && line.plainText.contains("Cooked rice")
      })
    #expect(frame.lines.first?.plainText.hasPrefix("‹ Mon, 5 Jan 2026") == true)
  }
}
