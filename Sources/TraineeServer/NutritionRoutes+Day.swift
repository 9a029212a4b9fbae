import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/behaviour.md, "The nutrition day" and
// docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// `GET` answers `{ date, data: snapshot|null }` with `data` byte for byte as it was stored;
// `swapOptions` is left out (the server has no automatic alternatives, and the plan's own options
// are in the plan). `PUT { date, data }` checks `data` structurally (TraineeAPI's
// NutritionDaySnapshot, amounts bounded), refuses a date after the trainee's today with
// `future_date`, stores the bytes as sent and answers the same document as `GET`. The one exception
// (docs/decisions/the-server-http-routes-and-storage.md "Server nutrition routes"): a `data`
// without a `portions` member comes from a build that does not know about amounts (the spec always
// sends the map), so the stored day's `portions` is kept, added to the text sent. `"portions": {}`
// or `null` is an explicit value and clears the amounts.

/// The body of `PUT /v1/trainee/nutrition/day`, as checked.
package struct DayBody: Decodable, Equatable {
  package var date: String?
  /// Whether `data` is a snapshot (checked, and stored as sent), not absent or `null`.
  package var hasData: Bool
  /// Whether `data` has a `portions` member at all, `null` included.
  package var sendsPortions = false
  /// The path of the first name in `data` holding a control character, if one does.
  package var nameWithControlCharacter: String?

  package init(
    date: String?, hasData: Bool, sendsPortions: Bool, nameWithControlCharacter: String? = nil
  ) {
    self.date = date
    self.hasData = hasData
    self.sendsPortions = sendsPortions
    self.nameWithControlCharacter = nameWithControlCharacter
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    date = try container.decodeOptional(String.self, forKey: .date)
    let snapshot = try container.decodeOptional(NutritionDaySnapshot.self, forKey: .data)
    hasData = snapshot != nil
    nameWithControlCharacter = snapshot.flatMap(NutritionInput.nameWithControlCharacter)
    if hasData {
      sendsPortions = try container.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        .contains(.portions)
    }
  }

  enum CodingKeys: String, CodingKey { case date, data }
  enum DataKeys: String, CodingKey { case portions }
}

extension TraineeAPIRoutes {
  /// `GET /v1/trainee/nutrition/day?date=`.
  func nutritionDayAnswer(_ request: HTTPRequest, for trainee: TraineeID) throws -> HTTPResponse {
    let date = try queryDate(request)
    return dayDocument(date, data: try store.nutritionDay(date, for: trainee))
  }

  /// `PUT /v1/trainee/nutrition/day`.
  func saveNutritionDay(_ request: HTTPRequest, for trainee: TraineeID) throws -> HTTPResponse {
    let zone = try requestTimeZone(request)
    let (body, tree) = try request.decodeJSONTree(DayBody.self)
    let date = try calendarDate(body.date, field: "date")
    guard body.hasData, let text = request.memberText("data", of: tree) else {
      throw HTTPError(
        .badRequest, code: "invalid_body",
        message: "Body: data is missing or null; send the day's snapshot object.")
    }
    if let field = body.nameWithControlCharacter {
      throw WorkoutInput.controlCharacterRefusal(field)
    }
    let today = CalendarDate(now(), in: zone)
    try refuseFuture(date, today: today, field: "date")
    try StorageLimits.checkNotTooOld(date, today: today, field: "date")
    try StorageLimits.check(text.count, atMost: StorageLimits.dayBytes, "The day's data")
    let stored = try store.saveNutritionDay(
      date, json: String(decoding: text, as: UTF8.self),
      keepingStoredPortions: !body.sendsPortions, studio: request.studioInUse, for: trainee)
    return dayDocument(date, data: stored)
  }

  /// `{"data":<data as stored, or null>,"date":"YYYY-MM-DD"}`.
  private func dayDocument(_ date: CalendarDate, data: String?) -> HTTPResponse {
    var body = Data("{\"data\":".utf8)
    body.append(Data((data ?? "null").utf8))
    body.append(Data(",\"date\":\"\(date)\"}".utf8))
    return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: body)
  }
}
