import Foundation

// NB: docs/specs/nutrition-day.md, "Edit maps and day keys": `dateKeyOf(ms)` is
// `${year}-${month}-${date}` from the local getters, so the month is zero-based and nothing is
// padded (5 January 2026 is `2026-0-5`). Every edit map key starts with it. Keys are wire format:
// byte for byte, and never confused with the API's `YYYY-MM-DD` (CalendarDate.isoDate).

/// The date part of every edit map key: `year-month-day`, month zero-based, unpadded.
public struct DayKey: RawRepresentable, Hashable, Sendable {
  /// The key as stored and sent, e.g. `2026-0-5`.
  public let rawValue: String

  /// The key, when `rawValue` is one the app writes: a year 1 to 9999, a month 0 to 11 and a
  /// day of that month, in decimal without leading zeros.
  public init?(rawValue: String) {
    let parts = rawValue.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy(isUnpaddedNumber),
      let year = asciiDecimal(ArraySlice(parts[0])), let month = asciiDecimal(ArraySlice(parts[1])),
      let day = asciiDecimal(ArraySlice(parts[2])),
      CalendarDate(year: year, month: month + 1, day: day) != nil
    else { return nil }
    self.rawValue = rawValue
  }

  init(unchecked rawValue: String) {
    self.rawValue = rawValue
  }

  /// The calendar day the key names.
  public var calendarDay: CalendarDate {
    let numbers = rawValue.split(separator: "-").map { Int($0) ?? 0 }
    return CalendarDate(uncheckedYear: numbers[0], month: numbers[1] + 1, day: numbers[2])
  }

  /// `2026-0-5__`: what every edit map key of this day starts with (`collectDaySnapshot` picks
  /// entries by it). The separator keeps `2026-0-1` from matching `2026-0-10__…`.
  public var entryPrefix: String { rawValue + entryKeySeparator }

  /// True when `entryKey` is an edit map key of this day.
  public func owns(entryKey: String) -> Bool {
    entryKey.hasPrefix(entryPrefix)
  }

  /// The day an edit map key belongs to: the part before the first `__`, when it is a day key.
  public init?(entryKey: String) {
    guard let separator = entryKey.range(of: entryKeySeparator) else { return nil }
    self.init(rawValue: String(entryKey[..<separator.lowerBound]))
  }
}

/// What joins a day key and an id in an edit map key.
public let entryKeySeparator = "__"

extension CalendarDate {
  /// The store's key for this day (`2026-0-5` for 5 January 2026).
  public var dayKey: DayKey {
    DayKey(unchecked: "\(year)-\(month - 1)-\(day)")
  }
}

/// The key of a plan item's entry on a day, `${dateKey}__${itemId}`: used by `eaten`, `swaps`,
/// `swapOptions`, `removed` and `portions`.
public func eatenKey(_ dateKey: DayKey, _ itemId: String) -> String {
  dateKey.rawValue + entryKeySeparator + itemId
}

/// The key of a meal's entry on a day, `${dateKey}__${mealId}`: used by `aiMeals`, `mealStatus`,
/// `replacement`, `removedMeals` and `customMeals`.
public func aiKey(_ dateKey: DayKey, _ mealId: String) -> String {
  dateKey.rawValue + entryKeySeparator + mealId
}

/// Digits without a leading zero (`0` alone is fine).
private func isUnpaddedNumber(_ digits: Substring.UTF8View) -> Bool {
  !digits.isEmpty && (digits.count == 1 || digits.first != UInt8(ascii: "0"))
}

extension DayKey: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let key = DayKey(rawValue: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\"\(text)\" is not a day key (year-month-day, month 0-11)"
      )
    }
    self = key
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension DayKey: CustomStringConvertible {
  /// The key itself.
  public var description: String { rawValue }
}
