import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

private typealias F = StoreFixture

/// `GET /v1/trainee/workouts/sets`: a trainee's done sets, paged oldest first by keyset, by date
/// or by exercise, kept with each log and removed with it.
@Suite struct LoggedSetsTests {
  /// Logs, in the order posted, with the dates they were done (not in date order).
  static let days = [3, 1, 4, 2, 5]

  static func workout(_ day: Int) -> LogWorkoutPayload {
    var payload = F.workout([
      F.entry(
        "bench",
        [
          F.strength(1, 60 + Double(day), 10),
          F.strength(2, 70, 8, done: false),
          F.strength(3, 72.5, 6),
        ]),
      F.entry(
        "bike",
        [.cardio(CardioLogSet(setNumber: 1, durationSec: 600, distanceKm: 5, rpe: "6", done: true))]
      ),
    ])
    payload.performedAt = "2025-03-0\(day)T07:00:00Z"
    return payload
  }

  static func logged(_ api: WorkoutAPIFixture) throws {
    for day in days { _ = try api.log(workout(day), as: api.alice) }
  }

  /// The router's answer to `GET /v1/trainee/workouts/sets` with `query` (`?a=1&b=2`).
  static func get(
    _ api: WorkoutAPIFixture, _ query: String, as trainee: NewTrainee? = nil
  ) -> HTTPResponse {
    var parameters: [String: String] = [:]
    for pair in query.drop(while: { $0 == "?" || $0 == "&" }).split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      parameters[String(parts[0])] = String(parts.count > 1 ? parts[1] : "").removingPercentEncoding
    }
    return api.router.respond(
      to: HTTPRequest(
        method: .get, path: "/v1/trainee/workouts/sets", query: parameters,
        headers: ["Authorization": "Bearer \((trainee ?? api.alice).token)"]))
  }

  static func page(
    _ api: WorkoutAPIFixture, _ query: String, as trainee: NewTrainee? = nil
  ) throws -> LoggedSetPageDto {
    let response = get(api, query, as: trainee)
    guard response.status == .ok else { throw UnexpectedAnswer(response: response) }
    return try JSONDecoder().decode(LoggedSetPageDto.self, from: response.body)
  }

  /// Every page of `query`, `limit` at a time.
  static func all(_ api: WorkoutAPIFixture, _ query: String, limit: Int) throws -> [LoggedSetDto] {
    var sets: [LoggedSetDto] = []
    var after: String?
    var pages = 0
    repeat {
      pages += 1
      guard pages <= 100 else {
        Issue.record("the pages never end")
        break
      }
      let cursor = after.map { "&after=\($0)" } ?? ""
      let page = try page(api, "?limit=\(limit)\(query)\(cursor)")
      #expect(page.sets.count <= limit)
      sets += page.sets
      after = page.next
    } while after != nil
    return sets
  }

  @Test(arguments: StoreBackend.available, [1, 2, 3, 4, 15, 500])
  func pagesGiveEveryDoneSetOnceOldestFirst(_ backend: StoreBackend, limit: Int) throws {
    let api = try WorkoutAPIFixture(backend)
    try Self.logged(api)
    let sets = try Self.all(api, "", limit: limit)
    #expect(sets.count == 15)
    #expect(sets.map(\.performedAt) == sets.map(\.performedAt).sorted())
    #expect(sets.first?.performedAt == "2025-03-01T07:00:00.000Z")
    #expect(sets.prefix(3).map(\.setNumber) == [1, 3, 1])
    #expect(sets.prefix(3).map(\.exerciseId) == ["bench", "bench", "bike"])
    #expect(sets[0].weight == 61)
    #expect(sets[2].durationSec == 600)
    #expect(sets[2].distanceKm == 5)
    #expect(Set(sets.map(\.workoutNumber)) == Set(1...5))
  }

  @Test(arguments: StoreBackend.available) func oneExercisesSetsWithinDates(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    try Self.logged(api)
    let bench = try Self.all(api, "&exerciseId=bench", limit: 3)
    #expect(bench.count == 10)
    #expect(bench.allSatisfy { $0.exerciseId == "bench" })
    let dated = try Self.all(
      api, "&from=2025-03-02T00:00:00Z&to=2025-03-04T07:00:00Z&exerciseId=bench", limit: 100)
    #expect(
      Set(dated.map(\.performedAt)) == ["2025-03-02T07:00:00.000Z", "2025-03-03T07:00:00.000Z"])
  }

  @Test(arguments: StoreBackend.available) func setTypesAndRecordsComeAsLogged(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    var payload = F.workout([
      F.entry(
        "bench",
        [
          .strength(
            StrengthLogSet(
              setNumber: 1, reps: 10, targetReps: nil, weight: 40, rir: "3", rm: nil, done: true,
              setType: .warmup, isRecord: false)),
          .strength(
            StrengthLogSet(
              setNumber: 2, reps: 5, targetReps: nil, weight: 80, rir: nil, rm: nil, done: true,
              setType: .working, isRecord: true)),
        ])
    ])
    payload.label = "Push"
    _ = try api.log(payload, as: api.alice)
    let sets = try Self.page(api, "").sets
    #expect(sets.map(\.setType) == [.warmup, .working])
    #expect(sets.map(\.isRecord) == [false, true])
    #expect(sets.map(\.rir) == ["3", nil])
    #expect(sets.map(\.label) == ["Push", "Push"])
  }

  @Test(arguments: StoreBackend.available) func aDeletedLogsSetsGoWithIt(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    try Self.logged(api)
    let first = try #require(try Self.page(api, "?limit=1").sets.first)
    let deleted = api.send(
      .delete, "/v1/trainee/workouts/log/\(first.logId)", token: api.alice.token)
    #expect(deleted.status == .noContent)
    let sets = try Self.all(api, "", limit: 100)
    #expect(sets.count == 12)
    #expect(!sets.contains { $0.logId == first.logId })
  }

  /// Sets by exercise come from `sets_by_exercise` for logs merged into it (sixteen of a trainee
  /// at a time) and from `set_history` for the rest: every page of one exercise is what the pages
  /// by date (which read neither) give of it, while logs are posted, back-dated, deleted merged or
  /// not, and another trainee posts the same exercises.
  @Test(arguments: StoreBackend.available, [1, 7, 500])
  func setsByExerciseAreTheSetsByDateOfThatExerciseAcrossMerges(
    _ backend: StoreBackend, limit: Int
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    var state: UInt64 = 7
    func next(below bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var posted: [String] = []
    func check() throws {
      let byDate = try Self.all(api, "", limit: 500)
      for exercise in ["bench", "squat", "row"] {
        let expected = byDate.filter { $0.exerciseId == exercise }
        #expect(try Self.all(api, "&exerciseId=\(exercise)", limit: limit) == expected)
        let window = "&from=2025-02-10T00:00:00Z&to=2025-03-20T00:00:00Z"
        #expect(
          try Self.all(api, "\(window)&exerciseId=\(exercise)", limit: limit)
            == (try Self.all(api, window, limit: 500)).filter { $0.exerciseId == exercise })
      }
    }
    for round in 0..<(2 * DatabaseTraineeStore.logsPerMerge + 5) {
      let exercises = ["bench", "squat", "row"].filter { _ in next(below: 3) > 0 }
      var payload = F.workout(
        exercises.map { exercise in
          F.entry(
            exercise,
            (1...(1 + next(below: 3))).map {
              F.strength($0, 40 + Double(next(below: 40)), 5, done: next(below: 4) > 0)
            })
        })
      // Every fifth log is back-dated before the others, as an imported workout is.
      let day = round % 5 == 4 ? 1 + next(below: 20) : 10 + round
      payload.performedAt = String(
        format: "2025-%02d-%02dT07:00:00Z", 2 + (day - 1) / 28, 1 + (day - 1) % 28)
      posted.append(try api.log(payload, as: api.alice).id)
      _ = try api.log(payload, as: api.bob)
      if round % 11 == 10 { try check() }
    }
    try check()
    // One merged log, and the latest (not merged yet), go with their sets.
    for id in [posted[3], posted[posted.count - 1]] {
      #expect(
        api.send(.delete, "/v1/trainee/workouts/log/\(id)", token: api.alice.token).status
          == .noContent)
      try check()
    }
  }

  @Test(arguments: StoreBackend.available) func anotherTraineeSeesNone(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    try Self.logged(api)
    #expect(try Self.page(api, "", as: api.bob).sets.isEmpty)
    #expect(try Self.page(api, "", as: api.bob).next == nil)
  }

  @Test(
    arguments: StoreBackend.available,
    [
      ("?limit=0", "limit"), ("?limit=501", "limit"), ("?limit=ten", "limit"),
      ("?after=abc", "after"), ("?after=1.2", "after"), ("?after=-1.2.3", "after"),
      ("?after=1.2.%2B3", "after"), ("?from=yesterday", "from"), ("?to=2025-03-01", "to"),
      ("?exerciseId=", "exerciseId"),
    ])
  func badParametersAreRefusedNamingThem(
    _ backend: StoreBackend, _ testCase: (String, String)
  ) throws {
    let (query, name) = testCase
    let api = try WorkoutAPIFixture(backend)
    let response = Self.get(api, query)
    #expect(response.status == .badRequest)
    #expect(response.errorBody?.code == "invalid_query")
    #expect(response.errorBody?.message.contains(name) == true, "\(response.errorBody as Any)")
  }

  /// A page is an index range however long the history: SQLite's plan walks the trainee's
  /// workouts by date and each one's sets by the key in the page's order, never sorting or
  /// scanning the trainee's sets. By exercise, it reads at most a page of `sets_by_exercise`'s
  /// key range and the logs not merged into it yet (fewer than `logsPerMerge`), and sorts only
  /// those. (SQLite's plan only: PostgreSQL's planner weighs table statistics, so its plan for a
  /// few rows is a sequential scan whatever the indexes.)
  @Test(arguments: [false, true])
  func aPageIsAnIndexRange(byExercise: Bool) throws {
    let store = try F.makeStore(.sqlite)
    let sql = DatabaseTraineeStore.loggedSetsSQL(
      exerciseId: byExercise ? "?4" : nil, from: "?5", to: "?6", position: "?7", limit: "?8",
      lastLog: byExercise ? nil : ("?7", "?9", "?10"))
    let plan = try store.database.readTransaction { db in
      try db.rows(
        "EXPLAIN QUERY PLAN \(sql.sets)",
        Array(repeating: .integer(0), count: byExercise ? 8 : 10)
      ) { try $0.string(3) }
    }
    if byExercise {
      // The one scan is of the merged part's page (`m`, a co-routine of at most `limit` rows).
      #expect(plan.filter { $0.contains("SCAN") } == ["SCAN m"], "\(plan)")
      #expect(
        plan.contains {
          $0.hasPrefix(
            "SEARCH b USING PRIMARY KEY (trainee_id=? AND exercise_id=? AND"
              + " (performed_at,log_id,position)>(?,?,?)")
        }, "\(plan)")
      #expect(
        plan.contains {
          $0.hasPrefix(
            "SEARCH w USING COVERING INDEX workout_logs_numbers (trainee_id=? AND workout_number>?)"
          )
        }, "\(plan)")
      #expect(plan.filter { $0.hasPrefix("SEARCH s USING PRIMARY KEY") }.count == 2, "\(plan)")
    } else {
      #expect(!plan.joined().contains("TEMP B-TREE"), "\(plan)")
      #expect(!plan.joined().contains("SCAN"), "\(plan)")
      #expect(plan.count == 2, "\(plan)")
      #expect(plan.first?.contains("INDEX workout_summaries_by_date") == true, "\(plan)")
      #expect(plan.last?.contains("SEARCH s USING PRIMARY KEY") == true, "\(plan)")
      let lastLog = try store.database.readTransaction { db in
        try db.rows(
          "EXPLAIN QUERY PLAN \(sql.lastLog ?? "")", Array(repeating: .integer(0), count: 7)
        ) { try $0.string(3) }
      }
      #expect(lastLog.count == 1, "\(lastLog)")
      #expect(lastLog.first?.contains("INDEX workout_summaries_by_date") == true, "\(lastLog)")
      #expect(!lastLog.joined().contains("TEMP B-TREE"), "\(lastLog)")
    }
  }

  /// Workouts without a done set give no sets, and a page reads at most its length and two
  /// workouts: a longer run of them ends a page early (even empty), its `next` after the last
  /// workout read, and the pages that follow still give every set once, in order.
  @Test(arguments: StoreBackend.available, [1, 2, 3])
  func aRunOfWorkoutsWithoutDoneSetsEndsAPageEarly(_ backend: StoreBackend, limit: Int) throws {
    let api = try WorkoutAPIFixture(backend)
    _ = try api.log(Self.workout(1), as: api.alice)
    for day in 2...8 {
      var empty = F.workout([F.entry("bench", [F.strength(1, 60, 10, done: false)])])
      empty.performedAt = "2025-03-0\(day)T07:00:00Z"
      _ = try api.log(empty, as: api.alice)
    }
    _ = try api.log(Self.workout(9), as: api.alice)
    let sets = try Self.all(api, "", limit: limit)
    #expect(sets.count == 6)
    #expect(sets.map(\.performedAt) == sets.map(\.performedAt).sorted())
    #expect(sets.prefix(3).allSatisfy { $0.performedAt == "2025-03-01T07:00:00.000Z" })
    #expect(sets.suffix(3).allSatisfy { $0.performedAt == "2025-03-09T07:00:00.000Z" })
    // Three sets: the first page reads five workouts (the first and four empty ones) and ends
    // after them; the next reads the rest and gives the last workout's sets.
    let first = try Self.page(api, "?limit=3")
    #expect(first.sets.map(\.performedAt) == sets.prefix(3).map(\.performedAt))
    let next = try #require(first.next)
    #expect(next.hasPrefix("\(Self.milliseconds("2025-03-05T07:00:00Z"))."))
    let second = try Self.page(api, "?limit=3&after=\(next)")
    #expect(second.sets.map(\.performedAt) == sets.suffix(3).map(\.performedAt))
  }

  static func milliseconds(_ text: String) -> Int64 {
    Int64((ISO8601DateFormatter().date(from: text) ?? .distantPast).timeIntervalSince1970 * 1000)
  }

  // NB: a log's sets, and its exercises' history rows, go in statements of at most
  // `MultiRowInsert.rowsPerStatement` rows: a log of more spans several statements, the last one
  // short, and every row must be there once, in order.
  @Test(arguments: StoreBackend.available)
  func aLogOfMoreRowsThanOneStatementKeepsEveryOne(backend: StoreBackend) throws {
    let store = try F.makeStore(backend)
    let trainee = try store.createTrainee(name: "Alice").trainee.id
    let perStatement = MultiRowInsert.rowsPerStatement
    // Two statements and a short third of sets; one exercise more than a statement holds.
    let exercises = perStatement + 1
    let setsEach = 2
    let long = (0..<(2 * perStatement + 3)).map { number in
      F.strength(number + 1, 20 + Double(number), 5)
    }
    let entries =
      [F.entry("long", long)]
      + (1..<exercises).map { index in
        F.entry(
          "ex\(index)", (0..<setsEach).map { F.strength($0 + 1, Double(index), 10 - $0) })
      }
    _ = try store.logWorkout(F.workout(entries), idempotencyKey: nil, loggedAt: nil, for: trainee)
    let sets = try store.loggedSets(LoggedSetQuery(limit: 500), for: trainee).sets
    #expect(sets.count == long.count + (exercises - 1) * setsEach)
    #expect(sets.filter { $0.exerciseId == "long" }.map(\.setNumber) == Array(1...long.count))
    #expect(
      sets.map(\.exerciseId)
        == entries.flatMap { entry in entry.sets.map { _ in entry.exerciseId } })
    let history = try store.exerciseHistory(for: trainee)
    #expect(history.count == exercises)
    #expect(history["long"]?.lastSets.count == long.count)
    #expect(history["long"]?.best == BestDto(weight: 20 + Double(long.count - 1), reps: 5))
    for index in 1..<exercises {
      #expect(history["ex\(index)"]?.best == BestDto(weight: Double(index), reps: 10))
    }
  }

  @Test func theMigrationCopiesTheSetsOfLogsStoredBeforeIt() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-sets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("v6.sqlite").path
    let old = try SQLiteDatabase(path: path)
    try Migrations.migrate(old, with: Array(TraineeSchema.migrations.prefix(6)))
    let payload = try DatabaseTraineeStore.json(Self.workout(2))
    try old.transaction { db in
      try db.execute(
        "INSERT INTO trainees (id, name, token_sha256, created_at) VALUES (1, 'Ada', 'x', 0)")
      try db.run(
        """
        INSERT INTO workout_logs (id, trainee_id, workout_number, logged_at, payload)
        VALUES (7, 1, 4, 1740898800000, ?)
        """, [.text(payload)])
    }
    old.close()
    let store = try DatabaseTraineeStore(path: path)
    let page = try store.loggedSets(LoggedSetQuery(), for: TraineeID(rawValue: 1))
    #expect(page.sets.map(\.exerciseId) == ["bench", "bench", "bike"])
    #expect(page.sets.map(\.setNumber) == [1, 3, 1])
    #expect(page.sets.map(\.weight) == [62, 72.5, nil])
    #expect(page.sets.allSatisfy { $0.workoutNumber == 4 && $0.logId == "7" })
    #expect(page.sets.first?.performedAt == "2025-03-02T07:00:00.000Z")
    // A log stored after the migration is paged after it, by date.
    _ = try store.logWorkout(
      Self.workout(3), idempotencyKey: nil, loggedAt: Date(timeIntervalSince1970: 1_740_985_200),
      for: TraineeID(rawValue: 1))
    let after = try store.loggedSets(
      LoggedSetQuery(after: LoggedSetCursor("1740898800000.7.1000")), for: TraineeID(rawValue: 1))
    #expect(after.sets.count == 3)
    #expect(after.sets.allSatisfy { $0.performedAt == "2025-03-03T07:00:00.000Z" })
  }
}
