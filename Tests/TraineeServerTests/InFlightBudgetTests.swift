import Testing

@testable import TraineeServer

/// `InFlightBudget`: body bytes and requests per client address in flight, against limits.
struct InFlightBudgetTests {
  @Test func anAddressHoldsAtMostItsRequests() {
    var budget = InFlightBudget(maxBodyBytes: 100, maxRequestsPerAddress: 2)
    do {
      let admitted = budget.admitRequest(from: "192.0.2.1")
      #expect(admitted)
    }
    do {
      let admitted = budget.admitRequest(from: "192.0.2.1")
      #expect(admitted)
    }
    do {
      let admitted = budget.admitRequest(from: "192.0.2.1")
      #expect(!admitted)
    }
    do {
      let admitted = budget.admitRequest(from: "192.0.2.2")
      #expect(admitted)
    }
    budget.releaseRequest(from: "192.0.2.1")
    do {
      let admitted = budget.admitRequest(from: "192.0.2.1")
      #expect(admitted)
    }
    budget.releaseRequest(from: "192.0.2.1")
    budget.releaseRequest(from: "192.0.2.1")
    budget.releaseRequest(from: "192.0.2.2")
    #expect(budget == InFlightBudget(maxBodyBytes: 100, maxRequestsPerAddress: 2))
  }

  @Test func bodyBytesAreReservedUpToTheBudget() {
    var budget = InFlightBudget(maxBodyBytes: 100, maxRequestsPerAddress: 2)
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
