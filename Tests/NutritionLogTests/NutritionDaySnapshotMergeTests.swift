import Foundation
import Testing
import TraineeAPI

@testable import NutritionLog

/// `collectDaySnapshot`, `hydrateDay` and `mergeSnapshots` (docs/specs/nutrition-day.md, "The day
/// snapshot", "Loading a day").
struct NutritionDaySnapshotMergeTests {
  typealias S = NutritionEditsSamples

  static let pizza = S.pizza
  static let bigOats = ItemPortion(foodId: "f_oats", qty: 200)
  static let rice = ItemPortion(foodId: "f_rice", qty: 90)

  /// (case, remote, local, merged)
  static let merges: [(String, NutritionDaySnapshot, NutritionDaySnapshot, NutritionDaySnapshot)] =
    [
      ("both empty", .empty, .empty, .empty),
      (
        "local only", .empty, NutritionDaySnapshot(eaten: ["d__it1": true]),
        NutritionDaySnapshot(eaten: ["d__it1": true])
      ),
      (
        "remote only", NutritionDaySnapshot(removedMeals: ["d__m1": true]), .empty,
        NutritionDaySnapshot(removedMeals: ["d__m1": true])
      ),
      (
        "different keys are both kept",
        NutritionDaySnapshot(eaten: ["d__it1": true], swaps: ["d__it2": "o2"]),
        NutritionDaySnapshot(eaten: ["d__it3": true], removed: ["d__it4": true]),
        NutritionDaySnapshot(
          eaten: ["d__it1": true, "d__it3": true], swaps: ["d__it2": "o2"],
          removed: ["d__it4": true])
      ),
      (
        "local wins on the same key",
        NutritionDaySnapshot(
          eaten: ["d__it1": true],
          customMeals: ["d__c1": CustomMeal(id: "c1", label: "Remote")]),
        NutritionDaySnapshot(
          eaten: ["d__it1": false],
          customMeals: ["d__c1": CustomMeal(id: "c1", label: "Local")]),
        NutritionDaySnapshot(
          eaten: ["d__it1": false],
          customMeals: ["d__c1": CustomMeal(id: "c1", label: "Local")])
      ),
      (
        "foods of one meal are merged by id, local first on the same id",
        NutritionDaySnapshot(aiMeals: ["d__m1": [S.apple, S.banana]]),
        NutritionDaySnapshot(
          aiMeals: [
            "d__m1": [CustomMealItem(id: "x1", name: "Bread"), CustomMealItem(id: "b1", name: "B")]
          ]),
        NutritionDaySnapshot(
          aiMeals: [
            "d__m1": [
              S.apple, CustomMealItem(id: "b1", name: "B"), CustomMealItem(id: "x1", name: "Bread"),
            ]
          ])
      ),
      (
        "a local status decides the replacement",
        NutritionDaySnapshot(mealStatus: ["d__m1": .replaced], replacement: ["d__m1": pizza]),
        NutritionDaySnapshot(mealStatus: ["d__m1": .eatenOutside]),
        NutritionDaySnapshot(mealStatus: ["d__m1": .eatenOutside])
      ),
      (
        "a local replacement brings its status",
        NutritionDaySnapshot(mealStatus: ["d__m1": .eatenOutside]),
        NutritionDaySnapshot(mealStatus: ["d__m1": .replaced], replacement: ["d__m1": pizza]),
        NutritionDaySnapshot(mealStatus: ["d__m1": .replaced], replacement: ["d__m1": pizza])
      ),
      (
        "a local swap to another option drops the remote portion",
        NutritionDaySnapshot(swaps: ["d__it1": "o2"], portions: ["d__it1": rice]),
        NutritionDaySnapshot(swaps: ["d__it1": "o3"]),
        NutritionDaySnapshot(swaps: ["d__it1": "o3"])
      ),
      (
        "a local swap to the same option keeps the remote portion",
        NutritionDaySnapshot(swaps: ["d__it1": "o2"], portions: ["d__it1": rice]),
        NutritionDaySnapshot(swaps: ["d__it1": "o2"]),
        NutritionDaySnapshot(swaps: ["d__it1": "o2"], portions: ["d__it1": rice])
      ),
      (
        "a local portion keeps the option it was set on",
        NutritionDaySnapshot(swaps: ["d__it1": "o2"], portions: ["d__it1": rice]),
        NutritionDaySnapshot(portions: ["d__it1": bigOats]),
        NutritionDaySnapshot(portions: ["d__it1": bigOats])
      ),
      (
        "a local removal drops the remote portion",
        NutritionDaySnapshot(portions: ["d__it1": rice, "d__it2": rice]),
        NutritionDaySnapshot(removed: ["d__it1": true]),
        NutritionDaySnapshot(removed: ["d__it1": true], portions: ["d__it2": rice])
      ),
    ]

