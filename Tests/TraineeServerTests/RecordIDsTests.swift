import Foundation
import LockedValue
import SQLStore
import Testing
import TraineeAPI

@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

private let utc = TimeZone(identifier: "UTC")!

/// New record ids (NewRecordIDs.swift): nothing another trainee does moves a trainee's ids, a
/// trainee's rows still come back in the order they were stored, and ids given before schema
/// version 14 keep naming their rows.
struct RecordIDsTests {
  static func store(_ backend: StoreBackend) throws -> DatabaseTraineeStore {
    try DatabaseTraineeStore(
      database: backend.makeDatabase(), now: { StoreFixture.monday }, recordIDs: .random)
  }

  /// The attack of issue 31: Eve posts a log and deletes it, Ada logs workouts, Eve posts and
  /// deletes again. With one sequence for all trainees, Eve's two ids differed by Ada's count plus
  /// one.
  @Test(arguments: StoreBackend.available)
  func postingAroundAnotherTraineesLogsTellsNothingOfThem(_ backend: StoreBackend) throws {
    let store = try Self.store(backend)
    let eve = try store.createTrainee(name: "Eve").trainee.id
    let ada = try store.createTrainee(name: "Ada").trainee.id
    var learned: [Int64] = []
    for adasLogs in [0, 1, 3, 7] {
      let before = try store.logWorkout(
        StoreFixture.benchDay, idempotencyKey: nil, loggedAt: nil, for: eve)
      #expect(try store.deleteWorkoutLog(before.id, for: eve))
      let eveLast = try Self.lastIDs(of: eve, in: store)
      for _ in 0..<adasLogs {
        _ = try store.logWorkout(
          StoreFixture.benchDay, idempotencyKey: nil, loggedAt: nil, for: ada)
      }
      // Ada's logs did not move Eve's walk.
      #expect(try Self.lastIDs(of: eve, in: store) == eveLast)
      let after = try store.logWorkout(
        StoreFixture.benchDay, idempotencyKey: nil, loggedAt: nil, for: eve)
      #expect(try store.deleteWorkoutLog(after.id, for: eve))
      let gap = after.id.rawValue - before.id.rawValue
      #expect((1...NewRecordIDs.largestStep).contains(gap), "one step of Eve's own walk")
      learned.append(gap - 1)
    }
    // What the old attack reads from the gaps is not Ada's counts (each matches by chance with
    // a probability of one in 2^20).
    #expect(learned != [0, 1, 3, 7])
    #expect(zip(learned, [0, 1, 3, 7]).allSatisfy { $0 != $1 }, "\(learned)")
  }

  @Test(arguments: StoreBackend.available)
  func newIdsAreAboveEverySequenceAndExactAsJSONNumbers(_ backend: StoreBackend) throws {
    let store = try Self.store(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let grace = try store.createTrainee(name: "Grace").trainee.id
    let date = CalendarDate(StoreFixture.monday, in: utc)
    var ids: [Int64] = [ada.rawValue, grace.rawValue]
    for trainee in [ada, grace] {
      for _ in 0..<3 {
        ids.append(
          try store.logWorkout(
            StoreFixture.benchDay, idempotencyKey: nil, loggedAt: nil, for: trainee
          ).id.rawValue)
        ids.append(
          try store.logMeal(
            date: date, consumedAt: nil, itemsJSON: #"[{"name":"Oats"}]"#, for: trainee
          ).rawValue)
        ids.append(
          try store.addTechniqueVideo(url: "https://v.example/1", exerciseId: nil, for: trainee)
            .id.rawValue)
      }
    }
    #expect(
      ids.allSatisfy { $0 >= NewRecordIDs.lowest && $0 < NewRecordIDs.bound }, "\(ids)")
    #expect(Set(ids).count == ids.count)
    // Ada's and Grace's walks start apart: neither trainee's first id follows the other's.
    #expect(abs(ids[0] - ids[1]) > 1)
  }

