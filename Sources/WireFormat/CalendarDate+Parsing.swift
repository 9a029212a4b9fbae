/// Why a `YYYY-MM-DD` date was refused.
public enum IsoDateError: Error, Equatable, Sendable {
  /// Not four digits, a dash, two digits, a dash and two digits.
  case notYYYYMMDD(String)
  /// The month is not 01 to 12.
  case monthOutOfRange(String)
  /// The day is not in that month (`2026-02-29`, `2026-04-31`, `2026-01-00`).
  case dayOutOfRange(String)
  /// The year is 0000.
  case yearOutOfRange(String)

  /// A sentence naming the value and what is wrong with it.
  public var message: String {
    switch self {
    case .notYYYYMMDD(let text): "\"\(text)\" is not a date written YYYY-MM-DD."
    case .monthOutOfRange(let text): "\"\(text)\" has no month 01 to 12."
    case .dayOutOfRange(let text): "\"\(text)\" is not a day of that month."
    case .yearOutOfRange(let text): "\"\(text)\" has no year 0001 to 9999."
    }
  }
}

extension CalendarDate {
  /// Reads exactly `YYYY-MM-DD` (ASCII digits, zero-padded), the format of the API's `date`.
  public static func parse(isoDate text: String) throws(IsoDateError) -> CalendarDate {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = asciiDecimal(bytes[0..<4]), let month = asciiDecimal(bytes[5..<7]),
      let day = asciiDecimal(bytes[8..<10])
    else { throw .notYYYYMMDD(text) }
    guard year >= 1 else { throw .yearOutOfRange(text) }
    guard (1...12).contains(month) else { throw .monthOutOfRange(text) }
    guard let parsed = CalendarDate(year: year, month: month, day: day) else {
      throw .dayOutOfRange(text)
    }
    return parsed
  }
}

/// The number written by `digits`, when there are 1 to 9 of them and every one is ASCII.
package func asciiDecimal(_ digits: ArraySlice<UInt8>) -> Int? {
  guard (1...9).contains(digits.count) else { return nil }
  var value = 0
  for byte in digits {
    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
    value = value * 10 + Int(byte - UInt8(ascii: "0"))
  }
  return value
}

/// `value` in decimal with leading zeros up to `width` digits.
package func zeroPadded(_ value: Int, _ width: Int) -> String {
  if value < 0 { return "-" + zeroPadded(-value, width) }
  let digits = String(value)
  return digits.count >= width
    ? digits
    : String(repeating: "0", count: width - digits.count)
      + digits
}
