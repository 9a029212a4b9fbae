import Foundation
import HTTPServer
import TraineeAPI

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage"
// and docs/specs/nutrition-day.md, "Days follow the device": "today" is the trainee's today, in the
// zone the request's `X-Timezone` names (UTC without one). A zone the server does not know is a
// 400, not a silent fallback, so a wrong header is seen at once instead of shifting every day by
// some hours.

/// The longest `X-Timezone` value read; IANA names are far shorter.
let maximumTimeZoneLength = 64

/// The zone a request's `X-Timezone` names, UTC when it names none.
///
/// Throws 400 `invalid_timezone` for a zone the server does not know.
func requestTimeZone(_ request: HTTPRequest) throws(HTTPError) -> TimeZone {
  guard let raw = request.headers["X-Timezone"] else {
    return TimeZone(identifier: "UTC") ?? .gmt
  }
  // NB: MHD hands header values without the blanks around them, so Foundation's trimming
  // (NSString, in a profile of kept `/home` answers) is needed only for other whitespace.
  let isPlain = raw.utf8.allSatisfy { $0 > UInt8(ascii: " ") && $0 < 0x7f }
  let name = isPlain ? raw : raw.trimmingCharacters(in: .whitespaces)
  guard !name.isEmpty, name.count <= maximumTimeZoneLength,
    let zone = TimeZone(identifier: name)
  else {
    throw HTTPError(
      .badRequest, code: "invalid_timezone",
      message: "X-Timezone is \"\(raw.prefix(maximumTimeZoneLength))\", not a known IANA zone.")
  }
  return zone
}

/// A date named `YYYY-MM-DD`, throwing 400 `invalid_date` that names `field` otherwise.
func calendarDate(_ text: String?, field: String) throws(HTTPError) -> CalendarDate {
  guard let text else {
    throw HTTPError(
      .badRequest, code: "invalid_date", message: "\(field) is missing; send it as YYYY-MM-DD.")
  }
  guard let date = CalendarDate(text) else {
    throw HTTPError(
      .badRequest, code: "invalid_date",
      message: "\(field) is \"\(text.prefix(32))\", not a date as YYYY-MM-DD.")
  }
  return date
}

/// The `date` query argument of a request.
func queryDate(_ request: HTTPRequest) throws(HTTPError) -> CalendarDate {
  try calendarDate(request.query["date"], field: "date")
}

/// Throws 400 `future_date` when `date` is after `today`.
func refuseFuture(_ date: CalendarDate, today: CalendarDate, field: String) throws(HTTPError) {
  guard date > today else { return }
  throw HTTPError(
    .badRequest, code: "future_date",
    message: "\(field) \(date) is in the future; today is \(today) in the request's time zone.")
}

// NB: docs/security.md, "Names and the terminal": the names in a day's snapshot (a custom meal's
// label, the foods added to a meal, a replacement's food) hold no control character.

/// Checks of the nutrition endpoints' input beyond its JSON types.
enum NutritionInput {
  /// The path in the body of the first name in `snapshot` holding a control character, keys in
  /// sorted order so the same body always names the same path; `nil` when none does.
  static func nameWithControlCharacter(_ snapshot: NutritionDaySnapshot) -> String? {
    func key(_ key: String) -> String { "\"\(key.prefix(64))\"" }
    for (mealKey, meal) in snapshot.customMeals.sorted(by: { $0.key < $1.key }) {
      let path = "data.customMeals[\(key(mealKey))]"
      if ControlCharacters.found(in: meal.label) { return "\(path).label" }
      if let index = meal.items.firstIndex(where: { ControlCharacters.found(in: $0.name) }) {
        return "\(path).items[\(index)].name"
      }
    }
    for (mealKey, items) in snapshot.aiMeals.sorted(by: { $0.key < $1.key }) {
      if let index = items.firstIndex(where: { ControlCharacters.found(in: $0.name) }) {
        return "data.aiMeals[\(key(mealKey))][\(index)].name"
      }
    }
    for (mealKey, replacement) in snapshot.replacement.sorted(by: { $0.key < $1.key })
    where ControlCharacters.found(in: replacement.entry.name) {
      return "data.replacement[\(key(mealKey))].name"
    }
    return nil
  }
}
