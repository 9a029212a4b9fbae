import Synchronization

// NB: a histogram observed on every request (each read's time in the database) was a lock that
// the server's threads took in turn, and queued on under load. Each observation here is two
// atomic additions; a scrape reads the counts one by one, so it may miss an observation made
// meanwhile, but what it shows is consistent (the buckets add up to the count).

/// Counts of observations falling under fixed upper bounds, with their sum, updated without a
/// lock.
final class AtomicHistogram: Sendable {
  private final class Counter: Sendable {
    let value = Atomic<Int>(0)
  }

  /// The upper bounds, ascending.
  let bounds: [Double]
  /// One counter per bound, for the observations over the previous bound and at most this one;
  /// the last counts those over every bound.
  private let buckets: [Counter]
  /// The sum of the observations, in billionths.
  private let sumOfBillionths = Atomic<Int>(0)

  init(bounds: [Double]) {
    self.bounds = bounds
    buckets = (0...bounds.count).map { _ in Counter() }
  }

  /// Counts `value`.
  func observe(_ value: Double) {
    let index = bounds.firstIndex { value <= $0 } ?? bounds.count
    buckets[index].value.wrappingAdd(1, ordering: .relaxed)
    sumOfBillionths.wrappingAdd(Int((value * 1e9).rounded()), ordering: .relaxed)
  }

  /// The counts so far, as `StorageMetrics.Histogram` keeps them (each bound counting every
  /// observation at most it).
  var snapshot: StorageMetrics.Histogram {
    var histogram = StorageMetrics.Histogram(bounds: bounds)
    var total = 0
    for (index, bucket) in buckets.enumerated() {
      total += bucket.value.load(ordering: .relaxed)
      if index < bounds.count { histogram.counts[index] = total }
    }
    histogram.count = total
    histogram.sum = Double(sumOfBillionths.load(ordering: .relaxed)) / 1e9
    return histogram
  }
}
