import Testing

@testable import HTTPServer

/// `UnauthenticatedBodyBudget`: bytes of bodies read before their sender is known, per client
/// address and in total (docs/security.md, "Bodies before the token").
struct UnauthenticatedBodyBudgetTests {
  @Test func anAddressHoldsAtMostItsShare() {
    var budget = UnauthenticatedBodyBudget(perAddress: 4096, total: 1 << 20)
    let first = Self.reserve(
      [(3000, "192.0.2.1"), (1097, "192.0.2.1"), (1096, "192.0.2.1"), (4096, "192.0.2.2")],
      in: &budget)
    #expect(first == [true, false, true, true])
    budget.release(3000, for: "192.0.2.1")
    #expect(Self.reserve([(3000, "192.0.2.1")], in: &budget) == [true])
    #expect(budget.heldInTotal == 8192)
  }

  @Test func allAddressesTogetherHoldAtMostTheTotal() {
    var budget = UnauthenticatedBodyBudget(perAddress: 4096, total: 10_000)
    let reserved = Self.reserve(
      [(4096, "192.0.2.1"), (4096, "192.0.2.2"), (4096, "192.0.2.3"), (1808, "192.0.2.3")],
      in: &budget)
    #expect(reserved == [true, true, false, true])
    #expect(budget.heldInTotal == 10_000)
  }

  /// However small its body, a reservation counts 1 KiB: the addresses held at once are at most
  /// the total over 1 KiB, whoever sends.
  @Test func aReservationCountsAtLeastOneKiB() {
    var budget = UnauthenticatedBodyBudget(perAddress: 2048, total: 4096)
    let reserved = Self.reserve((0..<5).map { (1, "192.0.2.\($0)") }, in: &budget)
    #expect(reserved == [true, true, true, true, false])
    #expect(budget.addressesHeld == 4)
    #expect(budget.heldInTotal == 4096)
  }

  /// An address whose bodies have all ended is forgotten.
  @Test func anAddressHoldingNothingIsForgotten() {
    var budget = UnauthenticatedBodyBudget(perAddress: 4096, total: 1 << 20)
    #expect(Self.reserve([(100, "192.0.2.1"), (2000, "192.0.2.1")], in: &budget) == [true, true])
    #expect(budget.addressesHeld == 1)
    budget.release(2000, for: "192.0.2.1")
    budget.release(100, for: "192.0.2.1")
    #expect(budget.addressesHeld == 0)
    #expect(budget.heldInTotal == 0)
    // Releasing what was never reserved changes nothing.
    budget.release(100, for: "192.0.2.7")
    #expect(budget.heldInTotal == 0)
  }

  /// Each of `requests` (bytes, address) reserved in turn: whether it was.
  private static func reserve(
    _ requests: [(Int, String)], in budget: inout UnauthenticatedBodyBudget
  ) -> [Bool] {
    requests.map { budget.reserve($0.0, for: $0.1) }
  }
}
