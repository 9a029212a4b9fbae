import Foundation
import JSONWire
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// plans, day snapshots and meal items are stored as the JSON text they were given in (checked to be
// JSON, nothing more), so a field this server does not know yet survives a save and a read. One
// exception (docs/decisions/the-server-http-routes-and-storage.md "Server nutrition routes"): a day
// saved without `portions` by a build that does not know about amounts keeps the stored ones, added
// in the write's transaction. The merged text is written here rather than by the database's JSON
// functions, so both backends store the same bytes: the new text and the stored `portions` with the
// whitespace outside strings removed (as SQLite's `json_insert` wrote it before), the member last.

extension DatabaseTraineeStore {
  public func importNutritionPlans(json: String, for trainee: TraineeID) throws {
    let importedAt = now().milliseconds
    try write(trainee) { db in
      try Self.requireJSON(json, field: "plans", in: db)
      try db.run(
        """
        INSERT INTO nutrition_plans (trainee_id, document, imported_at, studio_id)
        VALUES (?, ?, ?, ?)
        ON CONFLICT (trainee_id) DO UPDATE
        SET document = excluded.document, imported_at = excluded.imported_at,
          studio_id = excluded.studio_id
        """,
        [
          trainee.value, .text(json), .integer(importedAt),
          try Self.studioTag(nil, now: importedAt, db),
        ])
    }
  }

  public func nutritionPlans(for trainee: TraineeID) throws -> String? {
    try read { db in try Self.nutritionPlans(of: trainee, db) }
  }

  @discardableResult
  public func saveNutritionDay(
    _ date: CalendarDate, json: String, keepingStoredPortions: Bool, studio: StudioID?,
    for trainee: TraineeID
  ) throws -> String {
    let savedAt = now().milliseconds
    return try traineeWrite(trainee, .serializable) { db in
      try Self.requireJSON(json, field: "data", in: db)
      let day: [DatabaseValue] = [trainee.value, .text(date.description)]
      let before = try db.row(
        "SELECT \(byteLength("data")) FROM nutrition_days WHERE trainee_id = ? AND date = ?", day,
        { try $0.int(0) })
      var stored = json
      // Read and written in this one serializable transaction, so no other save of the day can
      // come between. A `portions` member `json` has after all is never replaced.
      if keepingStoredPortions,
        let data = try db.row(
          "SELECT data FROM nutrition_days WHERE trainee_id = ? AND date = ?", day,
          { try $0.string(0) }),
        let merged = Self.adding(portionsOf: data, to: json)
      {
        stored = merged
      }
      try charge(
        .nutritionDays, records: before == nil ? 1 : 0,
        bytes: stored.utf8.count - (before ?? 0), of: trainee, db)
      let tag = try Self.studioTag(studio, now: savedAt, db)
      try db.run(
        """
        INSERT INTO nutrition_days (trainee_id, date, data, saved_at, studio_id)
        VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (trainee_id, date) DO UPDATE
        SET data = excluded.data, saved_at = excluded.saved_at, studio_id = excluded.studio_id
        """,
        day + [.text(stored), .integer(savedAt), tag])
      try Self.countNutrition(on: date, savedDay: stored, studio: tag, of: trainee, db)
      try Self.keepDayTotals(on: date, savedDay: stored, studio: tag, of: trainee, db)
      return stored
    }
  }

  public func nutritionDay(_ date: CalendarDate, for trainee: TraineeID) throws -> String? {
    try read { db in
      try db.row(
        "SELECT data FROM nutrition_days WHERE trainee_id = ? AND date = ?",
        [trainee.value, .text(date.description)]
      ) { try $0.string(0) }
    }
  }

  public func logMeal(
    date: CalendarDate, consumedAt: Date?, itemsJSON: String, for trainee: TraineeID
  ) throws -> MealLogID {
    try logMeal(
      date: date, consumedAt: consumedAt, itemsJSON: itemsJSON, details: MealLogDetails(),
      for: trainee)
  }

