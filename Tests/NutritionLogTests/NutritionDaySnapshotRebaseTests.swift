import Foundation
import Testing
import TraineeAPI

@testable import NutritionLog

/// `mergeSnapshots(remote:local:base:)`: only what changed locally since the server last confirmed
/// the day is laid over the server's day (docs/decisions/the-nutrition-day.md, "Nutrition sync:
/// confirmed copies").
struct NutritionDaySnapshotRebaseTests {
  typealias S = NutritionEditsSamples

  static let rice = ItemPortion(foodId: "f_rice", qty: 90)
  static let bread = CustomMealItem(id: "x1", name: "Bread")

  /// (case, base, remote, local, merged)
  static let rebases:
    [(
      String, NutritionDaySnapshot, NutritionDaySnapshot, NutritionDaySnapshot, NutritionDaySnapshot
    )] =
      [
        (
          "a confirmed copy does not undo an untick made elsewhere",
          NutritionDaySnapshot(eaten: ["d__it1": true, "d__it2": true]),
          NutritionDaySnapshot(eaten: ["d__it2": true]),
          NutritionDaySnapshot(eaten: ["d__it1": true, "d__it2": true]),
          NutritionDaySnapshot(eaten: ["d__it2": true])
        ),
        (
          "an edit made here since stays, beside the change made elsewhere",
          NutritionDaySnapshot(eaten: ["d__it1": true]),
          NutritionDaySnapshot(removedMeals: ["d__m2": true]),
          NutritionDaySnapshot(eaten: ["d__it1": true, "d__it3": true]),
          NutritionDaySnapshot(eaten: ["d__it3": true], removedMeals: ["d__m2": true])
        ),
        (
          "an untick made here since is not brought back by the server's copy",
          NutritionDaySnapshot(eaten: ["d__it1": true]),
          NutritionDaySnapshot(eaten: ["d__it1": true, "d__it2": true]),
          .empty,
          NutritionDaySnapshot(eaten: ["d__it2": true])
        ),
        (
          "a food removed here goes, a food removed elsewhere stays gone, a new one is added",
          NutritionDaySnapshot(aiMeals: ["d__m1": [S.apple, S.banana]]),
          NutritionDaySnapshot(aiMeals: ["d__m1": [S.apple]]),
          NutritionDaySnapshot(aiMeals: ["d__m1": [S.banana, bread]]),
          NutritionDaySnapshot(aiMeals: ["d__m1": [bread]])
        ),
        (
          "a status set back to planned here clears the replacement the server has",
          NutritionDaySnapshot(mealStatus: ["d__m1": .replaced], replacement: ["d__m1": S.pizza]),
          NutritionDaySnapshot(mealStatus: ["d__m1": .replaced], replacement: ["d__m1": S.pizza]),
          .empty,
          .empty
        ),
        (
          "a swap made here since drops the server's portion of the old option",
          NutritionDaySnapshot(eaten: ["d__it1": true]),
          NutritionDaySnapshot(eaten: ["d__it1": true], portions: ["d__it1": rice]),
          NutritionDaySnapshot(eaten: ["d__it1": true], swaps: ["d__it1": "o2"]),
          NutritionDaySnapshot(eaten: ["d__it1": true], swaps: ["d__it1": "o2"])
        ),
        (
          "a swap unchanged since keeps the portion set elsewhere",
          NutritionDaySnapshot(swaps: ["d__it1": "o2"]),
          NutritionDaySnapshot(swaps: ["d__it1": "o2"], portions: ["d__it1": rice]),
          NutritionDaySnapshot(swaps: ["d__it1": "o2"]),
          NutritionDaySnapshot(swaps: ["d__it1": "o2"], portions: ["d__it1": rice])
        ),
      ]

  @Test(arguments: rebases)
  func onlyWhatChangedHereSinceTheBaseWins(
    _ name: String, base: NutritionDaySnapshot, remote: NutritionDaySnapshot,
    local: NutritionDaySnapshot, merged: NutritionDaySnapshot
  ) {
    #expect(mergeSnapshots(remote: remote, local: local, base: base) == merged, "\(name)")
  }

  @Test(arguments: NutritionDaySnapshotMergeTests.merges)
  func withAnEmptyBaseItIsTheSpecsMerge(
    _ name: String, remote: NutritionDaySnapshot, local: NutritionDaySnapshot,
    merged: NutritionDaySnapshot
  ) {
    #expect(mergeSnapshots(remote: remote, local: local, base: .empty) == merged, "\(name)")
  }

  @Test func aLocalCopyEqualToTheBaseTakesTheRemoteWhole() {
    let base = NutritionDaySnapshot(
      eaten: ["d__it1": true], aiMeals: ["d__m1": [S.apple]], customMeals: [:])
    let remote = NutritionDaySnapshot(swaps: ["d__it4": "o9"], removed: ["d__it5": true])
    #expect(mergeSnapshots(remote: remote, local: base, base: base) == remote)
  }
}
