import Foundation

// NB: `ISO8601DateFormatter` reads what RFC 3339 refuses and what no trainee means: years past
// 9999 (echoed back as `100000-01-01`), offsets of days, 2026-02-30 rolled into March, twenty
// fraction digits. An instant from outside is read here, exactly: `YYYY-MM-DDTHH:MM:SS`, an
// optional fraction of 1 to 9 digits, then `Z` or `+HH:MM`/`-HH:MM` up to 18:00 (the widest
// offset any zone uses, as java.time also bounds it), on a day that exists, between 1970-01-01
// and 9999-12-31 in UTC. Anything else names no instant. A `t` or `z` in lower case is accepted,
// as RFC 3339 allows; a space for the `T` is not.

/// The instant `text` names in RFC 3339's `date-time` form, or `nil`.
package func rfc3339Instant(_ text: String) -> Date? {
  let bytes = Array(text.utf8)
  var index = 0
  func number(_ digits: Int) -> Int? {
    guard index + digits <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[index..<index + digits] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    index += digits
    return value
  }
  func expect(_ characters: String) -> Bool {
    guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
    index += 1
    return true
  }
  guard let year = number(4), expect("-"), let month = number(2), expect("-"),
    let day = number(2), expect("Tt"), let hour = number(2), expect(":"),
    let minute = number(2), expect(":"), let second = number(2),
    CalendarDate(year: year, month: month, day: day) != nil, hour < 24, minute < 60, second < 60
  else { return nil }
  var nanoseconds = 0
  if expect(".") {
    var digits = 0
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      guard digits < 9 else { return nil }
      nanoseconds = nanoseconds * 10 + Int(bytes[index] - UInt8(ascii: "0"))
      digits += 1
      index += 1
    }
    guard digits > 0 else { return nil }
    for _ in digits..<9 { nanoseconds *= 10 }
  }
  var offsetSeconds = 0
  if !expect("Zz") {
    guard index < bytes.count else { return nil }
    let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
    guard expect("+-"), let offsetHours = number(2), expect(":"), let offsetMinutes = number(2),
      offsetMinutes < 60, offsetHours * 60 + offsetMinutes <= 18 * 60
    else { return nil }
    offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
  }
  guard index == bytes.count else { return nil }
  let days = daysSinceEpoch(year: year, month: month, day: day)
  let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
  // 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.
  guard seconds >= 0, seconds < daysSinceEpoch(year: 10_000, month: 1, day: 1) * 86_400 else {
    return nil
  }
  return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
}

/// Days from 1970-01-01 to the given proleptic Gregorian date (negative before it).
private func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
  // Howard Hinnant's days_from_civil.
  let shifted = month <= 2 ? year - 1 : year
  let era = (shifted >= 0 ? shifted : shifted - 399) / 400
  let yearOfEra = shifted - era * 400
  let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
  let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}
