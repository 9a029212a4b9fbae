import LockedValue
import Synchronization

// NB: the per-address limit (InFlightBudget.swift's first note) was one dictionary under one lock
// that every request took twice, from every MHD thread: in a profile of kept answers at 64
// connections it was the server's most contended lock after SQLite's own. Now an address's count
// is found once per connection (a connection keeps its peer) and counted with atomics; only a
// request whose client is named by a trusted proxy's `X-Forwarded-For` finds its count per
// request.

/// The requests in flight from each client address, against one limit per address.
final class ClientRequestCounts: Sendable {
  /// One address's requests in flight, counted without a lock while held (`hold(_:)`).
  final class Count: Sendable {
    /// The client address counted.
    let address: String
    fileprivate let inFlight = Atomic<Int>(0)

    fileprivate init(address: String) {
      self.address = address
    }
  }

  /// The most requests in flight from one address.
  let limit: Int
  /// Each address held, with how many hold it (connections, and requests of trusted proxies).
  private let counts = Locked<[String: (count: Count, holders: Int)]>([:])

  /// Counts with at most `limit` requests in flight per address.
  init(limit: Int) {
    self.limit = limit
  }

  /// The count of `address`, the same for every holder until the last one lets it go.
  func hold(_ address: String) -> Count {
    counts.withLock { counts in
      if let held = counts[address] {
        counts[address] = (held.count, held.holders + 1)
        return held.count
      }
      let count = Count(address: address)
      counts[address] = (count, 1)
      return count
    }
  }

  /// Lets go of a count `hold(_:)` gave; the last holder's request in flight must have ended.
  func letGo(_ count: Count) {
    counts.withLock { counts in
      guard let held = counts[count.address], held.count === count else { return }
      counts[count.address] = held.holders > 1 ? (count, held.holders - 1) : nil
    }
  }

  /// Counts a request of `count`'s address; `false` (nothing counted) when the address has
  /// `limit` requests in flight already.
  func admit(_ count: Count) -> Bool {
    var current = count.inFlight.load(ordering: .relaxed)
    while current < limit {
      let (exchanged, original) = count.inFlight.compareExchange(
        expected: current, desired: current + 1, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
    return false
  }

  /// Stops counting a request `admit(_:)` counted.
  func release(_ count: Count) {
    count.inFlight.wrappingSubtract(1, ordering: .relaxed)
  }

  /// The requests in flight from `address` now.
  func inFlight(from address: String) -> Int {
    counts.withLock { $0[address]?.count.inFlight.load(ordering: .relaxed) ?? 0 }
  }

  /// How many addresses are held now.
  var addressesHeld: Int {
    counts.withLock { $0.count }
  }
}
