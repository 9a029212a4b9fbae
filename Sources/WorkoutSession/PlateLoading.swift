import Foundation

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups": the plates per side
// for a weight on the trainee's bar, and the nearest loadable weight when that one is not. Found
// exactly (any plate set, not only the doubling ones a greedy choice handles: 20 per side from 15s
// and 10s is 10 + 10), in hundredths of the unit, so 1.25 kg plates count without rounding drift.

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

  /// The loading of `target` on a bar of `bar` with pairs of `plates`: as many pairs of a size
  /// as needed, or at most `pairs[size]` of a size the trainee counted (a pair is one plate on
  /// each side). `nil` when `target` is below the bar, or the bar or a plate is not a positive
  /// number. Of two loadable weights equally near, the lighter; of two ways to load one weight,
  /// the fewer plates.
  public init?(target: Double, bar: Double, plates: [Double], pairs: [Double: Int] = [:]) {
    let unit = Self.unit
    guard target.isFinite, bar.isFinite, bar > 0, target >= bar - 0.005, target < 100_000,
      plates.allSatisfy({ $0.isFinite && $0 > 0 && $0 < 10_000 })
    else { return nil }
    let sizes = Self.sizes(plates)
    let caps = Self.caps(pairs, sizes: sizes)
    let wanted = Int(((target - bar) / 2 * unit).rounded())
    let limit = wanted + (sizes.first ?? 0)
    let side: [Int]
    let best: Int
    if caps.isEmpty {
      let made = Self.sides(upTo: limit, sizes: sizes)
      best = Self.nearest(to: wanted, in: made.indices.filter { made[$0] != nil })
      var plates: [Int] = []
      var rest = best
      while rest > 0, let plate = made[rest]?.last {
        plates.append(plate)
        rest -= plate
      }
      side = plates
    } else {
      let table = StockedSides(upTo: limit, sizes: sizes, caps: caps)
      best = Self.nearest(to: wanted, in: table.reachable)
      side = table.plates(for: best)
    }
    self.target = target
    total = bar + 2 * Double(best) / unit
    perSide = side.map { Double($0) / unit }.sorted(by: >)
  }

  /// Of `amounts` (ascending), the nearest to `wanted`; of two as near, the smaller.
  static func nearest(to wanted: Int, in amounts: [Int]) -> Int {
    var best = 0
    for amount in amounts where abs(amount - wanted) < abs(best - wanted) { best = amount }
    return best
  }

  /// The counted sizes among `sizes`, in hundredths, with their number of pairs (at least 0).
  static func caps(_ pairs: [Double: Int], sizes: [Int]) -> [Int: Int] {
    var caps: [Int: Int] = [:]
    for (size, count) in pairs {
      let hundredths = Int((size * unit).rounded())
      if sizes.contains(hundredths) { caps[hundredths] = max(0, count) }
    }
    return caps
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

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups", warm-ups (the bar,
// then steps to the working weight): the usual ladder: the empty bar for 10, then 40 % for 5, 60 %
// for 3 and 80 % for 2 of the working weight, each loaded to the nearest weight the plates make at
// or below it; a step no heavier than the one before, or within 5 % of the working weight, is
// dropped (docs/decisions/the-terminal-app-as-a-daily-app.md, "Plates and warm-ups").

extension WarmUpStep {
  /// The warm-up sets for `working` on a bar of `bar` with `plates`: none when `working` is no
  /// heavier than the bar or cannot be a weight.
  public static func ladder(
    to working: Double, bar: Double, plates: [Double], pairs: [Double: Int] = [:]
  ) -> [WarmUpStep] {
    guard working.isFinite, bar.isFinite, bar > 0, working > bar else { return [] }
    var steps = [WarmUpStep(weight: bar, reps: 10)]
    for (share, reps) in [(0.4, 5), (0.6, 3), (0.8, 2)] {
      guard
        let loaded = loadable(atMost: working * share, bar: bar, plates: plates, pairs: pairs),
        loaded > steps[steps.count - 1].weight + 0.005, loaded < working * 0.95
      else { continue }
      steps.append(WarmUpStep(weight: loaded, reps: reps))
    }
    return steps
  }

  /// The heaviest weight the plates make on the bar at or below `limit` (nil: below the bar).
  static func loadable(
    atMost limit: Double, bar: Double, plates: [Double], pairs: [Double: Int] = [:]
  ) -> Double? {
    guard limit >= bar, limit < 100_000, plates.allSatisfy({ $0.isFinite && $0 > 0 }) else {
      return nil
    }
    let unit = PlateLoading.unit
    let wanted = Int(((limit - bar) / 2 * unit + 0.0001).rounded(.down))
    let sizes = PlateLoading.sizes(plates)
    let caps = PlateLoading.caps(pairs, sizes: sizes)
    let best: Int?
    if caps.isEmpty {
      let made = PlateLoading.sides(upTo: wanted, sizes: sizes)
      best = made.indices.last { made[$0] != nil }
    } else {
      best = StockedSides(upTo: wanted, sizes: sizes, caps: caps).reachable.last
    }
    return best.map { bar + 2 * Double($0) / unit }
  }
}
