import LockedValue

// NB: docs/security.md, "Bodies before the token": a body read before its sender is known
// (`BodyAcceptance.beforeAdmission`) is reserved from this budget, never from the shared one
// (`InFlightBudget`), so that clients without a token can hold at most its total, and one
// address at most its share. Each reservation counts at least `smallestReservation`, so the
// addresses held at once are at most `total / smallestReservation`, whoever sends.

/// The bytes of bodies read before their sender is known, per client address and in total. A
/// value; the server keeps one under a lock.
public struct UnauthenticatedBodyBudget: Equatable, Sendable {
  /// What one reservation counts at least, however small its body.
  public static let smallestReservation = 1024

  /// The most bytes one client address holds at once.
  public let perAddress: Int
  /// The most bytes held at once over all addresses.
  public let total: Int
  /// The bytes each address holds now; an address holding none is not kept.
  private(set) var held: [String: Int] = [:]
  /// The bytes held now over all addresses.
  public private(set) var heldInTotal = 0

  /// A budget of `perAddress` bytes per client address and `total` in all.
  public init(perAddress: Int, total: Int) {
    self.perAddress = max(0, perAddress)
    self.total = max(0, total)
  }

  /// What a reservation of `bytes` counts: at least `smallestReservation`.
  public static func counted(_ bytes: Int) -> Int {
    max(bytes, smallestReservation)
  }

  /// Reserves what `bytes` counts (`counted(_:)`) for `address`; `false` (nothing reserved) when
  /// that would pass the address's share or the total.
  public mutating func reserve(_ bytes: Int, for address: String) -> Bool {
    let counted = Self.counted(bytes)
    let mine = held[address] ?? 0
    guard counted <= perAddress - mine, counted <= total - heldInTotal else { return false }
    held[address] = mine + counted
    heldInTotal += counted
    return true
  }

  /// Gives back a reservation of `bytes` that `reserve(_:for:)` made for `address`.
  public mutating func release(_ bytes: Int, for address: String) {
    let counted = Self.counted(bytes)
    guard let mine = held[address] else { return }
    let given = min(mine, counted)
    held[address] = mine > given ? mine - given : nil
    heldInTotal = max(0, heldInTotal - given)
  }

  /// The addresses holding bytes now.
  public var addressesHeld: Int { held.count }
}

/// The limits of bodies read before their sender is known (`BodyAcceptance.beforeAdmission`).
public struct UnauthenticatedBodyLimits: Equatable, Sendable {
  /// The largest such body; a larger one is answered 413 from the headers.
  public var maxBodyBytes: Int
  /// The most bytes of such bodies one client address holds at once.
  public var perAddressBytes: Int
  /// The most bytes of such bodies held at once, over all addresses.
  public var totalBytes: Int

  /// Limits of 16 KiB a body, 64 KiB an address and 1 MiB in all by default: a sign-in's body
  /// is well under 1 KiB.
  public init(
    maxBodyBytes: Int = 16 << 10, perAddressBytes: Int = 64 << 10, totalBytes: Int = 1 << 20
  ) {
    self.maxBodyBytes = max(0, maxBodyBytes)
    self.perAddressBytes = max(0, perAddressBytes)
    self.totalBytes = max(0, totalBytes)
  }
}

/// A server's budget of bodies read before their sender is known, and the largest such body.
final class UnauthenticatedBodies: Sendable {
  /// The largest body a `beforeAdmission` route reads; a larger one is 413 from the headers.
  let limit: Int
  let budget: Locked<UnauthenticatedBodyBudget>

  init(_ limits: UnauthenticatedBodyLimits) {
    limit = limits.maxBodyBytes
    budget = Locked(
      UnauthenticatedBodyBudget(perAddress: limits.perAddressBytes, total: limits.totalBytes))
  }
}
