import Testing
import WorkoutSession

/// The plate calculator and the warm-up ladder (docs/decisions.md "Plates and warm-ups").
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
