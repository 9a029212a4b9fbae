import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

private typealias F = StoreFixture

/// Schema steps 8 (`set_history`, filled from the stored payloads), 9 (`answer_version`) and 11
/// (`set_history.is_strength`, from the stored payloads) run on a database that already holds
/// logs, in each backend's dialect: PostgreSQL fills the same rows as SQLite, and the rows the
/// write path keeps for the same workouts.
struct UpgradeWithDataTests {
  /// Payloads as a version 7 database may hold them: as this build encodes them, and as an
  /// earlier build or a hand-written import may have (integer weights, members left out, an
  /// unknown set type, escapes, text outside ASCII, sets not done, entries without sets).
  static let storedPayloads: [String] = [
    encoded(
      F.workout([
        F.entry("bench", [F.strength(1, 60, 10), F.strength(2, 62.5, 8, done: false)]),
        F.entry(
          "squat",
          [
            .strength(
              StrengthLogSet(
                setNumber: 1, reps: 5, targetReps: 5, weight: 102.3, rir: "2", rm: nil, done: true,
                setType: .warmup, isRecord: false)),
            .strength(
              StrengthLogSet(
                setNumber: 2, reps: 3, targetReps: 5, weight: 0.1, rir: nil, rm: "1", done: true,
                setType: .failure, isRecord: true)),
          ]),
        F.entry(
          "bike",
          [
            .cardio(
              CardioLogSet(setNumber: 1, durationSec: 1200, distanceKm: 8.35, rpe: nil, done: true))
          ]),
      ])),
    #"""
    {"completed":true,"entries":[{"done":true,"exerciseId":"row","name":"Rudern \"eng\" é 💪",
    "sets":[{"done":true,"reps":12,"setNumber":1,"weight":40},
    {"done":true,"setNumber":2,"weight":1e2,"reps":1,"rir":"0-1","setType":"WARMUP"},
    {"done":true,"setNumber":3}]},{"done":false,"exerciseId":"plank","name":"Plank","sets":[]},
    {"done":true,"exerciseId":"run","name":"Run","sets":[{"done":true,"setNumber":1,
    "distanceKm":5},{"done":false,"setNumber":2,"durationSec":60}]}],"label":"Zug \u00fc"}
    """#,
    #"{"completed":false,"entries":[],"label":null}"#,
  ]

  private static func encoded(_ payload: LogWorkoutPayload) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(payload)) ?? Data(), as: UTF8.self)
  }

  /// `(trainee, number, logged at)` of each stored payload: Ada has the first and third, Grace
  /// the second.
  static let logs: [(trainee: Int64, number: Int64, loggedAt: Int64)] = [
    (1, 1, 1_740_898_800_000), (2, 4, 1_740_985_200_123), (1, 2, 1_741_071_600_000),
  ]

  /// What the upgrade left: every `set_history` row and each trainee's answer version.
  struct Upgraded: Equatable {
    var setHistory: [[DatabaseValue]]
    var answerVersions: [[DatabaseValue]]
    /// Every `sets_by_exercise` row, in its key's order.
    var setsByExercise: [[DatabaseValue]]
    /// Every `workout_numbers` row: trainee, last number, merged number.
    var numbers: [[DatabaseValue]]
  }

  /// A database of `backend` built at version 7 with two trainees and `storedPayloads`, brought
  /// to version 8, given a third trainee, then brought to the current version.
  static func upgraded(_ backend: StoreBackend) throws -> Upgraded {
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
      for (index, log) in logs.enumerated() {
        try db.run(
          """
          INSERT INTO workout_logs (id, trainee_id, workout_number, logged_at, payload)
          VALUES (?, ?, ?, ?, ?)
          """,
          [
            .integer(Int64(index + 1)), .integer(log.trainee), .integer(log.number),
            .integer(log.loggedAt), .text(storedPayloads[index]),
          ])
      }
    }
    try Migrations.migrate(database, with: Array(steps.prefix(8)))
    _ = try database.writeTransaction(.readCommitted) { db in
      try db.run(
        "INSERT INTO trainees (id, name, token_sha256, created_at) VALUES (3, 'Joan', 'd-3', 0)")
    }
    #expect(try TraineeSchema.migrate(database) == steps.count)
    return try database.readTransaction { db in
      Upgraded(
        setHistory: try db.rows("SELECT * FROM set_history ORDER BY log_id, position") { row in
          try (0..<17).map { try row.value($0) }
        },
        answerVersions: try db.rows("SELECT id, answer_version FROM trainees ORDER BY id") {
          [try $0.value(0), try $0.value(1)]
        },
        setsByExercise: try db.rows(
          """
          SELECT trainee_id, exercise_id, performed_at, log_id, position FROM sets_by_exercise
          ORDER BY trainee_id, exercise_id, performed_at, log_id, position
          """
        ) { row in try (0..<5).map { try row.value($0) } },
        numbers: try db.rows(
          "SELECT trainee_id, last_number, merged_number FROM workout_numbers ORDER BY trainee_id"
        ) { row in try (0..<3).map { try row.value($0) } })
    }
  }

  @Test(arguments: StoreBackend.available)
  func theFilledSetsAreTheDoneSetsOfEveryStoredLog(_ backend: StoreBackend) throws {
    let upgraded = try Self.upgraded(backend)
    #expect(upgraded.answerVersions == [[1, 0], [2, 0], [3, 0]])
    let row: (Int) -> [DatabaseValue] = { upgraded.setHistory[$0] }
    #expect(upgraded.setHistory.count == 8, "\(upgraded.setHistory)")
    // log, position, trainee, performed at, number, label, exercise, name, set, type, weight,
    // reps, rir, duration, distance, record, strength
    #expect(
      row(0) == [
        1, 0, 1, 1_740_898_800_000, 1, "Day A", "bench", "bench", 1, nil, 60.0, 10, nil, nil, nil,
        nil, 1,
      ])
    #expect(
      row(1) == [
        1, 1000, 1, 1_740_898_800_000, 1, "Day A", "squat", "squat", 1, "warmup", 102.3, 5, "2",
        nil, nil, 0, 1,
      ])
    // A set is a strength set unless it has `durationSec` or `distanceKm`, even without values.
    #expect(upgraded.setHistory.map { $0[16] } == [1, 1, 1, 0, 1, 1, 1, 0])
    #expect(row(2)[10] == 0.1)
    #expect(row(2)[15] == 1)
    #expect(row(3)[13...14] == [1200, 8.35])
    #expect(
      row(4) == [
        2, 0, 2, 1_740_985_200_123, 4, "Zug ü", "row", "Rudern \"eng\" é 💪", 1, nil, 40.0, 12,
        nil, nil, nil, nil, 1,
      ])
    #expect(row(5)[9...12] == ["WARMUP", 100.0, 1, "0-1"])
    #expect(row(6)[1] == 2)
    #expect(row(7)[1...2] == [2000, 2])
    #expect(row(7)[13...14] == [nil, 5.0])
  }

  @Test(
    .enabled(
      if: StoreBackend.postgreSQLURL != nil,
      "PERFORM_TEST_POSTGRESQL is not set (make test starts a PostgreSQL for this test)"))
  func postgreSQLFillsTheRowsSQLiteFills() throws {
    #expect(try Self.upgraded(.postgresql) == Self.upgraded(.sqlite))
  }

  /// The fill keeps what the write path keeps for the same workout (the payload this build
  /// encodes; an earlier build's spelling may differ, as an unknown set type read as `working`).
  /// Version 13 copies the key of every stored set into `sets_by_exercise` and marks every
  /// stored log merged; the trainees whose logs had no `workout_numbers` row get one at their
  /// highest number, so that their next post is numbered after it.
  @Test(arguments: StoreBackend.available)
  func everyStoredSetIsKeptByExerciseAndEveryStoredLogIsMerged(_ backend: StoreBackend) throws {
    let upgraded = try Self.upgraded(backend)
    // trainee, exercise, performed at, log, position of every set_history row
    let keys = upgraded.setHistory.map { [$0[2], $0[6], $0[3], $0[0], $0[1]] }
    #expect(upgraded.setsByExercise.count == 8)
    #expect(upgraded.setsByExercise.count == keys.count)
    #expect(keys.allSatisfy { upgraded.setsByExercise.contains($0) }, "\(upgraded.setsByExercise)")
    #expect(
      upgraded.numbers == [[1, 2, 2], [2, 4, 4]].map { $0.map { DatabaseValue.integer($0) } })
  }

  @Test(arguments: StoreBackend.available)
  func theFilledSetsOfALogAreTheSetsItsPostKeeps(_ backend: StoreBackend) throws {
    let upgraded = try Self.upgraded(backend)
    // Ids as the upgraded database's sequences gave them, so that the rows compare whole.
    let store = try F.makeStore(backend, recordIDs: .databaseSequence)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let payload = try JSONDecoder().decode(
      LogWorkoutPayload.self, from: Data(Self.storedPayloads[0].utf8))
    _ = try store.logWorkout(
      payload, idempotencyKey: nil,
      loggedAt: Date(timeIntervalSince1970: Double(Self.logs[0].loggedAt) / 1000), for: ada)
    let written = try store.database.readTransaction { db in
      try db.rows("SELECT * FROM set_history ORDER BY log_id, position") { row in
        try (0..<17).map { try row.value($0) }
      }
    }
    #expect(written == upgraded.setHistory.filter { $0[0] == 1 })
  }
}