  /// A trainee's rows keep coming back in the order they were stored, whatever the ids.
  @Test(arguments: StoreBackend.available)
  func aTraineesRowsComeBackInTheOrderTheyWereStored(_ backend: StoreBackend) throws {
    // Trainees are listed oldest first by when they were created, so this clock moves.
    let seconds = Locked(0.0)
    let tick: @Sendable () -> Date = {
      seconds.withLock { elapsed in
        elapsed += 1
        return StoreFixture.monday + elapsed
      }
    }
    let moving = try DatabaseTraineeStore(
      database: backend.makeDatabase(), now: tick, recordIDs: .random)
    let first = try (0..<8).map { try moving.createTrainee(name: "T\($0)").trainee.id }
    #expect(try moving.trainees().map(\.id) == first)
    // The records of one trainee keep their order on a clock that stands still.
    let store = try Self.store(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let grace = try store.createTrainee(name: "Grace").trainee.id
    let date = CalendarDate(StoreFixture.monday, in: utc)
    var logs: [WorkoutLogID] = []
    var meals: [MealLogID] = []
    var videos: [TechniqueVideoID] = []
    for index in 0..<6 {
      for trainee in [grace, ada] {
        let log = try store.logWorkout(
          StoreFixture.benchDay, idempotencyKey: nil, loggedAt: nil, for: trainee)
        let meal = try store.logMeal(
          date: date, consumedAt: nil, itemsJSON: #"[{"name":"Meal \#(index)"}]"#, for: trainee)
        let video = try store.addTechniqueVideo(
          url: "https://v.example/\(index)", exerciseId: nil, for: trainee)
        if trainee == ada {
          logs.append(log.id)
          meals.append(meal)
          videos.append(video.id)
        }
      }
    }
    #expect(logs == logs.sorted() && meals == meals.sorted() && videos == videos.sorted())
    #expect(try store.workoutHistory(for: ada).map(\.id) == logs.reversed())
    #expect(
      try store.workoutSummaries(for: ada, after: nil, limit: 100).map(\.id) == logs.reversed())
    #expect(try store.mealLogs(on: date, for: ada).map(\.id) == meals)
    #expect(try store.techniqueVideos(for: ada).map(\.id) == videos)
  }

  /// A database written before schema version 14 (ids from each table's sequence), opened by
  /// this store: every id it gave still names its row, for reads and deletes, and new rows sort
  /// after the old ones.
  @Test(arguments: StoreBackend.available)
  func idsGivenBeforeKeepNamingTheirRows(_ backend: StoreBackend) throws {
    let database = try backend.makeUnmigratedDatabase()
    defer { database.close() }
    let date = CalendarDate(StoreFixture.monday, in: utc)
    try Migrations.migrate(database, with: Array(TraineeSchema.migrations.prefix(13)))
    try database.writeTransaction(.readCommitted) { db in
      try db.run(
        "INSERT INTO trainees (id, name, token_sha256, created_at) VALUES (7, 'Ada', 'x', 0)")
      for id in [3, 4] {
        try db.run(
          """
          INSERT INTO workout_logs (id, trainee_id, workout_number, logged_at, payload)
          VALUES (?, 7, ?, ?, ?)
          """,
          [
            .integer(Int64(id)), .integer(Int64(id - 2)), .integer(Int64(id) * 1000),
            .text(StoreFixture.benchDay.storedJSON),
          ])
      }
      try db.run(
        "INSERT INTO workout_numbers (trainee_id, last_number, merged_number) VALUES (7, 2, 2)")
      try db.run(
        """
        INSERT INTO meal_logs (id, trainee_id, date, consumed_at, items, logged_at)
        VALUES (5, 7, ?, 0, '[{"name":"Old"}]', 0)
        """, [.text(date.description)])
      try db.run(
        """
        INSERT INTO technique_videos (id, trainee_id, url, submitted_at)
        VALUES (6, 7, 'https://v.example/old', 0)
        """)
    }
    let store = try DatabaseTraineeStore(
      database: database, now: { StoreFixture.monday }, recordIDs: .random)
    let ada = TraineeID(rawValue: 7)
    #expect(try store.workoutLog(WorkoutLogID(rawValue: 3), for: ada)?.workoutNumber == 1)
    #expect(try store.mealLogs(on: date, for: ada).map(\.id) == [MealLogID(rawValue: 5)])
    #expect(try store.markFeedbackSeen(TechniqueVideoID(rawValue: 6), for: ada))
    let new = try store.logWorkout(
      StoreFixture.benchDay, idempotencyKey: nil, loggedAt: nil, for: ada)
    let meal = try store.logMeal(
      date: date, consumedAt: nil, itemsJSON: #"[{"name":"New"}]"#, for: ada)
    #expect(new.id.rawValue >= NewRecordIDs.lowest && meal.rawValue >= NewRecordIDs.lowest)
    #expect(
      try store.workoutHistory(for: ada).map(\.id.rawValue) == [new.id.rawValue, 4, 3])
    #expect(try store.mealLogs(on: date, for: ada).map(\.id.rawValue) == [5, meal.rawValue])
    #expect(try store.deleteWorkoutLog(WorkoutLogID(rawValue: 3), for: ada))
    #expect(try store.workoutLog(WorkoutLogID(rawValue: 3), for: ada) == nil)
    #expect(try store.workoutHistory(for: ada).map(\.id.rawValue) == [new.id.rawValue, 4])
  }

  /// `perform db copy` keeps every id and every trainee's walk: the copy's next ids continue
  /// each trainee's walk, above every id copied.
  @Test(arguments: StoreBackend.available)
  func aCopyKeepsIdsAndWalks(_ backend: StoreBackend) throws {
    let source = try Self.store(backend)
    let ada = try source.createTrainee(name: "Ada").trainee.id
    let first = try source.logWorkout(
      StoreFixture.benchDay, idempotencyKey: nil, loggedAt: nil, for: ada)
    let target = try Self.store(.sqlite)
    try DatabaseCopy.copy(from: source.database, to: target.database)
    #expect(try target.trainee(id: ada)?.name == "Ada")
    #expect(try target.workoutLog(first.id, for: ada) != nil)
    #expect(try Self.lastIDs(of: ada, in: target) == Self.lastIDs(of: ada, in: source))
    let next = try target.logWorkout(
      StoreFixture.benchDay, idempotencyKey: nil, loggedAt: nil, for: ada)
    #expect((1...NewRecordIDs.largestStep).contains(next.id.rawValue - first.id.rawValue))
  }

  /// The trainee's last id of each kind (`trainees.last_*_id`).
  static func lastIDs(of trainee: TraineeID, in store: DatabaseTraineeStore) throws -> [Int64?] {
    let columns = OwnedRecord.allCases.map(\.lastIDColumn)
    return try store.database.readTransaction { db in
      try db.row(
        "SELECT \(columns.joined(separator: ", ")) FROM trainees WHERE id = ?", [trainee.value]
      ) { row in try columns.indices.map { try row.isNull($0) ? nil : row.int64($0) } } ?? []
    }
  }
}
