import Foundation
import Testing
import TraineeAPI

@testable import NutritionLog

/// Plan item edits (docs/specs/nutrition-day.md, "What each map holds", "Edit rules"): keys, ticks,
/// swaps, removal and the portions they drop.
struct NutritionEditsTests {
  typealias S = NutritionEditsSamples

  @Test func keysAreDateKeyUnderscoreUnderscoreId() throws {
    var edits = NutritionEdits()
    _ = try edits.setEaten(dateKey: "2026-0-5", itemId: "item1", eaten: true, at: S.onToday)
    _ = try edits.setMealRemoved(dateKey: "2026-11-31", mealId: "m1", removed: true)
    #expect(edits.eaten == ["2026-0-5__item1": true])
    #expect(edits.removedMeals == ["2026-11-31__m1": true])
    #expect(edits.dateKeys == ["2026-0-5", "2026-11-31"])
  }

  @Test(arguments: ["2026-01-05", "2026-1-05", "2026-12-5", "2026-0-32", "2026-1-30", "", "x"])
  func anIsoDateOrAnythingButADayKeyIsRefused(dateKey: String) {
    var edits = S.viewing()
    #expect(throws: NutritionEditRefusal.invalidDateKey(dateKey)) {
      try edits.setEaten(dateKey: dateKey, itemId: "it1", eaten: true, at: S.onToday)
    }
    #expect(edits == S.viewing())
  }

  @Test func tickingAndUntickingLeavesNothingBehind() throws {
    var edits = S.viewing()
    _ = try edits.setEaten(dateKey: S.today, itemId: "it1", eaten: true, at: S.onYesterday)
    #expect(edits.eaten == ["2026-0-5__it1": true])
    _ = try edits.setEaten(dateKey: S.today, itemId: "it1", eaten: false, at: S.onYesterday)
    #expect(edits == S.viewing())
  }

  @Test func markingAMealEatenTicksEveryItemGiven() throws {
    var edits = NutritionEdits()
    _ = try edits.setItemsEaten(
      dateKey: S.today, itemIds: ["it1", "it2"], eaten: true, at: S.onYesterday)
    #expect(edits.eaten == ["2026-0-5__it1": true, "2026-0-5__it2": true])
    _ = try edits.setItemsEaten(
      dateKey: S.today, itemIds: ["it1", "it2"], eaten: false, at: S.onYesterday)
    #expect(edits == NutritionEdits())
  }

  @Test func anEmptyItemIdIsRefused() {
    var edits = S.viewing()
    #expect(throws: NutritionEditRefusal.emptyId(field: "itemId")) {
      try edits.setItemsEaten(dateKey: S.today, itemIds: ["it1", ""], eaten: true, at: S.onToday)
    }
    #expect(edits == S.viewing())
  }

  /// (swap held, swap chosen, portion kept)
  @Test(
    arguments: [
      (nil, "o2", false), ("o2", "o3", false), ("o2", nil, false), ("o2", "o2", true),
      (nil, nil, true),
    ] as [(String?, String?, Bool)])
  func aSwapToAnotherOptionDropsThePortion(held: String?, chosen: String?, kept: Bool) throws {
    var edits = NutritionEdits()
    if let held { _ = try edits.setSwap(dateKey: S.today, itemId: "it1", optionId: held) }
    _ = try edits.setPortion(dateKey: S.today, itemId: "it1", portion: S.oats)
    _ = try edits.setSwap(dateKey: S.today, itemId: "it1", optionId: chosen)
    let snapshot = edits.collectDaySnapshot(S.today)
    #expect(snapshot.swaps == (chosen.map { ["2026-0-5__it1": $0] } ?? [:]))
    #expect(snapshot.portions == (kept ? ["2026-0-5__it1": S.oats] : [:]))
  }

  @Test func mealSwapsDropOnlyThePortionsOfItemsWhoseOptionChanged() throws {
    var edits = NutritionEdits()
    _ = try edits.setSwap(dateKey: S.today, itemId: "it1", optionId: "o2")
    for item in ["it1", "it2", "it3"] {
      _ = try edits.setPortion(dateKey: S.today, itemId: item, portion: S.oats)
    }
    _ = try edits.setMealSwaps(
      dateKey: S.today,
      swaps: [
        ItemSwap(itemId: "it1", optionId: "o2"), ItemSwap(itemId: "it2", optionId: "o5"),
      ])
    let expected = NutritionDaySnapshot(
      swaps: ["2026-0-5__it1": "o2", "2026-0-5__it2": "o5"],
      portions: ["2026-0-5__it1": S.oats, "2026-0-5__it3": S.oats])
    #expect(edits.collectDaySnapshot(S.today) == expected)
  }

  @Test func mealSwapsNamingAnItemTwiceAreRefused() {
    var edits = NutritionEdits()
    #expect(throws: NutritionEditRefusal.duplicateItem(itemId: "it1")) {
      try edits.setMealSwaps(
        dateKey: S.today,
        swaps: [ItemSwap(itemId: "it1", optionId: "o2"), ItemSwap(itemId: "it1", optionId: nil)])
    }
    #expect(edits == NutritionEdits())
  }

  @Test func swapRenderDataIsKeptLocallyAndNeverInTheSnapshot() throws {
    var edits = NutritionEdits()
    _ = try edits.setSwap(dateKey: S.today, itemId: "it1", optionId: "o_rice", option: S.rice)
    #expect(edits.swapOptions == ["2026-0-5__it1": S.rice])
    #expect(
      edits.collectDaySnapshot(S.today) == NutritionDaySnapshot(swaps: ["2026-0-5__it1": "o_rice"]))
    let json = String(decoding: edits.collectDaySnapshot(S.today).canonicalJSON(), as: UTF8.self)
    #expect(!json.contains("swapOptions") && !json.contains("Rice"))

    _ = try edits.setSwap(dateKey: S.today, itemId: "it1", optionId: "o_rice")
    #expect(edits.swapOptions == ["2026-0-5__it1": S.rice])
    _ = try edits.setSwap(dateKey: S.today, itemId: "it1", optionId: nil)
    #expect(edits == NutritionEdits())
  }

  @Test func renderDataOfAnotherOptionIsRefused() {
    var edits = NutritionEdits()
    #expect(throws: NutritionEditRefusal.optionMismatch(optionId: "o2", renderedId: "o_rice")) {
      try edits.setSwap(dateKey: S.today, itemId: "it1", optionId: "o2", option: S.rice)
    }
    #expect(edits == NutritionEdits())
  }

  @Test func removingAnItemDropsItsPortionAndPuttingItBackLeavesNothing() throws {
    var edits = NutritionEdits()
    _ = try edits.setPortion(dateKey: S.today, itemId: "it1", portion: S.oats)
    _ = try edits.setPortion(dateKey: S.today, itemId: "it2", portion: S.oats)
    _ = try edits.setItemRemoved(dateKey: S.today, itemId: "it1", removed: true)
    #expect(
      edits.collectDaySnapshot(S.today)
        == NutritionDaySnapshot(
          removed: ["2026-0-5__it1": true], portions: ["2026-0-5__it2": S.oats]))
    _ = try edits.setItemRemoved(dateKey: S.today, itemId: "it1", removed: false)
    #expect(
      edits.collectDaySnapshot(S.today) == NutritionDaySnapshot(portions: ["2026-0-5__it2": S.oats])
    )
  }

  /// (foodId, qty, problem): `nil` problem means stored.
  @Test(
    arguments: [
      ("f", 120, nil), ("f", 10_000, nil), ("f", 0.001, nil), ("f", 0, .notPositive),
      ("f", -1, .notPositive), ("f", 10_000.5, .tooLarge(maximum: 10_000)),
      ("f", .nan, .notFinite), ("f", .infinity, .notFinite), ("f", -.infinity, .notFinite),
      ("", 120, .emptyFoodId),
    ] as [(String, Double, PortionProblem?)])
  func aPortionIsStoredOnlyWhenValid(foodId: String, qty: Double, problem: PortionProblem?) throws {
    var edits = NutritionEdits()
    _ = try edits.setPortion(dateKey: S.today, itemId: "it1", portion: S.oats)
    let portion = ItemPortion(foodId: foodId, qty: qty)
    let effects = try edits.setPortion(dateKey: S.today, itemId: "it1", portion: portion)
    #expect(portion.problem == problem)
    if let problem {
      #expect(effects == [.portionRejected(itemId: "it1", problem: problem)])
      #expect(edits == NutritionEdits())
    } else {
      #expect(effects == [])
      #expect(edits.portions == ["2026-0-5__it1": portion])
      #expect(edits.portion(dateKey: S.today, itemId: "it1") == portion)
    }
  }

  @Test func aNilPortionClearsTheEntry() throws {
    var edits = NutritionEdits()
    _ = try edits.setPortion(dateKey: S.today, itemId: "it1", portion: S.oats)
    #expect(try edits.setPortion(dateKey: S.today, itemId: "it1", portion: nil) == [])
    #expect(edits == NutritionEdits())
  }

  @Test func anEditLeavesEveryOtherDateAsItWas() throws {
    var edits = NutritionEdits()
    _ = try edits.setPortion(dateKey: S.yesterday, itemId: "it1", portion: S.oats)
    _ = try edits.setSwap(dateKey: S.yesterday, itemId: "it1", optionId: "o2")
    _ = try edits.setPortion(dateKey: S.today, itemId: "it1", portion: S.oats)
    _ = try edits.setItemRemoved(dateKey: S.today, itemId: "it1", removed: true)
    #expect(
      edits.collectDaySnapshot(S.yesterday) == NutritionDaySnapshot(swaps: ["2026-0-4__it1": "o2"]))
    #expect(
      edits.collectDaySnapshot(S.today) == NutritionDaySnapshot(removed: ["2026-0-5__it1": true]))
  }
}
