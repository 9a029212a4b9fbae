// NB: docs/decisions/the-coachs-events.md, "Order and cursor": the cursor is the number of the
// last event a page read of the studio's feed, written `e<number>` so that a client treats it as
// opaque; a page holds the events numbered after it.

/// Where a client is in a studio's events feed: every event numbered up to ``number`` is read.
public struct StudioEventCursor: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The number of the last event read; `0` before the first.
  public var number: Int64

  /// The cursor after event `number`.
  public init(number: Int64) { self.number = number }

  /// The start of the feed.
  public static let start = StudioEventCursor(number: 0)

  /// Reads a cursor as this server writes it: `e` and a whole number without leading zeros, at
  /// most 18 digits; `nil` for anything else.
  public init?(_ text: some StringProtocol) {
    guard text.first == "e" else { return nil }
    let digits = text.dropFirst()
    guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }),
      digits == "0" || digits.first != "0", let number = Int64(digits)
    else { return nil }
    self.number = number
  }

  /// `e<number>`.
  public var description: String { "e\(number)" }
}
