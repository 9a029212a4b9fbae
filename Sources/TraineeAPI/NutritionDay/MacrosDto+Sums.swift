import Foundation

// NB: docs/decisions/the-server-http-routes-and-storage.md "Server nutrition routes" and "OpenAPI
// contract": sums of sent values must stay finite (an infinite sum cannot be written as JSON), so
// the server reads every amount it is sent (a food's kcal, protein, carbs, fat) within
// ±`maximumAmount`. The client reads its own files and the server's answers without that bound: a
// decoder opts in through `userInfo[.checkedInput]`.

extension MacrosDto {
  /// The largest amount one food may carry either way, where input is checked
  /// (`CodingUserInfoKey.checkedInput`).
  public static let maximumAmount = 1_000_000.0

  /// The option's energy and macronutrients.
  public init(option: NutritionOptionDto) {
    self.init(kcal: option.kcal, protein: option.protein, carbs: option.carbs, fat: option.fat)
  }

  /// Each value added to the other's.
  public static func + (lhs: MacrosDto, rhs: MacrosDto) -> MacrosDto {
    MacrosDto(
      kcal: lhs.kcal + rhs.kcal, protein: lhs.protein + rhs.protein, carbs: lhs.carbs + rhs.carbs,
      fat: lhs.fat + rhs.fat)
  }

  /// Each value multiplied by `factor`.
  public func scaled(by factor: Double) -> MacrosDto {
    MacrosDto(
      kcal: kcal * factor, protein: protein * factor, carbs: carbs * factor, fat: fat * factor)
  }

  /// Rounded to 0.1 so sums of decimals read as people wrote them (`0.3 + 0.2` is `0.5`).
  public var rounded: MacrosDto {
    func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }
    return MacrosDto(
      kcal: tenth(kcal), protein: tenth(protein), carbs: tenth(carbs), fat: tenth(fat))
  }

  /// The sum of `values`, added in order.
  public static func sum(_ values: some Sequence<MacrosDto>) -> MacrosDto {
    values.reduce(MacrosDto(), +)
  }
}

extension KeyedDecodingContainer {
  /// An amount (kcal, protein, carbs, fat): absent or null is 0; outside ±`maximumAmount` is
  /// refused naming the field when `decoder` checks input (`CodingUserInfoKey.checkedInput`).
  package func decodeAmount(forKey key: Key, of decoder: any Decoder) throws -> Double {
    let value = try decodeOptional(Double.self, forKey: key) ?? 0
    guard decoder.checksInput else { return value }
    guard value.isFinite, abs(value) <= MacrosDto.maximumAmount else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath + [key], debugDescription: "must be from -1000000 to 1000000"))
    }
    return value
  }
}
