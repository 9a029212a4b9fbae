import Foundation
import Testing

@testable import HTTPServer

/// `OpenConnections`: connections counted per client address, and the header deadline
/// (docs/security.md, "Connections held open").
struct OpenConnectionsTests {
  static let start = ContinuousClock.now
  static let limits = OpenConnections.Limits(
    perAddress: 2, headerDeadline: .seconds(30), exempt: ["10.0.0.1"])

  @Test func anAddressOpensAtMostItsConnectionsAndGetsThemBackAsTheyClose() {
    var connections = OpenConnections(limits: Self.limits)
    let opened = connections.open([1: "192.0.2.1", 2: "192.0.2.1", 3: "192.0.2.1", 4: "192.0.2.2"])
    #expect(opened == [1: true, 2: true, 3: false, 4: true])
    #expect(connections.countByAddress == ["192.0.2.1": 2, "192.0.2.2": 1])
    // The refused one is never served, and its close gives nothing back.
    let served = connections.headersArrived(3)
    #expect(!served)
    connections.close(3)
    #expect(connections.open([5: "192.0.2.1"]) == [5: false])
    connections.close(5)
    connections.close(1)
    #expect(connections.open([6: "192.0.2.1"]) == [6: true])
    for id in [2, 4, 6] { connections.close(id) }
    #expect(connections.countByAddress.isEmpty)
    #expect(connections.count == 0)
  }

  /// Whether any connection has a deadline is kept as the calls come, not walked for on each
  /// request; over generated sequences of every call it says what a walk would.
  @Test(arguments: 0..<20)
  func whetherAnyDeadlineRunsIsKeptWithoutAWalk(seed: UInt64) {
    var random = SplitMixNumbers(seed: seed)
    var connections = OpenConnections(limits: Self.limits)
    var now = Self.start
    for step in 0..<400 {
      let id = Int(random.next() % 12)
      switch random.next() % 6 {
      case 0: _ = connections.open(id, socket: Int32(id), address: "192.0.2.\(id % 3)", at: now)
      case 1: _ = connections.headersArrived(id)
      case 2: connections.requestEnded(id, at: now)
      case 3: connections.close(id)
      case 4: _ = connections.overdue(at: now)
      default: now += .seconds(Int(random.next() % 40))
      }
      #expect(connections.hasDeadline == (connections.nextDeadline != nil), "step \(step)")
    }
  }

  @Test func aTrustedProxyIsNotLimited() {
    var connections = OpenConnections(limits: Self.limits)
    let opened = connections.open(
      Dictionary(uniqueKeysWithValues: (1...10).map { ($0, "10.0.0.1") }))
    #expect(opened.values.allSatisfy { $0 })
    #expect(connections.countByAddress.isEmpty)
    #expect(connections.count == 10)
  }

  @Test(arguments: [
    ("192.0.2.1", "192.0.2.1"),
    ("::ffff:192.0.2.1", "192.0.2.1"),
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:bbbb:cccc:dddd:eeee", "2001:db8:1:2::/64"),
    ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
    ("::1", "0:0:0:0::/64"),
    ("unknown", "unknown"),
  ])
  func anIPv6AddressCountsWithItsNetwork(address: String, key: String) {
    #expect(OpenConnections.key(of: address) == key)
  }

  @Test func addressesOfOneIPv6NetworkShareTheLimit() {
    var connections = OpenConnections(limits: Self.limits)
    let opened = connections.open([
      1: "2001:db8::1", 2: "2001:db8::2", 3: "2001:db8::3", 4: "2001:db8:0:1::1",
    ])
    #expect(opened.filter { !$0.value }.count == 1)
    #expect(opened[4] == true)
  }

  @Test func theHeaderDeadlineRunsFromTheOpeningAndAgainFromTheEndOfEachRequest() {
    var connections = OpenConnections(limits: Self.limits)
    _ = connections.open(1, socket: 11, address: "192.0.2.1", at: Self.start)
    _ = connections.open(2, socket: 12, address: "192.0.2.2", at: Self.start + .seconds(10))
    #expect(connections.nextDeadline == Self.start + .seconds(30))
    #expect(connections.overdue(at: Self.start + .seconds(29)) == [])
    // The first sends its headers in time: no deadline while its request is read and answered.
    let firstServed = connections.headersArrived(1)
    #expect(firstServed)
    #expect(connections.nextDeadline == Self.start + .seconds(40))
    #expect(connections.overdue(at: Self.start + .seconds(100)) == [12])
    // Shut once, and never served.
    #expect(connections.overdue(at: Self.start + .seconds(200)) == [])
    let secondServed = connections.headersArrived(2)
    #expect(!secondServed)
    connections.requestEnded(2, at: Self.start + .seconds(200))
    #expect(connections.nextDeadline == nil)
    // The first's request ends: its next header section is due 30 seconds later.
    connections.requestEnded(1, at: Self.start + .seconds(300))
    #expect(connections.nextDeadline == Self.start + .seconds(330))
    #expect(connections.overdue(at: Self.start + .seconds(329)) == [])
    #expect(connections.overdue(at: Self.start + .seconds(330)) == [11])
    connections.close(1)
    connections.close(2)
    #expect(connections.count == 0)
    #expect(connections.countByAddress.isEmpty)
  }
}

extension OpenConnections {
  /// Opens each connection of `addresses` (its id is its socket) at the test's start, in the
  /// order of their ids; whether each was admitted.
  fileprivate mutating func open(_ addresses: [ID: String]) -> [ID: Bool] {
    var opened: [ID: Bool] = [:]
    for (id, address) in addresses.sorted(by: { $0.key < $1.key }) {
      opened[id] = open(id, socket: Int32(id), address: address, at: OpenConnectionsTests.start)
    }
    return opened
  }
}

/// SplitMix64: numbers from a seed, for generated call sequences.
private struct SplitMixNumbers {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
