import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

/// `workoutNumber`: given once per trainee, never again, whatever is deleted (schema version 5).
struct WorkoutNumberTests {
  private typealias F = StoreFixture

  /// Logs `count` workouts for `trainee` through the route and returns their answers.
  private func logs(_ count: Int, _ api: WorkoutAPIFixture) throws -> [LoggedWorkoutDto] {
    try (0..<count).map { _ in try api.log(F.benchDay, as: api.alice) }
  }

  private func delete(_ logged: LoggedWorkoutDto, _ api: WorkoutAPIFixture) {
    let path = "/v1/trainee/workouts/log/\(logged.id)"
    #expect(api.send(.delete, path, token: api.alice.token).status == .noContent)
  }

  private func numbers(_ api: WorkoutAPIFixture) throws -> [Int] {
    try api.store.workoutHistory(for: api.alice.trainee.id).map(\.workoutNumber).sorted()
  }

  @Test(arguments: StoreBackend.available) func deletingTheNewestDoesNotGiveItsNumberAgain(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let logged = try logs(3, api)
    delete(logged[2], api)
    #expect(try api.log(F.benchDay, as: api.alice).workoutNumber == 4)
    #expect(try numbers(api) == [1, 2, 4])
  }

  @Test(arguments: StoreBackend.available) func deletingAMiddleLogLeavesAGapAndTheNumbersAfterIt(
    _ backend: StoreBackend
  ) throws {
    // The case: #3, #4, #5, delete #3, post again: the new log was #5 a second time.
    let api = try WorkoutAPIFixture(backend)
    let logged = try logs(5, api)
    delete(logged[2], api)
    #expect(try numbers(api) == [1, 2, 4, 5])
    #expect(try api.log(F.benchDay, as: api.alice).workoutNumber == 6)
    #expect(try numbers(api) == [1, 2, 4, 5, 6])
  }

  @Test(arguments: StoreBackend.available) func deletingTheOnlyLogStillCountsOn(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let logged = try logs(1, api)
    delete(logged[0], api)
    #expect(try numbers(api) == [])
    #expect(try api.log(F.benchDay, as: api.alice).workoutNumber == 2)
    // Another trainee's numbers are their own.
    #expect(try api.log(F.benchDay, as: api.bob).workoutNumber == 1)
  }

  @Test(arguments: StoreBackend.available)
  func aRetryOfADeletedLogAnswersItsOwnNumberAndTakesNoNewOne(_ backend: StoreBackend) throws {
    let api = try WorkoutAPIFixture(backend)
    let first = try api.log(F.benchDay, as: api.alice, key: "finish-1")
    delete(first, api)
    #expect(
      try api.log(F.benchDay, as: api.alice, key: "finish-1")
        == LoggedWorkoutDto(id: first.id, workoutNumber: 1, deleted: true))
    #expect(try api.log(F.benchDay, as: api.alice).workoutNumber == 2)
  }

  @Test func aVersionFourDatabaseWithSharedNumbersGetsUniqueOnes() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("v4.sqlite").path
      let old = try SQLiteDatabase(path: path)
      #expect(try Migrations.migrate(old, with: Array(TraineeSchema.migrations.prefix(4))) == 4)
      let payload = try DatabaseTraineeStore.json(F.benchDay)
      try old.transaction { db in
        try db.execute(
          """
          INSERT INTO trainees (id, name, token_sha256, created_at) VALUES
            (1, 'Ada', 'a', 0), (2, 'Grace', 'g', 0);
          INSERT INTO workout_log_counts (trainee_id, logs) VALUES (1, 4), (2, 1);
          """)
        // Ada logged #1 to #5, deleted #3, then logged #5 again (the old count); Grace has one.
        for (id, trainee, number) in [
          (1, 1, 1), (2, 1, 2), (4, 1, 4), (5, 1, 5), (6, 1, 5), (7, 2, 1),
        ] {
          try db.run(
            """
            INSERT INTO workout_logs (id, trainee_id, workout_number, logged_at, payload)
            VALUES (?, ?, ?, 0, ?)
            """, [DatabaseValue(id), DatabaseValue(trainee), DatabaseValue(number), .text(payload)])
        }
        try db.execute(
          """
          INSERT INTO idempotency_keys (trainee_id, key, log_id, workout_number, created_at)
          VALUES (1, 'late', 6, 5, 0), (1, 'early', 5, 5, 0);
          """)
      }
      old.close()

      let store = try DatabaseTraineeStore(path: path)
      defer { store.database.close() }
      #expect(try Migrations.version(of: store.database) == TraineeSchema.version)
      let ada = TraineeID(rawValue: 1)
      let grace = TraineeID(rawValue: 2)
      let numbered = try store.workoutHistory(for: ada).map {
        [Int($0.id.rawValue), $0.workoutNumber]
      }
      // The earlier log keeps #5; the later one, shown as #5 too, is now #6.
      #expect(numbered.sorted { $0[0] < $1[0] } == [[1, 1], [2, 2], [4, 4], [5, 5], [6, 6]])
      #expect(
        try store.logWorkout(F.benchDay, idempotencyKey: "late", for: ada)
          == LoggedWorkout(id: WorkoutLogID(rawValue: 6), workoutNumber: 6))
      #expect(
        try store.logWorkout(F.benchDay, idempotencyKey: "early", for: ada)
          == LoggedWorkout(id: WorkoutLogID(rawValue: 5), workoutNumber: 5))
      #expect(try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada).workoutNumber == 7)
      #expect(try store.logWorkout(F.benchDay, idempotencyKey: nil, for: grace).workoutNumber == 2)
      // The database itself now refuses a shared number.
      #expect(throws: (any Error).self) {
        try store.database.writeTransaction(.serializable) { db in
          try db.run(
            """
            INSERT INTO workout_logs (trainee_id, workout_number, logged_at, payload)
            VALUES (1, 2, 0, ?)
            """, [DatabaseValue.text(payload)])
        }
      }
    }
  }
}
