import Testing
import WorkoutSession

/// The plate calculator and the warm-up ladder (docs/decisions/the-terminal-app-as-a-daily-app.md
/// "Plates and warm-ups").
struct PlateLoadingTests {
  static let kilograms: [Double] = [25, 20, 15, 10, 5, 2.5, 1.25]
  static let pounds: [Double] = [45, 35, 25, 10, 5, 2.5]

  @Test(
    arguments: [
      // target, bar, plates, total, per side
      (100.0, 20.0, kilograms, 100.0, [25.0, 15]),
      (72.5, 20.0, kilograms, 72.5, [25.0, 1.25]),
      (20.0, 20.0, kilograms, 20.0, []),
      (225.0, 45.0, pounds, 225.0, [45.0, 45]),
      (135.0, 45.0, pounds, 135.0, [45.0]),
      // Not loadable: the nearest (the lighter of two as near).
      (101.0, 20.0, kilograms, 100.0, [25.0, 15]),
      (73.0, 20.0, kilograms, 72.5, [25.0, 1.25]),
      (137.0, 45.0, pounds, 135.0, [45.0]),
      (138.0, 45.0, pounds, 140.0, [45.0, 2.5]),
      // 20 per side from 15s and 10s: two 10s, not a 15 and nothing.
      (60.0, 20.0, [15.0, 10], 60.0, [10.0, 10]),
    ])
  func loadsTheWeightOrTheNearest(
    target: Double, bar: Double, plates: [Double], total: Double, perSide: [Double]
  ) throws {
    let loading = try #require(PlateLoading(target: target, bar: bar, plates: plates))
    #expect(loading.total == total)
    #expect(loading.perSide == perSide)
    #expect(loading.isExact == (target == total))
  }

  /// Two pairs of 20 kg and one of 10 kg counted; the rest as many as needed.
  static let counted: [Double: Int] = [20: 2, 10: 1]

  @Test(
    arguments: [
      // target, plates, pairs owned, total, per side
      // Enough owned: as without counts.
      (100.0, kilograms, counted, 100.0, [25.0, 15]),
      // One pair of 25s: 60 a side is 25 + 20 + 15, never 25 + 25 + 10.
      (140.0, kilograms, [25.0: 1, 20: 2], 140.0, [25.0, 20, 15]),
      // One pair of 25s and 5s as needed: 25 and seven 5s, not 25 + 25 + 5 + 5.
      (140.0, [25.0, 5], [25.0: 1], 140.0, [25.0, 5, 5, 5, 5, 5, 5, 5]),
      // Everything counted: 20 + 20 + 10 a side at most, so 140 loads the nearest, 120.
      (140.0, [20.0, 10], counted, 120.0, [20.0, 20, 10]),
      (75.0, [20.0, 10], counted, 80.0, [20.0, 10]),
      // One pair of 10s: 40 a side from 20 + 20, not 10 + 10 + 20.
      (100.0, [20.0, 10], counted, 100.0, [20.0, 20]),
      // A size counted twice in the list is one size; a count for a size not listed is unused.
      (60.0, [15.0, 15, 10], [15.0: 1, 2.5: 4], 60.0, [10.0, 10]),
      // Pounds: one pair of 45s, then 25s as needed.
      (225.0, pounds, [45.0: 1], 225.0, [45.0, 35, 10]),
    ] as [(Double, [Double], [Double: Int], Double, [Double])])
  func neverUsesMorePlatesThanOwned(
    target: Double, plates: [Double], pairs: [Double: Int], total: Double, perSide: [Double]
  ) throws {
    let bar = plates == Self.pounds ? 45.0 : 20.0
    let loading = try #require(
      PlateLoading(target: target, bar: bar, plates: plates, pairs: pairs))
    #expect(loading.total == total)
    #expect(loading.perSide == perSide)
    for (size, owned) in pairs {
      #expect(loading.perSide.filter { $0 == size }.count <= owned)
    }
  }

  @Test func warmUpsLoadOnlyThePlatesOwned() {
    // One pair of 20s and one of 10s: 40 % of 100 is 40 (10 a side), 60 % is 60 (20 a side),
    // 80 % would be 80 (30 a side): 20 + 10, still owned.
    #expect(
      WarmUpStep.ladder(to: 100, bar: 20, plates: [20, 10], pairs: [20: 1, 10: 1]) == [
        WarmUpStep(weight: 20, reps: 10), WarmUpStep(weight: 40, reps: 5),
        WarmUpStep(weight: 60, reps: 3), WarmUpStep(weight: 80, reps: 2),
      ])
    // One pair of 10s only: the bar, then 40.
    #expect(
      WarmUpStep.ladder(to: 100, bar: 20, plates: [10], pairs: [10: 1]) == [
        WarmUpStep(weight: 20, reps: 10), WarmUpStep(weight: 40, reps: 5),
      ])
  }

  @Test(arguments: [
    (15.0, 20.0, kilograms), (50.0, 0.0, kilograms), (50.0, 20.0, [0.0]),
    (Double.nan, 20.0, kilograms), (50.0, 20.0, [-5.0]),
  ])
  func refusesWhatCannotBeLoaded(target: Double, bar: Double, plates: [Double]) {
    #expect(PlateLoading(target: target, bar: bar, plates: plates) == nil)
  }

  @Test func withNoPlatesTheBarIsTheOnlyWeight() throws {
    let loading = try #require(PlateLoading(target: 60, bar: 20, plates: []))
    #expect(loading == PlateLoading(target: 60, bar: 20, plates: []))
    #expect(loading.total == 20 && loading.perSide.isEmpty)
  }

  @Test func warmUpsClimbFromTheBarInLoadableSteps() {
    #expect(
      WarmUpStep.ladder(to: 100, bar: 20, plates: Self.kilograms) == [
        WarmUpStep(weight: 20, reps: 10), WarmUpStep(weight: 40, reps: 5),
        WarmUpStep(weight: 60, reps: 3), WarmUpStep(weight: 80, reps: 2),
      ])
    #expect(
      WarmUpStep.ladder(to: 225, bar: 45, plates: Self.pounds) == [
        WarmUpStep(weight: 45, reps: 10), WarmUpStep(weight: 90, reps: 5),
        WarmUpStep(weight: 135, reps: 3), WarmUpStep(weight: 180, reps: 2),
      ])
    // 80 % of 150 lb is 120: the plates make 115 below it (35 per side), not 120.
    #expect(
      WarmUpStep.ladder(to: 150, bar: 45, plates: [45, 35]) == [
        WarmUpStep(weight: 45, reps: 10), WarmUpStep(weight: 115, reps: 2),
      ])
  }

  @Test func lightWorkingWeightsSkipStepsNoHeavierThanTheBar() {
    #expect(WarmUpStep.ladder(to: 20, bar: 20, plates: Self.kilograms).isEmpty)
    #expect(WarmUpStep.ladder(to: 15, bar: 20, plates: Self.kilograms).isEmpty)
    // 40 % of 40 is 16, below the bar: the bar, then 24 -> 22.5 and 32 -> 30 (6 kg a side
    // cannot be made from these plates; 5 can).
    #expect(
      WarmUpStep.ladder(to: 40, bar: 20, plates: Self.kilograms) == [
        WarmUpStep(weight: 20, reps: 10), WarmUpStep(weight: 22.5, reps: 3),
        WarmUpStep(weight: 30, reps: 2),
      ])
  }
}
