import Foundation
import LockedValue
import Testing

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// `InFlightBudget` and `ClientRequestCounts`: body bytes and requests per client address in
/// flight, against limits.
struct InFlightBudgetTests {
  @Test func anAddressHoldsAtMostItsRequests() {
    let counts = ClientRequestCounts(limit: 2)
    let first = counts.hold("192.0.2.1")
    let again = counts.hold("192.0.2.1")
    #expect(first === again)
    let other = counts.hold("192.0.2.2")
    #expect(counts.admit(first))
    #expect(counts.admit(again))
    #expect(!counts.admit(first))
    #expect(counts.admit(other))
    #expect(counts.inFlight(from: "192.0.2.1") == 2)
    counts.release(first)
    #expect(counts.admit(again))
    counts.release(first)
    counts.release(again)
    counts.release(other)
    #expect(counts.inFlight(from: "192.0.2.1") == 0)
    // Let go by every holder, an address is forgotten.
    counts.letGo(first)
    #expect(counts.addressesHeld == 2)
    counts.letGo(again)
    counts.letGo(other)
    #expect(counts.addressesHeld == 0)
  }

  @Test func requestsAdmittedFromManyThreadsAtOnceNeverPassTheLimit() {
    let counts = ClientRequestCounts(limit: 5)
    let count = counts.hold("192.0.2.1")
    let admitted = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 64) { _ in
      if counts.admit(count) { admitted.withLock { $0 += 1 } }
    }
    #expect(admitted.withLock { $0 } == 5)
    #expect(counts.inFlight(from: "192.0.2.1") == 5)
  }

  @Test func bodyBytesAreReservedUpToTheBudget() {
    var budget = InFlightBudget(maxBodyBytes: 100)
    do {
      let admitted = budget.reserve(60)
      #expect(admitted)
    }
    do {
      let admitted = budget.reserve(41)
      #expect(!admitted)
    }
    do {
      let admitted = budget.reserve(40)
      #expect(admitted)
    }
    do {
      let admitted = budget.reserve(1)
      #expect(!admitted)
    }
    budget.release(60)
    do {
      let admitted = budget.reserve(60)
      #expect(admitted)
    }
    budget.release(100)
    #expect(budget.bodyBytes == 0)
  }

  @Test(arguments: [
    // No proxy trusted: the header is anyone's to send, and ignored.
    ("203.0.113.9", "198.51.100.1", [String](), "203.0.113.9"),
    // The peer is a trusted proxy: the right-most hop it did not add itself.
    ("10.0.0.5", "198.51.100.1", ["10.0.0.5"], "198.51.100.1"),
    ("10.0.0.5", "6.6.6.6, 198.51.100.1", ["10.0.0.5"], "198.51.100.1"),
    ("10.0.0.5", "198.51.100.1, 10.0.0.4", ["10.0.0.5", "10.0.0.4"], "198.51.100.1"),
    // A trusted peer without a client in the header is the client.
    ("10.0.0.5", " , ", ["10.0.0.5"], "10.0.0.5"),
    // An untrusted peer naming a trusted proxy gets nothing from it.
    ("203.0.113.9", "10.0.0.5", ["10.0.0.5"], "203.0.113.9"),
  ])
  func theClientIsTheRightMostUntrustedHop(
    peer: String, forwardedFor: String, trusted: [String], client: String
  ) {
    #expect(
      InFlightBudget.clientAddress(
        peer: peer, forwardedFor: forwardedFor, trustedProxies: Set(trusted)) == client)
  }
}
