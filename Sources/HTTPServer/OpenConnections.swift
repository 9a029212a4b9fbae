import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// NB: docs/security.md, "Connections held open": a connection is counted against its client
// address from its acceptance to its close, and must send each request's whole header section
// by a deadline counted once (from its acceptance, or from the end of its previous request),
// never moved by the bytes that arrive.

/// The connections open: how many per client address, and by when each must have sent the
/// header section of its next request.
///
/// A plain value told what happened and when; it answers what to do. The server's connection
/// callbacks and its watch (`ConnectionWatch`) hold it under one lock.
struct OpenConnections {
  /// What the guards allow.
  struct Limits: Equatable, Sendable {
    /// The most connections open at once from one client address (an IPv6 address counts with
    /// its /64 network).
    var perAddress: Int
    /// How long a connection has to send a request's whole header section.
    var headerDeadline: Duration
    /// Addresses exempt from `perAddress` (the trusted proxies: each speaks for many clients).
    var exempt: Set<String>
  }

  /// A connection, told apart from the others open at the same time.
  typealias ID = Int

  private struct Entry {
    /// The key it is counted under; `nil` when its address is exempt.
    var counted: String?
    var socket: Int32
    /// When its header section must be in; `nil` while a request is being read or answered.
    var deadline: ContinuousClock.Instant? = nil
  }

  let limits: Limits
  private(set) var countByAddress: [String: Int] = [:]
  private var entries: [ID: Entry] = [:]
  /// How many of `entries` have a deadline: whether the watch must wait for one, known without
  /// a walk over every connection on each request (a profile of a `/readyz` flood showed the walk).
  private var withDeadline = 0
  /// Connections refused or shut for their deadline, until they close: none of their requests
  /// is served.
  private var ended: Set<ID> = []

  init(limits: Limits) {
    self.limits = limits
  }

  /// Counts the connection `id` just accepted from `address` on `socket`, its header deadline
  /// running from `now`; `false` (not counted, and refused until it closes) when its address
  /// already has as many connections open as it may.
  mutating func open(
    _ id: ID, socket: Int32, address: String, at now: ContinuousClock.Instant
  ) -> Bool {
    var counted: String?
    if !limits.exempt.contains(address) {
      let key = Self.key(of: address)
      let open = countByAddress[key, default: 0]
      guard open < limits.perAddress else {
        ended.insert(id)
        return false
      }
      countByAddress[key] = open + 1
      counted = key
    }
    setDeadline(
      of: id, to: now + limits.headerDeadline, opening: Entry(counted: counted, socket: socket))
    return true
  }

  /// A request's header section came in on `id`: no deadline until the request ends. `false`
  /// when the connection was refused or shut for its deadline (the request must not be served).
  mutating func headersArrived(_ id: ID) -> Bool {
    guard !ended.contains(id) else { return false }
    setDeadline(of: id, to: nil)
    return true
  }

  /// A request on `id` ended at `now`: the next one's header section is due by the deadline.
  mutating func requestEnded(_ id: ID, at now: ContinuousClock.Instant) {
    guard !ended.contains(id) else { return }
    setDeadline(of: id, to: now + limits.headerDeadline)
  }

  /// The connection `id` closed: it counts no more.
  mutating func close(_ id: ID) {
    ended.remove(id)
    setDeadline(of: id, to: nil)
    guard let entry = entries.removeValue(forKey: id) else { return }
    if let key = entry.counted {
      let left = countByAddress[key, default: 1] - 1
      countByAddress[key] = left > 0 ? left : nil
    }
  }

  /// The sockets of the connections whose deadline passed by `now`, each given once: they are
  /// to be shut, and none of their requests served.
  mutating func overdue(at now: ContinuousClock.Instant) -> [Int32] {
    var sockets: [Int32] = []
    for (id, entry) in entries {
      guard let deadline = entry.deadline, deadline <= now else { continue }
      setDeadline(of: id, to: nil)
      ended.insert(id)
      sockets.append(entry.socket)
    }
    return sockets
  }

  /// The earliest deadline of the connections open (a walk over them all: for the watch, once
  /// per wake-up).
  var nextDeadline: ContinuousClock.Instant? {
    withDeadline == 0 ? nil : entries.values.lazy.compactMap(\.deadline).min()
  }

  /// Whether any connection open has a deadline, without a walk.
  var hasDeadline: Bool { withDeadline > 0 }

  /// Sets the deadline of `id` (of the entry `opening`, when it is new), keeping `withDeadline`.
  private mutating func setDeadline(
    of id: ID, to deadline: ContinuousClock.Instant?, opening: Entry? = nil
  ) {
    if let opening {
      if entries[id]?.deadline != nil { withDeadline -= 1 }
      entries[id] = opening
    }
    guard let old = entries[id] else { return }
    withDeadline += (deadline == nil ? 0 : 1) - (old.deadline == nil ? 0 : 1)
    entries[id]?.deadline = deadline
  }

  /// Connections counted (exempt ones included).
  var count: Int { entries.count }

  /// What `address` is counted under: itself for IPv4, its /64 network for IPv6 (a client given
  /// IPv6 usually holds a whole /64), the IPv4 address of an IPv4-mapped one.
  static func key(of address: String) -> String {
    if address.lowercased().hasPrefix("::ffff:"), address.contains(".") {
      return String(address.dropFirst("::ffff:".count))
    }
    var bytes = in6_addr()
    guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
    let groups = withUnsafeBytes(of: &bytes) { raw in
      (0..<4).map { String(UInt16(raw[2 * $0]) << 8 | UInt16(raw[2 * $0 + 1]), radix: 16) }
    }
    return groups.joined(separator: ":") + "::/64"
  }
}
