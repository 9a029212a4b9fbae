import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "foreign keys declared, not checked by SQLite": SQLite
// does not check the schema's foreign keys (PostgreSQL does), so the store keeps them: a write for
// a trainee who does not exist stores nothing and says so, and deleting a log deletes its rows in
// other tables. These tests would fail if a write path left an orphan row or a delete relied on a
// cascade.

@Suite struct ForeignKeysKeptByTheStoreTests {
  /// Every table with a row per trainee, and the column that names the trainee.
  static let traineeTables = [
    "exercise_history", "idempotency_keys", "meal_logs", "notification_configs",
    "nutrition_days", "nutrition_plans", "programs", "set_history", "sets_by_exercise",
    "substitutions", "technique_videos", "workout_logs", "workout_numbers", "workout_summaries",
  ]

  @Test(arguments: StoreBackend.available)
  func aWriteForATraineeWhoDoesNotExistStoresNothing(backend: StoreBackend) throws {
    let store = try StoreFixture.makeStore(backend)
    _ = try store.createTrainee(name: "Ada")
    let nobody = TraineeID(rawValue: 99)
    let date = CalendarDate(StoreFixture.monday, in: TimeZone(identifier: "UTC")!)
    let writes: [(String, () throws -> Void)] = [
      ("programs", { try store.importPrograms(StoreFixture.programs, for: nobody) }),
      (
        "substitution",
        {
          try store.saveSubstitution(
            Substitution(
              programId: "plan-1", dayId: "day-a", rowId: "row-1", fromExerciseId: "bench",
              toExerciseId: "db-press"), for: nobody)
        }
      ),
      (
        "log",
        {
          _ = try store.logWorkout(
            StoreFixture.benchDay, idempotencyKey: "k1", loggedAt: nil, for: nobody)
        }
      ),
      (
        "log without a key",
        { _ = try store.logWorkout(StoreFixture.benchDay, idempotencyKey: nil, for: nobody) }
      ),
      (
        "video",
        {
          _ = try store.addTechniqueVideo(
            url: "https://videos.example/1.mp4", exerciseId: "bench", for: nobody)
        }
      ),
      (
        "notification config",
        {
          try store.saveNotificationConfig(
            NotificationConfigDto(type: "REST_TIMER", enabled: false), for: nobody)
        }
      ),
      ("nutrition plans", { try store.importNutritionPlans(json: "{}", for: nobody) }),
      (
        "day",
        { try store.saveNutritionDay(date, json: #"{"eaten":{}}"#, for: nobody) }
      ),
      (
        "meal",
        {
          _ = try store.logMeal(
            date: date, consumedAt: nil, itemsJSON: #"[{"name":"Oats","kcal":300}]"#,
            for: nobody)
        }
      ),
    ]
    for (name, write) in writes {
      #expect(throws: TraineeStoreError.traineeNotFound(nobody), "\(name)") { try write() }
    }
    for table in Self.traineeTables {
      let rows = try store.database.readStatement { db in
        try db.row("SELECT count(*) FROM \(table) WHERE trainee_id = 99", []) { try $0.int(0) }
      }
      #expect(rows == 0, "\(table)")
    }
  }

  @Test func aYearOfWritesAndDeletesLeavesNoRowWithoutItsParentInSQLite() throws {
    let store = try StoreFixture.makeStore(.sqlite)
    let now = StoreFixture.monday
    let year = try DatabaseCopyTests.yearOfData(in: store, now: now)
    // Deletes of logs merged into `sets_by_exercise` and of logs not merged yet.
    let logs = try store.workoutHistory(for: year.id)
    for log in logs.prefix(20) where log.id.rawValue % 3 == 0 {
      #expect(try store.deleteWorkoutLog(log.id, for: year.id))
    }
    for log in logs.suffix(40) where log.id.rawValue % 5 == 0 {
      #expect(try store.deleteWorkoutLog(log.id, for: year.id))
    }
    let orphans = try store.database.readStatement { db in
      try db.rows("PRAGMA foreign_key_check", []) { row in
        "\(try row.string(0)) row \(try row.optionalInt64(1) ?? -1) -> \(try row.string(2))"
      }
    }
    #expect(orphans.isEmpty, "\(orphans.prefix(5))")
    let setsOfDeletedLogs = try store.database.readStatement { db in
      try db.row(
        """
        SELECT count(*) FROM set_history AS s
        WHERE NOT EXISTS (SELECT 1 FROM workout_logs AS l WHERE l.id = s.log_id)
        """, []
      ) { try $0.int(0) }
    }
    #expect(setsOfDeletedLogs == 0)
  }
}
