import Foundation
import TraineeAPI

/// Energy and macronutrients: `{ "kcal", "protein", "carbs", "fat" }`, missing ones 0.
struct Macros: Codable, Equatable, Sendable {
  var kcal: Double = 0
  var protein: Double = 0
  var carbs: Double = 0
  var fat: Double = 0

  init(kcal: Double = 0, protein: Double = 0, carbs: Double = 0, fat: Double = 0) {
    self.kcal = kcal
    self.protein = protein
    self.carbs = carbs
    self.fat = fat
  }

  init(_ option: NutritionOptionDto) {
    self.init(kcal: option.kcal, protein: option.protein, carbs: option.carbs, fat: option.fat)
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kcal = try container.decodeOptional(Double.self, forKey: .kcal) ?? 0
    protein = try container.decodeOptional(Double.self, forKey: .protein) ?? 0
    carbs = try container.decodeOptional(Double.self, forKey: .carbs) ?? 0
    fat = try container.decodeOptional(Double.self, forKey: .fat) ?? 0
  }

  enum CodingKeys: String, CodingKey { case kcal, protein, carbs, fat }

  static let zero = Macros()

  static func + (lhs: Macros, rhs: Macros) -> Macros {
    Macros(
      kcal: lhs.kcal + rhs.kcal, protein: lhs.protein + rhs.protein, carbs: lhs.carbs + rhs.carbs,
      fat: lhs.fat + rhs.fat)
  }

  func scaled(by factor: Double) -> Macros {
    Macros(kcal: kcal * factor, protein: protein * factor, carbs: carbs * factor, fat: fat * factor)
  }

  /// Rounded to 0.1 so sums of decimals read as people wrote them (`0.3 + 0.2` is `0.5`).
  var rounded: Macros {
    func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }
    return Macros(kcal: tenth(kcal), protein: tenth(protein), carbs: tenth(carbs), fat: tenth(fat))
  }
}
