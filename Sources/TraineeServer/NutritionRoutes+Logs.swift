import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-server-http-routes-and-storage.md, "Server nutrition routes": `POST
// /v1/trainee/nutrition/logs` (a meal log with items, optional `consumedAt`, answers its id). The
// log's date is `date` when sent, else the day `consumedAt` falls on in the request's zone, else
// today there (docs/specs/nutrition-day.md, "Which days can be edited": `consumedAt` is sent for
// yesterday only, and the server uses the current time otherwise). A date after today is refused
// like a day save. Items are stored as the JSON text sent.

/// The most items one meal log may have.
let maximumLoggedItems = 100

/// The body of `POST /v1/trainee/nutrition/logs`, as checked.
private struct MealLogBody: Decodable {
  var date: String?
  var consumedAt: String?
  var items: [LoggedFood]
  /// What the trainee wrote about the meal (docs/decisions/the-terminal-app-as-a-daily-app.md "Meal
  /// logs from the app").
  var description: String?
  /// The path of a photo of the meal on the trainee's device.
  var photoPath: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    date = try container.decodeOptional(String.self, forKey: .date)
    consumedAt = try container.decodeOptional(String.self, forKey: .consumedAt)
    items = try container.decode([LoggedFood].self, forKey: .items)
    description = try container.decodeOptional(String.self, forKey: .description)
    photoPath = try container.decodeOptional(String.self, forKey: .photoPath)
  }

  enum CodingKeys: String, CodingKey { case date, consumedAt, items, description, photoPath }
}

/// The longest meal description kept, in characters.
let maximumMealDescriptionLength = 500
/// The longest photo path kept, in characters.
let maximumPhotoPathLength = 1024

extension TraineeAPIRoutes {
  /// `POST /v1/trainee/nutrition/logs`: answers 201 `{ "id" }`.
  func logMeal(_ request: HTTPRequest, for trainee: TraineeID) throws -> HTTPResponse {
    let zone = try requestTimeZone(request)
    let key = try WorkoutInput.idempotencyKey(request.headers["Idempotency-Key"])
    let (body, tree) = try request.decodeJSONTree(MealLogBody.self)
    try Self.check(body.items)
    let details = MealLogDetails(
      description: try Self.text(
        body.description, field: "description", maximum: maximumMealDescriptionLength),
      photoPath: try Self.text(body.photoPath, field: "photoPath", maximum: maximumPhotoPathLength),
      idempotencyKey: key, studio: request.studioInUse)
    var consumedAt: Date?
    if let text = body.consumedAt {
      guard let instant = rfc3339Instant(text) else {
        throw HTTPError(
          .badRequest, code: "invalid_body",
          message:
            "Body: consumedAt is \"\(text.prefix(40))\", not a date and time such as"
            + " 2026-01-05T12:30:00Z (RFC 3339, years 1970 to 9999, offsets up to 18:00).")
      }
      consumedAt = instant
    }
    let today = CalendarDate(now(), in: zone)
    let date =
      try body.date.map { text throws(HTTPError) in try calendarDate(text, field: "date") }
      ?? consumedAt.map { CalendarDate($0, in: zone) } ?? today
    let dateField = body.date == nil ? "consumedAt" : "date"
    try refuseFuture(date, today: today, field: dateField)
    try StorageLimits.checkNotTooOld(date, today: today, field: dateField)
    guard let items = request.memberText("items", of: tree) else {
      throw HTTPError(.badRequest, code: "invalid_body", message: "Body: items is missing.")
    }
    try StorageLimits.check(items.count, atMost: StorageLimits.mealLogItemsBytes, "items")
    do {
      let id = try store.logMeal(
        date: date, consumedAt: consumedAt, itemsJSON: String(decoding: items, as: UTF8.self),
        details: details, for: trainee)
      return .json(.created, LoggedMealDto(id: id.description))
    } catch TraineeStoreError.idempotencyKeyReused(let key) {
      throw HTTPError(
        .unprocessableContent, code: "idempotency_key_reused",
        message:
          "Idempotency-Key \(key) was used before for another meal log; send a new meal log with"
          + " a new key.")
    }
  }

  /// An optional text member trimmed: absent or blank is `nil`; longer than `maximum`
  /// characters or holding a control character is 400 `invalid_body`.
  private static func text(
    _ value: String?, field: String, maximum: Int
  ) throws(HTTPError) -> String? {
    guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty
    else { return nil }
    guard trimmed.count <= maximum,
      !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw HTTPError(
        .badRequest, code: "invalid_body",
        message: "Body: \(field) must be at most \(maximum) characters without control characters.")
    }
    return trimmed
  }

  private static func check(_ items: [LoggedFood]) throws(HTTPError) {
    guard !items.isEmpty, items.count <= maximumLoggedItems else {
      throw HTTPError(
        .badRequest, code: "invalid_body",
        message: "Body: items must hold 1 to \(maximumLoggedItems) foods.")
    }
    for (index, item) in items.enumerated() {
      try WorkoutInput.refuseControlCharacters(item.name, "items[\(index)].name")
      let values = [
        ("kcal", item.macros.kcal), ("protein", item.macros.protein),
        ("carbs", item.macros.carbs), ("fat", item.macros.fat),
      ]
      if let (field, _) = values.first(where: { $0.1 < 0 }) {
        throw HTTPError(
          .badRequest, code: "invalid_body",
          message: "Body: items[\(index)].\(field) must not be negative.")
      }
    }
  }
}
