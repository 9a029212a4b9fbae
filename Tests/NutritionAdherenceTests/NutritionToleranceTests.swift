import Foundation
import NutritionAdherence
import Testing
import TraineeAPI

/// docs/decisions/the-coachs-roster.md, "Nutrition within tolerance": the boundary rules.
struct NutritionToleranceTests {
  /// A day of `kcal` and `protein` eaten against targets of 2000 kcal and 150 g protein.
  static func day(
    kcal: Double, protein: Double, targetKcal: Double? = 2000, targetProtein: Double? = 150
  ) -> KeptDayTotals {
    KeptDayTotals(
      eaten: MacrosDto(kcal: kcal, protein: protein),
      targets: NutritionTargetsDto(kcal: targetKcal, protein: targetProtein))
  }

  @Test(arguments: [
    // Exactly 10 % either way and exactly 90 % of the protein: within.
    (2200.0, 135.0, true), (1800.0, 135.0, true), (2000.0, 150.0, true),
    // A tenth past either boundary: not.
    (2200.1, 135.0, false), (1799.9, 135.0, false), (2000.0, 134.9, false),
    // Protein has no upper bound.
    (2000.0, 400.0, true),
  ])
  func theDefaultHoldsOnItsBoundaries(kcal: Double, protein: Double, within: Bool) {
    #expect(
      NutritionTolerance.standard.holds(for: Self.day(kcal: kcal, protein: protein)) == within)
  }

  /// Targets with decimals are compared in whole tenths, so the boundary is exact: 10 % of
  /// 1234.5 is 123.45, and 1358.0 is 123.5 over.
  @Test func decimalTargetsAreComparedInTenths() {
    let tolerance = NutritionTolerance.standard
    #expect(tolerance.holds(for: Self.day(kcal: 1357.9, protein: 150, targetKcal: 1234.5)))
    #expect(!tolerance.holds(for: Self.day(kcal: 1358.0, protein: 150, targetKcal: 1234.5)))
    #expect(tolerance.holds(for: Self.day(kcal: 2000, protein: 90.3, targetProtein: 100.3)))
    #expect(!tolerance.holds(for: Self.day(kcal: 2000, protein: 90.2, targetProtein: 100.3)))
  }

  /// A day needs both targets above 0 to be within, whatever it ate.
  @Test func aDayWithoutBothTargetsIsNeverWithin() {
    let tolerance = NutritionTolerance(kcalWithinPercent: 100, proteinAtLeastPercent: 0)
    #expect(tolerance.holds(for: Self.day(kcal: 2000, protein: 150)))
    #expect(!tolerance.holds(for: Self.day(kcal: 2000, protein: 150, targetKcal: nil)))
    #expect(!tolerance.holds(for: Self.day(kcal: 2000, protein: 150, targetProtein: nil)))
    #expect(!tolerance.holds(for: Self.day(kcal: 0, protein: 150, targetKcal: 0)))
    #expect(!tolerance.holds(for: KeptDayTotals(eaten: MacrosDto(kcal: 1), targets: nil)))
  }

  @Test func aCoachsToleranceReplacesTheDefault() {
    let strict = NutritionTolerance(kcalWithinPercent: 5, proteinAtLeastPercent: 100)
    #expect(strict.holds(for: Self.day(kcal: 2100, protein: 150)))
    #expect(!strict.holds(for: Self.day(kcal: 2100.1, protein: 150)))
    #expect(!strict.holds(for: Self.day(kcal: 2000, protein: 149.9)))
  }

  @Test func aBodyIsReadWithBothMembers() throws {
    let body = JSONValue.object([
      "kcalWithinPercent": .number(15), "proteinAtLeastPercent": .number(80), "note": .null,
    ])
    #expect(
      try NutritionTolerance.read(body).get()
        == NutritionTolerance(kcalWithinPercent: 15, proteinAtLeastPercent: 80))
    let bounds = JSONValue.object([
      "kcalWithinPercent": .number(100), "proteinAtLeastPercent": .number(200),
    ])
    #expect(
      try NutritionTolerance.read(bounds).get()
        == NutritionTolerance(kcalWithinPercent: 100, proteinAtLeastPercent: 200))
  }

  /// Every bad value is named by its path, in one refusal.
  @Test(arguments: [
    (
      JSONValue.object(["kcalWithinPercent": .number(101), "proteinAtLeastPercent": .number(-1)]),
      "Body: kcalWithinPercent must be a whole number from 0 to 100; proteinAtLeastPercent must"
        + " be a whole number from 0 to 200."
    ),
    (
      JSONValue.object(["kcalWithinPercent": .number(10.5)]),
      "Body: kcalWithinPercent must be a whole number from 0 to 100; proteinAtLeastPercent is"
        + " required."
    ),
    (
      JSONValue.object(["kcalWithinPercent": .string("10"), "proteinAtLeastPercent": .number(201)]),
      "Body: kcalWithinPercent must be a whole number from 0 to 100; proteinAtLeastPercent must"
        + " be a whole number from 0 to 200."
    ),
    (JSONValue.array([]), "Body: must be a JSON object."),
  ])
  func everyBadValueIsNamed(body: JSONValue, message: String) {
    guard case .failure(let refusal) = NutritionTolerance.read(body) else {
      Issue.record("\(body) was read")
      return
    }
    #expect(refusal.message == message)
  }
}
