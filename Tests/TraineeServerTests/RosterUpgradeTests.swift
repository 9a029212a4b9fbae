import Foundation
import Testing
import TraineeAPI

@testable import CoachPrograms
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema

/// Schema step 19 on a database that already holds logs, a program and nutrition
/// (docs/decisions/the-coachs-roster.md, "Schema version 19"): it counts them as the write path
/// does from now on, in each backend's dialect.
struct RosterUpgradeTests {
  /// Two days: bench "3" and bike "1" (4 sets); squat with 5 set rows and "2" (5): 9 sets over 2
  /// days, 5 a workout.
  static let program = #"""
    {"plans":[{"id":"p","name":"P","days":[{"id":"a","strength":[{"id":"r1","exerciseId":"bench",
    "name":"Bench","sets":"3"}],"cardio":[{"id":"r2","exerciseId":"bike","name":"Bike","sets":"1"}]},
    {"id":"b","strength":[{"id":"r3","exerciseId":"squat","name":"Squat","sets":"2","setRows":[
    {"setNumber":1},{"setNumber":2},{"setNumber":3},{"setNumber":4},{"setNumber":5}]}]}]}]}
    """#

  @Test func theStoreSizesTheProgramAsTheStepDoes() throws {
    let programs = try JSONDecoder().decode(TrainingProgramsDto.self, from: Data(Self.program.utf8))
    let size = ProgramAssignment.size(of: programs)
    #expect(size.daysAWeek == 2)
    #expect(size.setsPerWorkout == 5)
  }

  /// Every `trainee_days` row and Ada's program's size after the upgrade.
  static func upgraded(_ backend: StoreBackend) throws -> [[DatabaseValue]] {
    let database = try backend.makeUnmigratedDatabase()
    defer { database.close() }
    let steps = TraineeSchema.migrations
    try Migrations.migrate(database, with: Array(steps.prefix(7)))
    try database.writeTransaction(.readCommitted) { db in
      for (id, name) in [(1, "Ada"), (2, "Grace")] {
        try db.run(
          "INSERT INTO trainees (id, name, token_sha256, created_at) VALUES (?, ?, ?, 0)",
          [.integer(Int64(id)), .text(name), .text("digest-\(id)")])
      }
      for (index, log) in UpgradeWithDataTests.logs.enumerated() {
        try db.run(
          """
          INSERT INTO workout_logs (id, trainee_id, workout_number, logged_at, payload)
          VALUES (?, ?, ?, ?, ?)
          """,
          [
            .integer(Int64(index + 1)), .integer(log.trainee), .integer(log.number),
            .integer(log.loggedAt), .text(UpgradeWithDataTests.storedPayloads[index]),
          ])
      }
    }
    try Migrations.migrate(database, with: Array(steps.prefix(18)))
    try database.writeTransaction(.readCommitted) { db in
      try db.run(
        "INSERT INTO programs (trainee_id, document, imported_at) VALUES (1, ?, 1740898800000)",
        [.text(Self.program)])
      try db.run(
        "INSERT INTO studios (id, name, is_default, created_at) VALUES (7, 'Iron Temple', 0, 0)")
      for (date, data) in [("2025-03-02", "{}"), ("2025-03-05", #"{"eaten":{}}"#)] {
        try db.run(
          """
          INSERT INTO nutrition_days (trainee_id, date, data, saved_at, studio_id)
          VALUES (1, ?, ?, 0, 7)
          """, [.text(date), .text(data)])
      }
      try db.run(
        """
        INSERT INTO meal_logs (id, trainee_id, date, consumed_at, items, logged_at)
        VALUES (1, 2, '2025-03-03', 0, '[]', 0)
        """)
    }
    #expect(try TraineeSchema.migrate(database) == steps.count)
    return try database.readTransaction { db in
      try db.rows(
        """
        SELECT trainee_id, date, workouts_done, sets_done, sets_prescribed, nutrition_logged,
          studio_id
        FROM trainee_days ORDER BY trainee_id, date, studio_id
        """
      ) { row in try (0..<7).map { try row.value($0) } }
        + db.rows(
          """
          SELECT trainee_id, days_a_week, sets_per_workout, scheduled_from, schedule_weekdays,
            schedule_per_week
          FROM programs
          """
        ) { row in try (0..<6).map { try row.value($0) } }
    }
  }

  @Test(arguments: StoreBackend.available)
  func theStepCountsWhatTheDatabaseHolds(_ backend: StoreBackend) throws {
    let rows = try Self.upgraded(backend)
    // UpgradeWithDataTests' logs: Ada's first (5 sets, 4 done) on 2 March and third (no
    // entries) on 4 March, Grace's (5 sets, 4 done) on 3 March, all dated in UTC and tagged by
    // version 18 with the default studio (1). Ada's day of 5 March is tagged 7; Grace's meal log
    // of 3 March is untagged, counted under 0.
    #expect(
      rows == [
        [1, "2025-03-02", 1, 4, 5, 0, 1], [1, "2025-03-04", 1, 0, 0, 0, 1],
        [1, "2025-03-05", 0, 0, 0, 1, 7], [2, "2025-03-03", 0, 0, 0, 1, 0],
        [2, "2025-03-03", 1, 4, 5, 0, 1], [1, 2, 5, "2025-03-02", nil, nil],
      ])
  }
}