  @Test(arguments: merges)
  func mergeLetsLocalWinPerKey(
    _ name: String, remote: NutritionDaySnapshot, local: NutritionDaySnapshot,
    merged: NutritionDaySnapshot
  ) {
    #expect(mergeSnapshots(remote: remote, local: local) == merged, "\(name)")
  }

  @Test func collectPicksOnlyTheDaysOwnEntriesWithTheirPrefix() throws {
    var edits = NutritionEdits()
    _ = try edits.setEaten(dateKey: "2026-0-1", itemId: "it1", eaten: true, at: S.onYesterday)
    _ = try edits.setEaten(dateKey: "2026-0-10", itemId: "it1", eaten: true, at: S.onYesterday)
    _ = try edits.setEaten(dateKey: "2026-0-1", itemId: "0__it2", eaten: true, at: S.onYesterday)
    #expect(
      edits.collectDaySnapshot("2026-0-1")
        == NutritionDaySnapshot(eaten: ["2026-0-1__it1": true, "2026-0-1__0__it2": true]))
    #expect(
      edits.collectDaySnapshot("2026-0-10") == NutritionDaySnapshot(eaten: ["2026-0-10__it1": true])
    )
    #expect(edits.collectDaySnapshot("2026-0-11") == .empty)
  }

  @Test func hydrateReplacesThatDateAndLeavesOtherDates() throws {
    var edits = NutritionEdits()
    _ = try edits.setEaten(dateKey: S.today, itemId: "it1", eaten: true, at: S.onYesterday)
    _ = try edits.setPortion(dateKey: S.today, itemId: "it2", portion: S.oats)
    _ = try edits.setEaten(dateKey: S.yesterday, itemId: "it1", eaten: true, at: S.onYesterday)
    let yesterday = edits.collectDaySnapshot(S.yesterday)
    let remote = NutritionDaySnapshot(
      swaps: ["2026-0-5__it3": "o2"], aiMeals: ["2026-0-5__m1": [S.apple]])

    edits.hydrateDay(S.today, remote)

    #expect(edits.collectDaySnapshot(S.today) == remote)
    #expect(edits.collectDaySnapshot(S.yesterday) == yesterday)
    #expect(edits.eaten == ["2026-0-4__it1": true])
  }

  @Test func hydratingAnEmptySnapshotEmptiesTheDay() throws {
    var edits = NutritionEdits()
    _ = try edits.setEaten(dateKey: S.today, itemId: "it1", eaten: true, at: S.onYesterday)
    edits.hydrateDay(S.today, .empty)
    #expect(edits == NutritionEdits())
  }

  @Test func hydrateTakesOnlyEntriesOfThatDate() {
    var edits = NutritionEdits()
    edits.hydrateDay(
      S.today,
      NutritionDaySnapshot(
        eaten: ["2026-0-5__it1": true, "2026-0-4__it1": true, "it9": true],
        portions: ["2026-0-50__it1": S.oats]))
    #expect(edits.eaten == ["2026-0-5__it1": true])
    #expect(edits.dateKeys == [S.today])
  }

  @Test func hydrateWritesTheResponsesRenderDataAndKeepsWhatTheSwapsStillUse() throws {
    var edits = NutritionEdits()
    let pasta = NutritionOptionDto(id: "o_pasta", name: "Pasta")
    let bread = NutritionOptionDto(id: "o_bread", name: "Bread")
    _ = try edits.setSwap(dateKey: S.today, itemId: "it1", optionId: "o_rice", option: S.rice)
    _ = try edits.setSwap(dateKey: S.today, itemId: "it2", optionId: "o_pasta", option: pasta)
    _ = try edits.setSwap(dateKey: S.yesterday, itemId: "it1", optionId: "o_rice", option: S.rice)

    edits.hydrateDay(
      S.today,
      NutritionDaySnapshot(swaps: ["2026-0-5__it1": "o_rice", "2026-0-5__it3": "o_bread"]),
      swapOptions: ["it3": bread])

    #expect(
      edits.swapOptions
        == ["2026-0-5__it1": S.rice, "2026-0-5__it3": bread, "2026-0-4__it1": S.rice])
  }

  @Test func hydratingTheMergeKeepsAMealAddedBeforeTheTabMounted() throws {
    var edits = NutritionEdits()
    _ = try edits.addFood(dateKey: S.today, mealId: "m1", item: S.banana, at: S.onToday)
    let remote = NutritionDaySnapshot(
      eaten: ["2026-0-5__it1": true], aiMeals: ["2026-0-5__m1": [S.apple]])
    let local = edits.collectDaySnapshot(S.today)

    edits.hydrateDay(S.today, mergeSnapshots(remote: remote, local: local))

    #expect(
      edits.collectDaySnapshot(S.today)
        == NutritionDaySnapshot(
          eaten: ["2026-0-5__it1": true], aiMeals: ["2026-0-5__m1": [S.apple, S.banana]]))
    #expect(edits.collectDaySnapshot(S.today).canonicalJSON() != remote.canonicalJSON())
  }
}
