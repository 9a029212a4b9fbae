import Foundation
import Testing

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

/// The read-time histogram counted without a lock shows what the locked one showed.
@Suite struct AtomicHistogramTests {
  @Test func itCountsAsTheLockedHistogramDoes() {
    let bounds = StorageMetrics.secondsBuckets
    let values = [0, 0.00005, 0.0001, 0.0003, 0.001, 0.002, 0.0099, 0.5, 1, 3, 120]
    let atomic = AtomicHistogram(bounds: bounds)
    var locked = StorageMetrics.Histogram(bounds: bounds)
    for value in values {
      atomic.observe(value)
      locked.observe(value)
    }
    let snapshot = atomic.snapshot
    #expect(snapshot.counts == locked.counts)
    #expect(snapshot.count == locked.count)
    #expect(abs(snapshot.sum - locked.sum) < 1e-6)
  }

  @Test func observationsFromManyThreadsAreAllCounted() {
    let histogram = AtomicHistogram(bounds: [0.001, 0.01])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for index in 0..<10_000 { histogram.observe(Double(index % 3) * 0.006) }
    }
    let snapshot = histogram.snapshot
    #expect(snapshot.count == 80_000)
    #expect(snapshot.counts == [26_672, 53_336])
  }
}
