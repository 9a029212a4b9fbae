import Foundation
import NutritionLog
import TerminalScreens
import TraineeAPI

// NB: docs/specs/nutrition-day.md, "What each map holds": CustomMealItem's optional `qty`, `unit`,
// `base`, `food` and `barcode` "let the app rescale the item later". `base` is the food's figures
// per `qty` units (`{ qty: 100, unit, kcal, protein, carbs, fat }`), `food` is `{ id }`.

/// Foods of the catalog as the store keeps them: amounts, per-100 bases and rescaling.
enum NutritionFoodAmount {
  /// Whether `text` is a barcode: 8 to 14 ASCII digits.
  static func isBarcode(_ text: String) -> Bool {
    (8...14).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// `qty` units of `food` as an added food, eaten, with its per-100 base to rescale from.
  static func item(from food: FoodDto, qty: Double, id: String) -> CustomMealItem {
    let macros = scale(food.per100g, by: qty / 100)
    return CustomMealItem(
      id: id, name: food.name, kcal: macros.kcal, protein: macros.protein, carbs: macros.carbs,
      fat: macros.fat, eaten: true, qty: qty, unit: food.unit,
      base: base(qty: 100, unit: food.unit, food.per100g),
      food: .object(["id": .string(food.id)]), barcode: food.barcode)
  }

  /// A food typed in by hand as an added food, eaten. With an amount it holds `qty` grams and a
  /// base of those very figures per that amount, so it rescales like a catalog food; without
  /// one it has no amount to change. It has no catalog `food`.
  static func item(_ food: NutritionManualFood, id: String) -> CustomMealItem {
    CustomMealItem(
      id: id, name: food.name, kcal: food.macros.kcal, protein: food.macros.protein,
      carbs: food.macros.carbs, fat: food.macros.fat, eaten: true, qty: food.grams,
      unit: food.grams.map { _ in "g" },
      base: food.grams.map { base(qty: $0, unit: "g", food.macros) })
  }

  /// `{ qty, unit, kcal, protein, carbs, fat }`: `macros` are the figures of `qty` units.
  static func base(qty: Double, unit: String, _ macros: MacrosDto) -> JSONValue {
    .object([
      "qty": .number(qty), "unit": .string(unit), "kcal": .number(macros.kcal),
      "protein": .number(macros.protein), "carbs": .number(macros.carbs),
      "fat": .number(macros.fat),
    ])
  }

  /// A replacement of the same food and amount as `item`.
  static func replacement(
    _ item: CustomMealItem, id: String, source: NutritionFoodSource
  ) -> MealReplacement {
    var entry = item.entry
    entry.id = id
    return MealReplacement(entry, source: source.rawValue)
  }

  /// The amount and macros `item` can be rescaled from: its `base` (`qty` with at least
  /// `kcal`), else its own amount and macros.
  static func base(of item: CustomMealItem) -> (qty: Double, macros: MacrosDto)? {
    if case .object(let base)? = item.base, case .number(let qty)? = base["qty"], qty > 0,
      case .number(let kcal)? = base["kcal"]
    {
      func value(_ key: String) -> Double {
        if case .number(let number)? = base[key] { return number }
        return 0
      }
      return (
        qty,
        MacrosDto(kcal: kcal, protein: value("protein"), carbs: value("carbs"), fat: value("fat"))
      )
    }
    guard let qty = item.qty, qty > 0 else { return nil }
    return (
      qty, MacrosDto(kcal: item.kcal, protein: item.protein, carbs: item.carbs, fat: item.fat)
    )
  }

  /// `item` at `qty` of its unit, its macros scaled from its base.
  static func rescaled(_ item: CustomMealItem, qty: Double) -> CustomMealItem? {
    guard let base = base(of: item) else { return nil }
    let macros = scale(base.macros, by: qty / base.qty)
    var rescaled = item
    rescaled.qty = qty
    rescaled.kcal = macros.kcal
    rescaled.protein = macros.protein
    rescaled.carbs = macros.carbs
    rescaled.fat = macros.fat
    return rescaled
  }

  /// `macros` times `factor`, each to a tenth.
  static func scale(_ macros: MacrosDto, by factor: Double) -> MacrosDto {
    func tenth(_ value: Double) -> Double { (value * factor * 10).rounded() / 10 }
    return MacrosDto(
      kcal: tenth(macros.kcal), protein: tenth(macros.protein), carbs: tenth(macros.carbs),
      fat: tenth(macros.fat))
  }
}
