/// What a benchmark reports of one set of timed samples: mean, median, 99th percentile and
/// maximum.
public struct Figures: Equatable, Sendable {
  /// The average sample.
  public var mean: Duration
  /// The median: the sample at half the count, sorted.
  public var p50: Duration
  /// The sample at 99% of the count, sorted.
  public var p99: Duration
  /// The slowest sample.
  public var max: Duration

  /// The figures of `samples`, which must not be empty.
  public init(_ samples: [Duration]) {
    precondition(!samples.isEmpty, "no samples to summarize")
    let sorted = samples.sorted()
    let total = samples.reduce(Duration.zero, +)
    mean = total / samples.count
    p50 = sorted[sorted.count / 2]
    p99 = sorted[Int(Double(sorted.count) * 0.99)]
    max = sorted[sorted.count - 1]
  }
}

extension Duration {
  /// The duration in microseconds, with fractions.
  public var microseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
  }
}
