import Foundation
import Testing

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

private func tableNames(_ database: SQLiteDatabase) throws -> [String] {
  try database.read { db in
    try db.rows(
      """
      SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
      ORDER BY name
      """
    ) { try $0.string(0) }
  }
}

/// The schema version this Perform writes.
private let current = TraineeSchema.version

/// A later schema step, as a future Perform would add.
private let nicknames = Migration(
  version: current + 1, name: "nicknames",
  sql: """
    ALTER TABLE trainees ADD COLUMN nickname TEXT;
    UPDATE trainees SET nickname = 'the ' || name;
    """)

struct MigrationsTests {
  @Test func aNewDatabaseGetsTheWholeSchema() throws {
    let database = try SQLiteDatabase.inMemory()
    #expect(try Migrations.version(of: database) == 0)
    #expect(try TraineeSchema.migrate(database) == current)
    #expect(try Migrations.version(of: database) == current)
    #expect(
      try tableNames(database) == [
        "accounts", "auth_attempts", "auth_events", "coach_meal_plans", "coach_notes",
        "coach_programs", "exercise_history", "exercise_records", "idempotency_keys", "invites",
        "library_exercises", "meal_logs", "meal_plan_assignments", "meal_plan_versions",
        "notification_configs", "notification_overrides", "nutrition_days", "nutrition_plans",
        "nutrition_tolerances", "program_assignments", "program_days", "program_versions",
        "programs", "retired_refresh_tokens", "sessions",
        "set_history", "sets_by_exercise",
        "studio_events", "studio_members", "studio_notification_configs", "studios",
        "substitutions", "technique_videos", "trainee_days",
        "trainee_usage", "trainees",
        "workout_logs", "workout_numbers", "workout_reviews", "workout_summaries",
      ])
    #expect(try TraineeSchema.migrate(database) == current)
  }

  @Test func anOldDatabaseGetsOnlyTheStepsItLacksAndKeepsItsData() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("old.sqlite").path
      let old = try DatabaseTraineeStore(path: path)
      let ada = try old.createTrainee(name: "Ada")
      old.database.close()

      let database = try SQLiteDatabase(path: path)
      defer { database.close() }
      #expect(
        try Migrations.migrate(database, with: TraineeSchema.migrations + [nicknames]) == current
          + 1)
      let rows = try database.read { db in
        try db.rows("SELECT id, name, nickname, token_sha256 FROM trainees") { row in
          try (0..<4).map { try row.string($0) }
        }
      }
      let digest = BearerToken.digest(ada.token)
      #expect(rows == [[ada.trainee.id.description, "Ada", "the Ada", digest]])
      #expect(
        try Migrations.migrate(database, with: TraineeSchema.migrations + [nicknames]) == current
          + 1)
    }
  }

  @Test func aNewerDatabaseIsRefusedAndLeftUntouched() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("newer.sqlite").path
      let newer = try SQLiteDatabase(path: path)
      try Migrations.migrate(newer, with: TraineeSchema.migrations + [nicknames])
      newer.close()

      let refusal = MigrationError.databaseTooNew(
        path: path, version: current + 1, supported: current)
      #expect(throws: refusal) { try DatabaseTraineeStore(path: path) }
      let database = try SQLiteDatabase(path: path)
      defer { database.close() }
      #expect(throws: refusal) { try TraineeSchema.migrate(database) }
      #expect(try Migrations.version(of: database) == current + 1)
      let columns = try database.read { db in
        try db.rows("SELECT name FROM pragma_table_info('trainees') ORDER BY cid") {
          try $0.string(0)
        }
      }
      #expect(
        columns == [
          "id", "name", "token_sha256", "created_at", "answer_version", "last_workout_log_id",
          "last_meal_log_id", "last_technique_video_id", "writes_paced_to", "time_zone",
          "nickname",
        ])
    }
  }

  /// PostgreSQL refuses a newer schema as SQLite does, leaving it as it was.
  @Test(
    .enabled(
      if: StoreBackend.postgreSQLURL != nil,
      "PERFORM_TEST_POSTGRESQL is not set (make test starts a PostgreSQL for this test)"))
  func aNewerPostgreSQLSchemaIsRefusedAndLeftUntouched() throws {
    let url = try StoreBackend.newPostgreSQLSchema()
    let newer = try PostgreSQLDatabase(url: url)
    try Migrations.migrate(newer, with: TraineeSchema.migrations + [nicknames])
    newer.close()

    let database = try PostgreSQLDatabase(url: url)
    defer { database.close() }
    let refusal = MigrationError.databaseTooNew(
      path: database.location, version: current + 1, supported: current)
    #expect(throws: refusal) { try TraineeSchema.migrate(database) }
    #expect(try Migrations.version(of: database) == current + 1)
    let columns = try database.readTransaction { connection in
      try connection.rows(
        """
        SELECT column_name FROM information_schema.columns
        WHERE table_name = 'trainees' AND table_schema = current_schema()
        ORDER BY ordinal_position
        """
      ) { try $0.string(0) }
    }
    #expect(
      columns == [
        "id", "name", "token_sha256", "created_at", "answer_version", "last_workout_log_id",
        "last_meal_log_id", "last_technique_video_id", "writes_paced_to", "time_zone",
        "nickname",
      ])
  }

  @Test func aRetryIsComparedWithItsStoredLogAsValuesAfterTheDigestsAreDropped() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("v3.sqlite").path
      let old = try SQLiteDatabase(path: path)
      try Migrations.migrate(old, with: Array(TraineeSchema.migrations.prefix(3)))
      // The stored log as another build might have written it: other key order, other spacing.
      let stored = try JSONSerialization.data(
        withJSONObject: JSONSerialization.jsonObject(
          with: JSONEncoder().encode(StoreFixture.benchDay)),
        options: [.prettyPrinted])
      try old.transaction { db in
        try db.execute(
          """
          INSERT INTO trainees (id, name, token_sha256, created_at) VALUES (1, 'Ada', 'x', 0);
          INSERT INTO workout_log_counts (trainee_id, logs) VALUES (1, 1);
          """)
        try db.run(
          """
          INSERT INTO workout_logs (id, trainee_id, workout_number, logged_at, payload)
          VALUES (7, 1, 1, 0, ?)
          """, [.text(String(decoding: stored, as: UTF8.self))])
        try db.execute(
          """
          INSERT INTO idempotency_keys (trainee_id, key, log_id, workout_number, created_at,
            payload_sha256)
          VALUES (1, 'k', 7, 1, 0, 'an old digest');
          """)
      }
      old.close()

      let store = try DatabaseTraineeStore(path: path)
      #expect(try Migrations.version(of: store.database) == current)
      let columns = try store.database.readTransaction { db in
        try db.rows("SELECT name FROM pragma_table_info('idempotency_keys') ORDER BY cid") {
          try $0.string(0)
        }
      }
      #expect(
        columns == [
          "trainee_id", "key", "log_id", "workout_number", "created_at", "deleted_payload",
        ])
      let ada = TraineeID(rawValue: 1)
      #expect(
        try store.logWorkout(StoreFixture.benchDay, idempotencyKey: "k", for: ada)
          == LoggedWorkout(id: WorkoutLogID(rawValue: 7), workoutNumber: 1))
      #expect(throws: TraineeStoreError.idempotencyKeyReused("k")) {
        try store.logWorkout(StoreFixture.workout([]), idempotencyKey: "k", for: ada)
      }
      #expect(try store.workoutHistory(for: ada).map(\.id) == [WorkoutLogID(rawValue: 7)])
    }
  }

  /// One list serves both databases: each runs the step's text in its own dialect.
  @Test(arguments: StoreBackend.available)
  func eachDatabaseRunsTheTextOfItsDialect(_ backend: StoreBackend) throws {
    let database = try backend.makeUnmigratedDatabase()
    defer { database.close() }
    let step = Migration(
      version: 1, name: "one table per dialect",
      sqlite: "CREATE TABLE read_by_sqlite (x INTEGER);",
      postgresql: "CREATE TABLE read_by_postgresql (x BIGINT);")
    #expect(try Migrations.migrate(database, with: [step]) == 1)
    let tables = try database.readTransaction { db in
      try db.rows("SELECT COUNT(*) FROM read_by_\(backend.rawValue)") { try $0.int(0) }
    }
    #expect(tables == [0])
    #expect(throws: (any Error).self) {
      try database.readTransaction { db in
        try db.rows("SELECT COUNT(*) FROM read_by_\(backend == .sqlite ? "postgresql" : "sqlite")")
        {
          try $0.int(0)
        }
      }
    }
  }

  @Test func aFailingStepRollsBackAndKeepsTheVersionBeforeIt() throws {
    let database = try SQLiteDatabase.inMemory()
    let broken = Migration(
      version: current + 1, name: "broken",
      sql: """
        CREATE TABLE half_done (x INTEGER);
        INSERT INTO no_such_table VALUES (1);
        """)
    #expect(
      throws: SQLiteError.failed(
        sql: broken.sql(for: .sqlite), code: 1, message: "no such table: no_such_table")
    ) { try Migrations.migrate(database, with: TraineeSchema.migrations + [broken]) }
    #expect(try Migrations.version(of: database) == current)
    #expect(try !tableNames(database).contains("half_done"))
  }
}
