import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

private let utc = TimeZone(identifier: "UTC")!

struct DatabaseCopyTests {
  /// The copy's list of tables and columns is written by hand (parents first, for the foreign
  /// keys); this keeps it equal to the schema each backend's steps build.
  @Test(arguments: StoreBackend.available)
  func theCopiedTablesAreEveryTableAndColumnOfTheSchema(_ backend: StoreBackend) throws {
    let database = try backend.makeDatabase()
    defer { database.close() }
    try TraineeSchema.migrate(database)
    let tablesSQL: String
    let columnsSQL: String
    switch backend {
    case .sqlite:
      tablesSQL =
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence'"
      columnsSQL = "SELECT name FROM pragma_table_info(?)"
    case .postgresql:
      // `perform_schema` holds the schema version, as SQLite's `PRAGMA user_version` does.
      tablesSQL = """
        SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
          AND table_name <> 'perform_schema'
        """
      columnsSQL = """
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ?
        """
    }
    let schema = try database.readTransaction { db in
      let names = try db.rows(tablesSQL) { try $0.string(0) }
      return try Dictionary(
        uniqueKeysWithValues: names.map { name in
          (name, Set(try db.rows(columnsSQL, [.text(name)]) { try $0.string(0) }))
        })
    }
    let copied = Dictionary(
      uniqueKeysWithValues: DatabaseCopy.tables.map { ($0.name, Set($0.columns)) })
    #expect(copied == schema)
  }

  /// SQLite to SQLite, and SQLite to PostgreSQL and back when a test cluster is named.
  static let routes: [[StoreBackend]] =
    StoreBackend.postgreSQLURL == nil ? [[.sqlite]] : [[.sqlite], [.postgresql, .sqlite]]

  @Test(arguments: routes)
  func aCopyAnswersEveryEndpointAsTheOriginal(through backends: [StoreBackend]) throws {
    let now = Date(timeIntervalSince1970: 1_767_600_000)
    let original = try DatabaseTraineeStore(database: SQLiteDatabase.inMemory(), now: { now })
    let demo = try DemoTrainee.ensure(in: original, now: now)
    let year = try Self.yearOfData(in: original, now: now)
    let before = try Self.everyAnswer(of: [demo.token, year.token], original, now: now)

    var source: any DatabaseDriver = original.database
    for backend in backends {
      let target = try backend.makeDatabase()
      try DatabaseCopy.copy(from: source, to: target)
      source = target
    }
    let copy = try DatabaseTraineeStore(database: source, now: { now })
    let after = try Self.everyAnswer(of: [demo.token, year.token], copy, now: now)
    #expect(after.count == before.count)
    for (one, other) in zip(before, after) where one != other {
      Issue.record("before: \(one.prefix(300))\nafter: \(other.prefix(300))")
      break
    }
    // Ids go on after the source's, a deleted log's included: the trainee's walk continues from
    // the last id it gave (docs/decisions/the-server-under-hostile-input.md, "Authentication
    // answers and ids"), and a new trainee takes an id no copied trainee has.
    let newcomer = try copy.createTrainee(name: "Next").trainee.id
    #expect(![demo.id, year.id].contains(newcomer) && newcomer.rawValue >= NewRecordIDs.lowest)
    let next = try copy.logWorkout(StoreFixture.benchDay, idempotencyKey: nil, for: year.id)
    #expect(
      (1...NewRecordIDs.largestStep).contains(next.id.rawValue - year.lastLogID.rawValue),
      "\(next.id) after \(year.lastLogID)")
    // A second copy into the same target is refused and changes nothing.
    #expect(throws: DatabaseCopy.Refusal.self) {
      try DatabaseCopy.copy(from: original.database, to: source)
    }
  }

  /// A trainee with a log every other day for a year (the last one deleted), a day snapshot and
  /// a meal log every day, videos, a swap and a notification config.
  static func yearOfData(
    in store: DatabaseTraineeStore, now: Date
  ) throws -> (id: TraineeID, token: String, lastLogID: WorkoutLogID) {
    let created = try store.createTrainee(name: "Year")
    let id = created.trainee.id
    try store.importPrograms(StoreFixture.programs, for: id)
    var last = WorkoutLogID(rawValue: 0)
    for day in stride(from: 365, through: 1, by: -2) {
      let workout = StoreFixture.workout([
        StoreFixture.entry("bench", [StoreFixture.strength(1, 40 + Double(day % 30), 8 + day % 5)])
      ])
      last =
        try store.logWorkout(
          workout, idempotencyKey: "y\(day)", loggedAt: now - Double(day) * 86_400, for: id
        ).id
    }
    #expect(try store.deleteWorkoutLog(last, for: id))
    for day in 0..<365 {
      let date = CalendarDate(now - Double(day) * 86_400, in: utc)
      try store.saveNutritionDay(date, json: #"{"eaten":{"d\#(day)":true}}"#, for: id)
      _ = try store.logMeal(
        date: date, consumedAt: nil, itemsJSON: #"[{"name":"Oats","kcal":\#(day)}]"#, for: id)
    }
    _ = try store.addTechniqueVideo(
      url: "https://videos.example/1.mp4", exerciseId: "bench", for: id)
    try store.saveSubstitution(
      Substitution(
        programId: "plan-1", dayId: "day-a", rowId: "row-1", fromExerciseId: "bench",
        toExerciseId: "db-press"), for: id)
    try store.saveNotificationConfig(
      NotificationConfigDto(type: "REST_TIMER", enabled: false), for: id)
    return (id, created.token, last)
  }

  /// The body of every GET endpoint for each token, and the store's answers for several dates.
  static func everyAnswer(
    of tokens: [String], _ store: DatabaseTraineeStore, now: Date
  ) throws -> [String] {
    let router = TraineeAPIRoutes(store: store, now: { now }).router()
    var answers: [String] = []
    for token in tokens {
      let trainee = try #require(try store.trainee(forToken: token))
      var paths = [
        "/v1/trainee/workouts", "/v1/trainee/workouts/history", "/v1/trainee/session",
        "/v1/trainee/notification-configs", "/v1/trainee/nutrition/plans", "/v1/trainee/home",
      ]
      paths += try store.workoutHistory(for: trainee.id).map {
        "/v1/trainee/workouts/history/\($0.id)"
      }
      var queries: [(String, [String: String])] = paths.map { ($0, [:]) }
      for day in [0, 1, 100, 364] {
        let date = CalendarDate(now - Double(day) * 86_400, in: utc)
        for path in ["/v1/trainee/nutrition/day", "/v1/trainee/nutrition/menu"] {
          queries.append((path, ["date": date.description]))
        }
        // Dictionaries print in an order of their own: the history is sorted first.
        answers += try StoreFixture.answers(trainee.id, store, date).enumerated()
          .filter { $0.offset != 3 }.map(\.element)
        answers.append(
          "\(try store.exerciseHistory(for: trainee.id).sorted { $0.key < $1.key })")
      }
      for (path, query) in queries {
        let response = router.respond(
          to: HTTPRequest(
            method: .get, path: path, query: query,
            headers: ["Authorization": "Bearer \(token)", "X-Timezone": "UTC"]))
        answers.append(
          "\(path) \(query) \(response.status) " + String(decoding: response.body, as: UTF8.self))
      }
    }
    return answers
  }
}
