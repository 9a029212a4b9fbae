import Foundation
import Testing
import TraineeAPI
import TraineeClient
import TraineeServer

/// The nutrition, food and home calls of the client against the real server.
struct ClientNutritionTests {
  /// A day with the skyr removed and the oats swapped for muesli, on 5 January 2026 (key
  /// `2026-0-5`, the spec's zero-based month).
  static let day: JSONValue = .object([
    "removed": .object(["2026-0-5__it_skyr": .bool(true)]),
    "swaps": .object(["2026-0-5__it_oats": .string("o_muesli")]),
    "portions": .object([:]),
  ])

  @Test func plansAnswerTheCoachsPlan() async throws {
    let server = try DemoTraineeServer()
    let plans = try await server.client().nutritionPlans()
    #expect(plans.plans.first?.id == "np_cut")
    #expect(plans.plans.first?.days.first?.targets?.kcal == 2400)
  }

  @Test func dayIsEmptyThenAnswersWhatWasPut() async throws {
    let server = try DemoTraineeServer()
    let client = server.client(zone: "America/New_York")
    let empty = try await client.nutritionDay(date: "2026-01-05")
    #expect(empty == NutritionDayDto(date: "2026-01-05", data: nil))
    let saved = try await client.saveNutritionDay(date: "2026-01-05", data: Self.day)
    #expect(saved == NutritionDayDto(date: "2026-01-05", data: Self.day))
    #expect(try await client.nutritionDay(date: "2026-01-05").data == Self.day)
  }

  @Test func dayInTheClientsFutureIsRefused() async throws {
    let server = try DemoTraineeServer()
    let newYork = server.client(zone: "America/New_York")
    await #expect {
      try await newYork.saveNutritionDay(date: "2026-01-06", data: Self.day)
    } throws: { error in
      guard case .http(400, let body?) = error as? TraineeAPIError else { return false }
      return body.error.code == "future_date"
    }
    // Already the 6th in Berlin.
    let berlin = server.client(zone: "Europe/Berlin")
    #expect(try await berlin.saveNutritionDay(date: "2026-01-06", data: Self.day).data == Self.day)
  }

  @Test func mealLogIsInTheMenuAndCounted() async throws {
    let server = try DemoTraineeServer()
    let client = server.client(zone: "UTC")
    let logged = try await client.logMeal(
      MealLogRequestDto(
        date: "2026-01-05",
        items: [
          MealLogItemDto(
            name: "Banana", foodId: "f_banana", qty: 120, unit: "g",
            macros: MacrosDto(kcal: 107, protein: 1.3, carbs: 27.4, fat: 0.4))
        ]))
    #expect(!logged.id.isEmpty)
    let menu = try await client.nutritionMenu(
      date: "2026-01-05", hint: PlanDayHint(planId: "np_cut", dayId: "nd_training"))
    #expect(menu.date == "2026-01-05")
    #expect(menu.planId == "np_cut")
    #expect(menu.dayId == "nd_training")
    #expect(menu.logs.map(\.id) == [logged.id])
    #expect(menu.logs.first?.macros.kcal == 107)
    #expect(menu.logs.first?.counted == true)
    #expect(menu.eaten.kcal >= 107)
    #expect(!menu.meals.isEmpty)
  }

  @Test func menuShowsTheSavedDaysEdits() async throws {
    let server = try DemoTraineeServer()
    let client = server.client(zone: "UTC")
    try await client.saveNutritionDay(date: "2026-01-05", data: Self.day)
    let menu = try await client.nutritionMenu(date: "2026-01-05")
    let items = menu.meals.flatMap(\.items)
    #expect(items.first { $0.id == "it_skyr" }?.removed == true)
    #expect(items.first { $0.id == "it_oats" }?.optionId == "o_muesli")
    #expect(items.first { $0.id == "it_oats" }?.swapped == true)
  }

  @Test func foodsAreFoundByNameAndBarcode() async throws {
    let server = try DemoTraineeServer()
    let client = server.client()
    let found = try await client.searchFoods("oats", limit: 5)
    #expect(found.foods.contains { $0.id == "f_oats" })
    #expect(found.foods.count <= 5)
    let oats = try await client.food(barcode: "2000000000015")
    #expect(oats.id == "f_oats")
    #expect(oats.per100g.kcal == 379)
    await #expect(throws: TraineeAPIError.self) { try await client.food(barcode: "12345678") }
  }

  @Test(arguments: [
    ("Europe/Berlin", "2026-01-06"), ("America/New_York", "2026-01-05"), ("UTC", "2026-01-05"),
    ("Asia/Tokyo", "2026-01-06"),
  ])
  func homeDateFollowsTheClientsTimeZone(zone: String, today: String) async throws {
    let server = try DemoTraineeServer()
    let home = try await server.client(zone: zone).home()
    #expect(home.date == today)
    #expect(home.nextWorkout != nil)
  }

  @Test func homeUsesTheHintedPlanDay() async throws {
    let server = try DemoTraineeServer()
    let home = try await server.client().home(
      hint: PlanDayHint(planId: "np_cut", dayId: "nd_training"))
    #expect(home.nutrition?.planId == "np_cut")
    #expect(home.nutrition?.dayId == "nd_training")
    #expect(home.nutrition?.targets.kcal == 2400)
  }
}
