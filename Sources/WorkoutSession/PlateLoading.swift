import Foundation

// NB: docs/decisions.md "Plates and warm-ups": the plates per side for a weight on the trainee's bar, and the
// nearest loadable weight when that one is not. Found exactly (any plate set, not only the
// doubling ones a greedy choice handles: 20 per side from 15s and 10s is 10 + 10), in hundredths
// of the unit, so 1.25 kg plates count without rounding drift.

/// How to load a barbell to a weight: the plates on each side, heaviest first.
public struct PlateLoading: Equatable, Sendable {
  /// The weight asked for (bar included).
  public var target: Double
  /// The weight loaded: `target` when it can be, else the nearest loadable weight.
  public var total: Double
  /// The plates on each side, heaviest first (empty: the bar alone).
  public var perSide: [Double]

  /// Whether `total` is exactly `target`.
  public var isExact: Bool { abs(total - target) < 0.005 }

  /// The loading of `target` on a bar of `bar` with pairs of `plates` (as many of each as
  /// needed). `nil` when `target` is below the bar, or the bar or a plate is not a positive
  /// number. Of two loadable weights equally near, the lighter; of two ways to load one weight,
  /// the fewer plates.
  public init?(target: Double, bar: Double, plates: [Double]) {
    let unit = Self.unit
    guard target.isFinite, bar.isFinite, bar > 0, target >= bar - 0.005, target < 100_000,
      plates.allSatisfy({ $0.isFinite && $0 > 0 && $0 < 10_000 })
    else { return nil }
    let sizes = Self.sizes(plates)
    let wanted = Int(((target - bar) / 2 * unit).rounded())
    let made = Self.sides(upTo: wanted + (sizes.first ?? 0), sizes: sizes)
    var best = 0
    for amount in made.indices where made[amount] != nil {
      if abs(amount - wanted) < abs(best - wanted) { best = amount }
    }
    var side: [Double] = []
    var rest = best
    while rest > 0, let plate = made[rest]?.last {
      side.append(Double(plate) / unit)
      rest -= plate
    }
    self.target = target
    total = bar + 2 * Double(best) / unit
    perSide = side.sorted(by: >)
  }

  static let unit = 100.0

  /// The distinct plate sizes in hundredths, heaviest first.
  static func sizes(_ plates: [Double]) -> [Int] {
    Set(plates.map { Int(($0 * unit).rounded()) }).filter { $0 > 0 }.sorted(by: >)
  }

  /// For each per-side amount up to `limit` hundredths, the fewest plates making it (`count`)
  /// and the last plate put on (`last`), or `nil` when the sizes cannot make it.
  static func sides(upTo limit: Int, sizes: [Int]) -> [(count: Int, last: Int)?] {
    var made = [(count: Int, last: Int)?](repeating: nil, count: max(0, limit) + 1)
    made[0] = (0, 0)
    guard limit > 0 else { return made }
    for amount in 1...limit {
      for size in sizes where size <= amount {
        guard let before = made[amount - size] else { continue }
        if made[amount].map({ before.count + 1 < $0.count }) ?? true {
          made[amount] = (before.count + 1, size)
        }
      }
    }
    return made
  }
}

/// One warm-up set before a working weight.
public struct WarmUpStep: Equatable, Sendable {
  public var weight: Double
  public var reps: Int

  public init(weight: Double, reps: Int) {
    self.weight = weight
    self.reps = reps
  }
}

// NB: docs/decisions.md "Plates and warm-ups", warm-ups (the bar, then steps to the working
// weight): the usual ladder: the empty bar for 10, then 40 % for 5, 60 % for 3 and 80 % for 2
// of the working weight, each loaded to the nearest weight the plates make at or below it;
// a step no heavier than the one before, or within 5 % of the working weight, is dropped
// (docs/decisions.md, "Plates and warm-ups").

extension WarmUpStep {
  /// The warm-up sets for `working` on a bar of `bar` with `plates`: none when `working` is no
  /// heavier than the bar or cannot be a weight.
  public static func ladder(to working: Double, bar: Double, plates: [Double]) -> [WarmUpStep] {
    guard working.isFinite, bar.isFinite, bar > 0, working > bar else { return [] }
    var steps = [WarmUpStep(weight: bar, reps: 10)]
    for (share, reps) in [(0.4, 5), (0.6, 3), (0.8, 2)] {
      guard let loaded = loadable(atMost: working * share, bar: bar, plates: plates),
        loaded > steps[steps.count - 1].weight + 0.005, loaded < working * 0.95
      else { continue }
      steps.append(WarmUpStep(weight: loaded, reps: reps))
    }
    return steps
  }

  /// The heaviest weight the plates make on the bar at or below `limit` (nil: below the bar).
  static func loadable(atMost limit: Double, bar: Double, plates: [Double]) -> Double? {
    guard limit >= bar, limit < 100_000, plates.allSatisfy({ $0.isFinite && $0 > 0 }) else {
      return nil
    }
    let unit = PlateLoading.unit
    let wanted = Int(((limit - bar) / 2 * unit + 0.0001).rounded(.down))
    let made = PlateLoading.sides(upTo: wanted, sizes: PlateLoading.sizes(plates))
    guard let best = made.indices.last(where: { made[$0] != nil }) else { return nil }
    return bar + 2 * Double(best) / unit
  }
}
