import Foods
import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

struct FoodCatalogTests {
  private let catalog = FoodCatalog.shared

  @Test func theCatalogHoldsCommonFoodsWithUniqueIds() {
    #expect((20...40).contains(catalog.foods.count))
    #expect(Set(catalog.foods.map(\.id)).count == catalog.foods.count)
    #expect(
      Set(catalog.foods.compactMap(\.barcode)).count
        == catalog.foods.filter { $0.barcode != nil }.count)
  }

  /// Energy from the Atwater factors (4, 4, 9 kcal per g) is close to the table's energy, which
  /// catches a digit typed into the wrong column.
  @Test func macrosAgreeWithTheirEnergy() {
    for food in catalog.foods {
      let macros = food.per100g
      let atwater = 4 * macros.protein + 4 * macros.carbs + 9 * macros.fat
      #expect(abs(atwater - macros.kcal) <= max(10, 0.12 * macros.kcal), "\(food.name)")
      #expect(macros.protein + macros.carbs + macros.fat <= 100, "\(food.name)")
    }
  }

  @Test func everyBarcodeIsAnEAN13InTheRestrictedCirculationRange() {
    for barcode in catalog.foods.compactMap(\.barcode) {
      let digits = barcode.compactMap(\.wholeNumberValue)
      #expect(digits.count == 13 && barcode.hasPrefix("2"), "\(barcode)")
      let sum = digits.dropLast().enumerated().reduce(0) {
        $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3)
      }
      #expect((10 - sum % 10) % 10 == digits.last, "\(barcode)")
    }
  }

  @Test(arguments: [
    ("chicken", ["f_chicken_breast", "f_chicken_breast_roasted"]),
    ("CHICKEN BREAST RAW", ["f_chicken_breast"]),
    ("milk", ["f_milk_skim", "f_milk_whole", "f_cottage_cheese"]),
    ("  Égg ", ["f_egg_white", "f_egg"]),
    ("dragonfruit", []),
  ])
  func searchIgnoresCaseAndAccentsAndRanksPrefixesFirst(query: String, ids: [String]) {
    #expect(catalog.search(query).map(\.id) == ids)
  }

  @Test(
    arguments: StoreBackend.available,
    [
      ([:], "q"), (["q": "   "], "q"), (["q": String(repeating: "a", count: 65)], "q"),
      (["q": "oats", "limit": "0"], "limit"), (["q": "oats", "limit": "many"], "limit"),
    ])
  func aBadSearchIs400NamingTheArgument(
    _ backend: StoreBackend, _ testCase: ([String: String], String)
  ) throws {
    let (query, field) = testCase
    let api = try NutritionRoutesFixture(backend)
    let answer = api.get("/v1/foods/search", query)
    #expect(answer.status == .badRequest)
    #expect(answer.apiError?.code == "invalid_query")
    #expect(answer.apiError?.message.hasPrefix(field) == true)
  }

  @Test(arguments: StoreBackend.available) func aSearchAnswersAtMostTheLimit(
    _ backend: StoreBackend
  ) throws {
    let api = try NutritionRoutesFixture(backend)
    let answer = api.get("/v1/foods/search", ["q": "a", "limit": "3"])
    #expect(answer.status == .ok)
    #expect(answer.bodyJSON?[member: "foods"]?[element: 2] != nil)
    #expect(answer.bodyJSON?[member: "foods"]?[element: 3] == nil)
  }

  @Test(
    arguments: StoreBackend.available,
    [
      ("2000000000015", HTTPStatus.ok, "f_oats"), ("2000000000992", .notFound, "not_found"),
      ("abc", .badRequest, "invalid_barcode"), ("1234567", .badRequest, "invalid_barcode"),
    ])
  func barcodeLookup(_ backend: StoreBackend, _ testCase: (String, HTTPStatus, String)) throws {
    let (code, status, expected) = testCase
    let api = try NutritionRoutesFixture(backend)
    let answer = api.get("/v1/foods/barcode/\(code)")
    #expect(answer.status == status)
    if status == .ok {
      #expect(answer.bodyJSON?[member: "id"] == .string(expected))
      #expect(answer.bodyJSON?[member: "per100g"]?[member: "kcal"] == .number(379))
    } else {
      #expect(answer.apiError?.code == expected)
    }
  }
}
