import Foundation
import Testing

@testable import NutritionLog

/// `lockPreferredFrom` inside every edit that records eating, `clear()` and the preferred day's
/// expiry (docs/specs/nutrition-day.md, "The preferred day and the home hint", "Edit rules").
struct NutritionEditsPreferredDayTests {
  typealias S = NutritionEditsSamples

  static let locked = PreferredNutritionDay(
    planId: "np1", dayId: "nd1", untilMs: S.nextRolloverMs)

  /// Plan day np1/nd1 in view, with food a1 in meal m1 and custom meal c1 on today, added while
  /// the tab showed yesterday (so nothing is locked yet).
  static func dayWithFoods() -> NutritionEdits {
    S.applying([.addFood(mealId: "m1", item: S.apple), .setCustomMeal(S.snack)])
  }

  static let eatingEdits: [NutritionEdit] = [
    .setEaten(itemId: "it1", eaten: true),
    .setItemsEaten(itemIds: ["it1", "it2"], eaten: true),
    .addFood(mealId: "m2", item: S.banana),
    .setFoodEaten(mealId: "m1", itemId: "a1", eaten: true),
    .setMealStatus(mealId: "m1", status: .eatenOutside),
    .setMealStatus(mealId: "m1", status: .replaced),
    .setReplacement(mealId: "m1", replacement: S.pizza),
    .setCustomMeal(S.snack),
    .setCustomMealEaten(mealId: "c1", eaten: true),
    .setCustomMealItemEaten(mealId: "c1", itemId: "a1", eaten: true),
  ]

  static let otherEdits: [NutritionEdit] = [
    .setEaten(itemId: "it1", eaten: false),
    .setItemsEaten(itemIds: [], eaten: true),
    .setSwap(itemId: "it1", optionId: "o2", option: nil),
    .setItemRemoved(itemId: "it1", removed: true),
    .setPortion(itemId: "it1", portion: S.oats),
    .updateFood(mealId: "m1", item: S.apple),
    .removeFood(mealId: "m1", itemId: "a1"),
    .setFoodEaten(mealId: "m1", itemId: "a1", eaten: false),
    .setMealStatus(mealId: "m1", status: .planned),
    .setReplacement(mealId: "m1", replacement: nil),
    .setMealRemoved(mealId: "m1", removed: true),
    .removeCustomMeal(mealId: "c1"),
    .setCustomMealEaten(mealId: "c1", eaten: false),
  ]

  @Test(arguments: eatingEdits)
  func everyEditThatRecordsEatingLocksTheViewedDay(edit: NutritionEdit) {
    var edits = Self.dayWithFoods()
    #expect(edits.apply(edit, dateKey: S.today, at: S.onToday) == [.lockPreferredDay(Self.locked)])
    #expect(edits.preferredDay == Self.locked)
  }

  @Test(arguments: otherEdits)
  func editsThatRecordNoEatingLockNothing(edit: NutritionEdit) {
    var edits = Self.dayWithFoods()
    #expect(edits.apply(edit, dateKey: S.today, at: S.onToday) == [])
    #expect(edits.preferredDay == nil)
  }

  /// The conditions of `lockPreferredFrom`, one broken at a time.
  @Test(
    arguments: [
      ("edit for yesterday", S.yesterday, S.onToday, "np1", "nd1", nil),
      ("tab on yesterday", S.today, S.onYesterday, "np1", "nd1", nil),
      ("no plan in view", S.today, S.onToday, nil, "nd1", nil),
      ("no day in view", S.today, S.onToday, "np1", nil, nil),
      (
        "a preferred day is active", S.today, S.onToday, "np1", "nd1",
        PreferredNutritionDay(planId: "np2", dayId: "nd9", untilMs: 1_767_610_800_001)
      ),
    ] as [(String, String, EditMoment, String?, String?, PreferredNutritionDay?)])
  func nothingIsLockedUnlessEveryConditionHolds(
    _ why: String, dateKey: String, moment: EditMoment, planId: String?, dayId: String?,
    preferred: PreferredNutritionDay?
  ) throws {
    var edits = NutritionEdits()
    edits.view(planId: planId, dayId: dayId)
    edits.restorePreferredDay(preferred)
    let effects = try edits.setEaten(dateKey: dateKey, itemId: "it1", eaten: true, at: moment)
    #expect(effects == [], "\(why)")
    #expect(edits.preferredDay == preferred, "\(why)")
  }

  @Test func anExpiredPreferredDayIsReplaced() throws {
    var edits = S.viewing()
    edits.restorePreferredDay(
      PreferredNutritionDay(planId: "np2", dayId: "nd9", untilMs: 1_767_610_800_000))
    let effects = try edits.setEaten(dateKey: S.today, itemId: "it1", eaten: true, at: S.onToday)
    #expect(effects == [.lockPreferredDay(Self.locked)])
    #expect(edits.preferredDay == Self.locked)
  }

  @Test func aRefusedEatingEditLocksNothing() {
    var edits = S.viewing()
    let effects = edits.apply(
      .setFoodEaten(mealId: "m1", itemId: "a1", eaten: true), dateKey: S.today, at: S.onToday)
    #expect(effects == [.actionRefused(.unknownFood(mealId: "m1", itemId: "a1"))])
    #expect(edits == S.viewing())
  }

  @Test func expiryDropsThePreferredDayOnlyOnceItsTimeHasCome() {
    var edits = NutritionEdits()
    edits.restorePreferredDay(Self.locked)
    let expiredAtNoon = edits.expirePreferredDay(now: S.now)
    #expect(!expiredAtNoon)
    #expect(edits.preferredDay == Self.locked)
    let expiredAtRollover = edits.expirePreferredDay(now: S.nextRollover)
    #expect(expiredAtRollover)
    #expect(edits.preferredDay == nil)
  }

  @Test func clearResetsEverythingAndDeletesThePreferredDay() throws {
    var edits = Self.dayWithFoods()
    _ = try edits.setEaten(dateKey: S.today, itemId: "it1", eaten: true, at: S.onToday)
    _ = try edits.setPortion(dateKey: S.yesterday, itemId: "it1", portion: S.oats)
    #expect(edits.clear() == [.deletePreferredDay])
    #expect(edits == NutritionEdits())
    #expect(edits.viewPlanId == nil && edits.preferredDay == nil)
  }
}
