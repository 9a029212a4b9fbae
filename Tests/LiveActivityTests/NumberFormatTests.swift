import Testing

@testable import LiveActivity

/// Numbers are written per language, without `Locale`.
struct NumberFormatTests {
  @Test(
    arguments: [
      (".", 72.5, 2, 0, "72.5"),
      (",", 72.5, 2, 0, "72,5"),
      (",", 60, 2, 0, "60"),
      (",", 5, 2, 2, "5,00"),
      (".", 3.10686, 2, 2, "3.11"),
      (".", 159.83, 1, 0, "159.8"),
      (".", 0.05, 1, 0, "0.1"),
      (",", 1999.999, 2, 0, "2000"),
      (".", 0, 2, 0, "0"),
    ])
  func decimals(
    _ separator: String, _ value: Double, _ maximum: Int, _ minimum: Int, _ expected: String
  ) {
    let format = CardNumberFormat(decimalSeparator: separator)
    #expect(
      format.decimal(value, maximumFractionDigits: maximum, minimumFractionDigits: minimum)
        == expected)
  }

  @Test(arguments: [
    (0, "0:00"), (59, "0:59"), (1200, "20:00"), (3600, "1:00:00"), (3725, "1:02:05"),
  ])
  func clocks(_ seconds: Int, _ expected: String) {
    #expect(clockText(seconds: seconds) == expected)
  }
}

extension NumberFormatTests {
  @Test func hugeNumbersAreWrittenWholeInsteadOfTrapping() {
    let format = CardNumberFormat(decimalSeparator: ",")
    #expect(format.decimal(1e20, maximumFractionDigits: 2) == "100000000000000000000")
    #expect(format.decimal(.infinity, maximumFractionDigits: 2) == "–")
  }
}