  public func logMeal(
    date: CalendarDate, consumedAt: Date?, itemsJSON: String, details: MealLogDetails,
    for trainee: TraineeID
  ) throws -> MealLogID {
    let loggedAt = now().milliseconds
    return try traineeWrite(trainee, .serializable) { db in
      try Self.requireJSON(itemsJSON, field: "items", in: db)
      if let key = details.idempotencyKey,
        let stored = try db.row(
          """
          SELECT \(Self.keptMealColumns) FROM meal_logs
          WHERE trainee_id = ? AND idempotency_key = ?
          """, [trainee.value, .text(key)], named: Self.keptMealColumns,
          { row -> (id: Int64, date: String, items: String, description: String?, photo: String?) in
            (
              id: try row["id"], date: try row["date"], items: try row["items"],
              description: try row["description"], photo: try row["photo_path"]
            )
          })
      {
        guard stored.date == date.description, stored.description == details.description,
          stored.photo == details.photoPath, stored.items == itemsJSON
        else { throw TraineeStoreError.idempotencyKeyReused(key) }
        return MealLogID(rawValue: stored.id)
      }
      let logged =
        try db.row(
          "SELECT COUNT(*) FROM meal_logs WHERE trainee_id = ? AND date = ?",
          [trainee.value, .text(date.description)]
        ) { try $0.int(0) } ?? 0
      guard logged < StorageLimits.mealLogsPerDate else {
        throw TraineeStoreError.limitReached(
          "\(date) has \(StorageLimits.mealLogsPerDate) meal logs, as many as one date keeps")
      }
      try charge(
        .mealLogs, records: 1,
        bytes: itemsJSON.utf8.count + details.description.byteCount
          + details.photoPath.byteCount + details.idempotencyKey.byteCount, of: trainee, db)
      let tag = try Self.studioTag(details.studio, now: loggedAt, db)
      let meal: ColumnValues = [
        "trainee_id": trainee.value,
        "date": .text(date.description),
        "consumed_at": .integer(consumedAt?.milliseconds ?? loggedAt),
        "items": .text(itemsJSON),
        "logged_at": .integer(loggedAt),
        "description": DatabaseValue(details.description),
        "photo_path": DatabaseValue(details.photoPath),
        "idempotency_key": DatabaseValue(details.idempotencyKey),
        "studio_id": tag,
      ]
      let id = MealLogID(rawValue: try insertRecord(.mealLog, meal, of: trainee, db))
      try Self.countNutrition(on: date, savedDay: nil, studio: tag, of: trainee, db)
      try Self.keepDayTotals(on: date, savedDay: nil, studio: tag, of: trainee, db)
      return id
    }
  }

  public func mealLogs(on date: CalendarDate, for trainee: TraineeID) throws -> [MealLog] {
    try read { db in try Self.mealLogs(on: date, of: trainee, db) }
  }

  /// The trainee's meal logs of `date`, oldest first, in the transaction of `db`.
  static func mealLogs(
    on date: CalendarDate, of trainee: TraineeID, _ db: any DatabaseConnection
  ) throws -> [MealLog] {
    try db.rows(
      """
      SELECT \(MealLog.columns) FROM meal_logs
      WHERE trainee_id = ? AND date = ? ORDER BY id
      """, [trainee.value, .text(date.description)], named: MealLog.columns
    ) { try MealLog(row: $0, date: date) }
  }
}

extension DatabaseTraineeStore {
  /// The columns of a meal log a retry of its `Idempotency-Key` is compared with.
  private static let keptMealColumns = DatabaseColumns([
    "id", "date", "items", "description", "photo_path",
  ])

  /// `json` with the `portions` object of `stored` added as its last member, both without
  /// whitespace outside strings; `nil` when `stored` has no `portions` object, or `json` is not
  /// an object or has a `portions` member (`null` included) already.
  static func adding(portionsOf stored: String, to json: String) -> String? {
    guard let members = try? jsonMemberText(Data(stored.utf8)),
      let portions = members["portions"], portions.first == UInt8(ascii: "{"),
      let sent = try? jsonMemberText(Data(json.utf8)), sent["portions"] == nil
    else { return nil }
    var merged = minified(Data(json.utf8))
    guard merged.last == UInt8(ascii: "}") else { return nil }
    merged.removeLast()
    if merged.last != UInt8(ascii: "{") { merged.append(UInt8(ascii: ",")) }
    merged.append(contentsOf: Array(#""portions":"#.utf8))
    merged.append(contentsOf: minified(portions))
    merged.append(UInt8(ascii: "}"))
    return String(decoding: merged, as: UTF8.self)
  }

  /// JSON text without the whitespace outside its strings.
  private static func minified(_ text: Data) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.count)
    var inString = false
    var escaped = false
    for byte in text {
      if inString {
        output.append(byte)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
        output.append(byte)
        if byte == UInt8(ascii: "\"") { inString = true }
      }
    }
    return output
  }
}
