import Foundation
import NutritionLog
import Testing
import TraineeAPI
import TraineeServer

/// The app's view of a saved day and the server's diary of it are the same, to the last digit:
/// both are the one reading in TraineeAPI (NutritionMenuDto+Diary.swift).
struct OneDiaryTests {
  /// 5 January 2026 with a portion that does not divide evenly, a swap, amounts of a few
  /// hundredths, a food added to a meal the plan lacks, a composed meal and a replaced meal.
  static let snapshot = NutritionDaySnapshot(
    eaten: ["2026-0-5__it_oats": true, "2026-0-5__it_rice": true, "2026-0-5__it_chicken": true],
    swaps: ["2026-0-5__it_oats": "o_muesli"],
    aiMeals: [
      "2026-0-5__m_breakfast": [
        CustomMealItem(id: "h1", name: "Honey", kcal: 0.04, carbs: 0.04),
        CustomMealItem(id: "h2", name: "Honey", kcal: 0.04, carbs: 0.04),
        CustomMealItem(id: "h3", name: "Honey", kcal: 0.04, carbs: 0.04),
      ],
      "2026-0-5__m_snack": [CustomMealItem(id: "w1", name: "Walnuts", kcal: 65.4, fat: 6.5)],
    ],
    mealStatus: ["2026-0-5__m_dinner": .replaced],
    replacement: ["2026-0-5__m_dinner": MealReplacement(id: "r1", name: "Pizza", kcal: 812.3)],
    customMeals: [
      "2026-0-5__c1": CustomMeal(
        id: "c1", label: "Brunch",
        items: [CustomMealItem(id: "e1", name: "Eggs", kcal: 155.5, protein: 12.6, eaten: false)])
    ],
    portions: [
      "2026-0-5__it_rice": ItemPortion(foodId: "f_rice", qty: 183),
      "2026-0-5__it_chicken": ItemPortion(foodId: "f_chicken", qty: 171),
    ])

  @Test func theSavedDayIsShownAsTheServerAnswersIt() async throws {
    let server = try DemoTraineeServer()
    let client = server.client(zone: "UTC")
    let date = try #require(CalendarDate(year: 2026, month: 1, day: 5))
    try await client.saveNutritionDay(date: "2026-01-05", data: Self.snapshot)
    let plans = try await client.nutritionPlans().plans
    let plan = PlanDayChoice.choose(
      plans, hint: nil, snapshot: Self.snapshot, dateKey: date.dayKey.rawValue)
    let shown = ReadOnlyDay.fromSavedDay(date: date, snapshot: Self.snapshot, plan: plan)
    let menu = try await client.nutritionMenu(date: "2026-01-05")
    var served = try ReadOnlyDay.fromMenu(menu, date: date, targets: plan?.day.targets)
    served.source = .savedDay
    #expect(shown == served)
    // The rice's 183 g of 250 g: 6.8 g of protein scaled to 4.9776, shown as the server's 5.
    #expect(shown.meals[1].items[1].macros.protein == 5)
    #expect(shown.totals.eaten == menu.eaten)
  }
}
