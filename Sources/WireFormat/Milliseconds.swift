import Foundation

// Times cross the wire and are saved as whole milliseconds since 1970 (`startedAt`, journal
// entries, the server's rows, alert ids). One definition, so every module rounds the same way.

extension Date {
  /// The date at `milliseconds` since 1970.
  public init(milliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// Milliseconds since 1970, to the nearest: a date read back from them gives them again.
  public var milliseconds: Int64 { milliseconds(rounded: .toNearestOrAwayFromZero) }

  /// Milliseconds since 1970, rounded by `rule` (`.down` where a name must not be later than
  /// the date it stands for).
  public func milliseconds(rounded rule: FloatingPointRoundingRule) -> Int64 {
    Int64((timeIntervalSince1970 * 1000).rounded(rule))
  }

  /// This date at whole milliseconds, the precision every saved date has.
  public var wholeMilliseconds: Date { Date(milliseconds: milliseconds) }
}
