import Foundation
import NutritionLog
import TerminalUI
import Testing
import TraineeAPI

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// Eating today what was eaten yesterday: a meal (`y`) or the whole day (`Y`).
@MainActor
struct YesterdayCopyTests {
  @Test func yCopiesYesterdaysBreakfastIntoTodaysThroughTheSyncAndSavesIt() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    // Yesterday: muesli in place of the oats, the skyr as planned, and a quick add.
    let yesterday = NutritionScreenDayTests.yesterday
    harness.press(.character("h"))
    #expect(await harness.settle { harness.sync.status(of: yesterday) == .saved })
    harness.press(.character("j"), .enter, .character("s"))
    harness.press(.character("j"), .enter)
    harness.press(.character("k"), .character("k"), .character("+"))
    harness.type("120")
    harness.press(.tab, .tab, .tab, .enter)
    #expect(harness.snapshot(yesterday).aiMeals.count == 1)
    #expect(harness.snapshot(yesterday).eaten.count == 2)
    // Today: y on breakfast. The skyr is ticked; the muesli, swapped in, and the quick add are
    // added with the figures they were eaten with.
    harness.press(.character("t"))
    #expect(harness.screen.keyHelp.contains(KeyHelp("y", "meal as yesterday")))
    harness.press(.character("y"))
    let today = harness.snapshot()
    #expect(today.eaten == ["2026-0-5__it_skyr": true])
    let added = try #require(today.aiMeals["2026-0-5__m_breakfast"])
    #expect(added.map(\.name) == ["Muesli", "Quick add"])
    #expect(added.map(\.kcal) == [290, 120])
    #expect(added.allSatisfy { $0.eaten == true })
    // Once more: the skyr is not ticked twice (the foods are added again: it is a copy).
    harness.press(.character("y"))
    #expect(harness.snapshot().eaten == ["2026-0-5__it_skyr": true])
    #expect(harness.host.messages.last == "Copied from yesterday.")
    await harness.clock.advance(by: .milliseconds(600))
    #expect(
      await harness.settle { harness.sync.status(of: NutritionScreenHarness.today) == .saved })
    #expect(
      await harness.days.days[NutritionScreenHarness.today]?.eaten
        == ["2026-0-5__it_skyr": true])
    // Yesterday itself is not copied onto a day that is not today.
    harness.press(.character("h"), .character("Y"))
    #expect(harness.host.messages.last == "Copying from yesterday is for today: t shows today.")
  }

  @Test func yCopiesYesterdaysComposedMealsAsNewOnesThroughTheSync() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    let yesterday = NutritionScreenDayTests.yesterday
    harness.press(.character("h"))
    #expect(await harness.settle { harness.sync.status(of: yesterday) == .saved })
    // Yesterday: a logged pizza (linked to its log) with a cola left undrunk.
    let logged = CustomMeal(
      id: "c_pizza", label: "Pizza night",
      items: [
        CustomMealItem(id: "i_pizza", name: "Pizza", kcal: 800, protein: 30, eaten: true),
        CustomMealItem(id: "i_cola", name: "Cola", kcal: 140, eaten: false),
      ], source: "log", logId: "41")
    #expect(
      harness.screen.apply(.setCustomMeal(logged), on: yesterday, now: NutritionScreenHarness.now))
    harness.press(.character("t"), .character("Y"))
    let copies = harness.snapshot().customMeals
    #expect(copies.count == 1)
    let copy = try #require(copies.values.first)
    #expect(copy.label == "Pizza night")
    #expect(copy.id != "c_pizza" && copy.logId == nil && copy.source == nil)
    #expect(copy.items.map(\.name) == ["Pizza"])
    #expect(copy.items.map(\.kcal) == [800])
    #expect(copy.items.allSatisfy { $0.eaten == true && $0.id != "i_pizza" })
    #expect(harness.snapshot(yesterday).customMeals.values.map(\.logId) == ["41"])
    #expect(harness.host.messages.last == "Copied from yesterday.")
    // Saved with the day like any edit, and counted in today's totals.
    await harness.clock.advance(by: .milliseconds(600))
    #expect(
      await harness.settle { harness.sync.status(of: NutritionScreenHarness.today) == .saved })
    #expect(
      await harness.days.days[NutritionScreenHarness.today]?.customMeals.values.map(\.label)
        == ["Pizza night"])
    #expect(harness.screen.currentContent().day?.totals.eaten.kcal == 800)
  }
}

/// The nutrition tab's numbers and dates in the trainee's language.
@MainActor
struct NutritionLanguageTests {
  @Test func inGermanTheTabWritesDecimalCommasAndGermanDates() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    #expect(harness.text.contains("Mon, 5 Jan 2026"))
    #expect(harness.text.contains("P 10.5"))
    harness.screen.language = { .de }
    let text = harness.text
    #expect(text.contains("5. Jan. 2026"))
    #expect(text.contains("E 10,5  KH 53  F 5,5"))
    #expect(!text.contains("P 10.5"))
    // Drawing in German leaves nothing behind: the helpers are English outside the screen.
    #expect(NutritionText.number(10.5) == "10.5")
  }
}
