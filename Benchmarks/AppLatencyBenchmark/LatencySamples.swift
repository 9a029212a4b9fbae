import BenchmarkSupport
import Foundation

/// The latencies of one run, by kind of key.
struct LatencySamples {
  private(set) var all: [Duration] = []
  private(set) var afterCheck: [Duration] = []
  private(set) var others: [Duration] = []
  private(set) var checks: [Duration] = []
  private(set) var afterUncheck: [Duration] = []
  private var lastWasUncheck = false

  mutating func add(_ latency: Duration, kind: KeyKind, afterCheck isAfterCheck: Bool) {
    all.append(latency)
    if isAfterCheck { afterCheck.append(latency) } else { others.append(latency) }
    if lastWasUncheck { afterUncheck.append(latency) }
    if kind == .check { checks.append(latency) }
    lastWasUncheck = kind == .uncheck
  }

  func report() {
    print("")
    print(
      "key-to-frame latency, ms          keys      p50      p99      max  >= 16 ms  p99 < 16 ms")
    for (label, values) in [
      ("every key", all), ("first key after a check", afterCheck),
      ("every other key", others), ("the check itself", checks),
      ("first key after an uncheck", afterUncheck),
    ] where !values.isEmpty {
      Self.printRow(label, values)
    }
  }

  /// One row of a report: count, p50, p99, max, the share at 16 ms or more, the goal met.
  static func printRow(_ label: String, _ values: [Duration]) {
    let figures = Figures(values)
    let slow = values.filter { $0 >= .milliseconds(16) }.count
    print(
      label.padding(toLength: 32, withPad: " ", startingAt: 0)
        + String(
          format: "%6d %8.2f %8.2f %8.2f  %8.1f%%  %@", values.count,
          figures.p50.microseconds / 1000, figures.p99.microseconds / 1000,
          figures.max.microseconds / 1000, Double(slow) * 100 / Double(values.count),
          figures.p99 < .milliseconds(16) ? "yes" : "NO"))
  }
}

/// A small deterministic generator (SplitMix64), so every run types with the same pauses.
struct SeededRandom {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  /// A number in 0..<bound.
  mutating func next(upTo bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    value ^= value >> 31
    return Int(value % UInt64(max(1, bound)))
  }
}
