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

  /// The largest amount one food may carry either way. Sums of sent values must stay finite: an
  /// infinite sum cannot be written as JSON, and the diary would answer 500 (found by the OpenAPI
  /// conformance run, docs/decisions.md "OpenAPI contract (issue 6)").
  static let maximumAmount = 1_000_000.0

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func amount(_ key: CodingKeys) throws -> Double {
      let value = try container.decodeOptional(Double.self, forKey: key) ?? 0
      guard value.isFinite, abs(value) <= Self.maximumAmount else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [key],
            debugDescription: "must be from -1000000 to 1000000"))
      }
      return value
    }
    kcal = try amount(.kcal)
    protein = try amount(.protein)
    carbs = try amount(.carbs)
    fat = try amount(.fat)
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
