import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

/// `exercise_history` (schema version 2) against what version 1 answered by ranking every logged
/// set, after the migration, after logs and after deletions; and workout numbers (version 5).
struct SQLiteExerciseHistoryTests {
  private typealias F = StoreFixture

  // MARK: The migration

  @Test func historyWrittenByVersionOneAnswersTheSameAfterTheMigration() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("version1.sqlite").path
      let old = try SQLiteDatabase(path: path)
      #expect(try Migrations.migrate(old, with: [TraineeSchema.version01]) == 1)
      let ada = try VersionOne.createTrainee("Ada", old)
      let grace = try VersionOne.createTrainee("Grace", old)
      var random = SplitMix64(seed: 6)
      var logs: [WorkoutLogID] = []
      for index in 0..<80 {
        let trainee = index.isMultiple(of: 3) ? grace : ada
        logs.append(try VersionOne.log(random.workout(), for: trainee, old))
        if index.isMultiple(of: 7) {
          try VersionOne.delete(logs.remove(at: random.next(below: logs.count)), old)
        }
      }
      let before = try [ada, grace].map { try reference($0, old, table: .loggedSets) }
      let highest = try [ada, grace].map { try VersionOne.highestNumber($0, old) }
      #expect(before.allSatisfy { !$0.isEmpty })
      old.close()

      let store = try DatabaseTraineeStore(path: path, now: { F.monday })
      defer { store.database.close() }
      #expect(try Migrations.version(of: store.database) == TraineeSchema.version)
      #expect(try [ada, grace].map { try store.exerciseHistory(for: $0) } == before)
      #expect(try [ada, grace].map { try reference($0, store.database) } == before)
      // Version 1 numbered by counting, so deletions gave numbers twice: version 5 moves the
      // later holders of a number past the highest, and numbering goes on after them.
      let after = try [ada, grace].map { try VersionOne.highestNumber($0, store.database) }
      #expect(after[0] >= highest[0] && after[1] >= highest[1])
      for trainee in [ada, grace] {
        let numbers = try store.workoutHistory(for: trainee).map(\.workoutNumber)
        #expect(Set(numbers).count == numbers.count)
      }
      #expect(
        try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada).workoutNumber
          == after[0] + 1)
      #expect(
        try store.logWorkout(F.benchDay, idempotencyKey: nil, for: grace).workoutNumber
          == after[1] + 1)
      #expect(try store.exerciseHistory(for: ada) == (try reference(ada, store.database)))
    }
  }

  @Test func aTraineeWithoutLogsGetsNoSummaryRows() throws {
    let database = try SQLiteDatabase.inMemory()
    try Migrations.migrate(database, with: [TraineeSchema.version01])
    let ada = try VersionOne.createTrainee("Ada", database)
    let grace = try VersionOne.createTrainee("Grace", database)
    _ = try VersionOne.log(
      F.workout([F.entry("squat", [F.strength(1, 100, 5)])]), for: ada, database)
    _ = try VersionOne.log(
      F.workout([F.entry("bench", [F.strength(1, nil, 8)])]), for: ada, database)
    _ = try VersionOne.log(
      F.workout([F.entry("row", [F.strength(1, 50, 8, done: false)])]), for: ada, database)
    let store = try DatabaseTraineeStore(database: database, now: { F.monday })
    #expect(
      try store.exerciseHistory(for: ada) == [
        "squat": ExerciseHistory(
          lastSets: [LastSetDto(setNumber: 1, weight: "100", reps: "5")],
          best: BestDto(weight: 100, reps: 5)),
        "bench": ExerciseHistory(lastSets: [LastSetDto(setNumber: 1, weight: nil, reps: "8")]),
      ])
    #expect(try store.exerciseHistory(for: grace) == [:])
    #expect(try store.logWorkout(F.benchDay, idempotencyKey: nil, for: grace).workoutNumber == 1)
    #expect(try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada).workoutNumber == 4)
  }

  // MARK: Logs and deletions

  @Test(arguments: StoreBackend.available)
  func deletingTheLatestLogRestoresThePreviousLastSetsAndBest(_ backend: StoreBackend) throws {
    let store = try F.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let squat = { (sets: [LogSet]) in F.entry("squat", sets) }
    let first = try store.logWorkout(
      F.workout([squat([F.strength(1, 100, 3), F.strength(2, 90, 3)])]), idempotencyKey: nil,
      for: ada)
    let heaviest = try store.logWorkout(
      F.workout([squat([F.strength(1, 120, 5)])]), idempotencyKey: nil, for: ada)
    // 75 x 14 estimates what 100 x 3 does: the first log's set stays the earlier one.
    let latest = try store.logWorkout(
      F.workout([squat([F.strength(1, 75, 14)]), F.entry("bench", [F.strength(1, 60, 10)])]),
      idempotencyKey: nil, for: ada)
    #expect(
      try store.exerciseHistory(for: ada) == [
        "squat": ExerciseHistory(
          lastSets: [LastSetDto(setNumber: 1, weight: "75", reps: "14")],
          best: BestDto(weight: 120, reps: 5)),
        "bench": ExerciseHistory(
          lastSets: [LastSetDto(setNumber: 1, weight: "60", reps: "10")],
          best: BestDto(weight: 60, reps: 10)),
      ])

    #expect(try store.deleteWorkoutLog(latest.id, for: ada))
    let restored = [
      "squat": ExerciseHistory(
        lastSets: [LastSetDto(setNumber: 1, weight: "120", reps: "5")],
        best: BestDto(weight: 120, reps: 5))
    ]
    #expect(try store.exerciseHistory(for: ada) == restored)
    #expect(try store.exerciseHistory(for: ada) == (try reference(ada, store.database)))

    #expect(try store.deleteWorkoutLog(heaviest.id, for: ada))
    #expect(
      try store.exerciseHistory(for: ada) == [
        "squat": ExerciseHistory(
          lastSets: [
            LastSetDto(setNumber: 1, weight: "100", reps: "3"),
            LastSetDto(setNumber: 2, weight: "90", reps: "3"),
          ], best: BestDto(weight: 100, reps: 3))
      ])
    // Deleting a log that is neither the latest nor the best one's changes nothing.
    let again = try store.logWorkout(
      F.workout([squat([F.strength(1, 50, 5)])]), idempotencyKey: nil, for: ada)
    let lightest = try store.logWorkout(
      F.workout([squat([F.strength(1, 40, 5)])]), idempotencyKey: nil, for: ada)
    #expect(try store.deleteWorkoutLog(again.id, for: ada))
    #expect(
      try store.exerciseHistory(for: ada) == [
        "squat": ExerciseHistory(
          lastSets: [LastSetDto(setNumber: 1, weight: "40", reps: "5")],
          best: BestDto(weight: 100, reps: 3))
      ])
    #expect(try store.deleteWorkoutLog(first.id, for: ada))
    #expect(try store.deleteWorkoutLog(lightest.id, for: ada))
    #expect(try store.exerciseHistory(for: ada) == [:])
    #expect(try summaryRows(store.database) == 0)
    // Numbers are not given twice: the five deleted logs had #1 to #5.
    #expect(try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada).workoutNumber == 6)
  }

  @Test(arguments: StoreBackend.available) func twoTraineesSummariesAndNumbersStayApart(
    _ backend: StoreBackend
  ) throws {
    let store = try F.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let grace = try store.createTrainee(name: "Grace").trainee.id
    let adas = try store.logWorkout(
      F.workout([F.entry("squat", [F.strength(1, 80, 5)])]), idempotencyKey: nil, for: ada)
    let graces = try store.logWorkout(
      F.workout([F.entry("squat", [F.strength(1, 140, 5)])]), idempotencyKey: nil, for: grace)
    #expect(adas.workoutNumber == 1 && graces.workoutNumber == 1)
    let adasHistory = [
      "squat": ExerciseHistory(
        lastSets: [LastSetDto(setNumber: 1, weight: "80", reps: "5")],
        best: BestDto(weight: 80, reps: 5))
    ]
    #expect(try store.exerciseHistory(for: ada) == adasHistory)
    #expect(
      try store.exerciseHistory(for: grace) == [
        "squat": ExerciseHistory(
          lastSets: [LastSetDto(setNumber: 1, weight: "140", reps: "5")],
          best: BestDto(weight: 140, reps: 5))
      ])
    // Another trainee's log is not Ada's to delete, nor to count.
    #expect(try !store.deleteWorkoutLog(graces.id, for: ada))
    #expect(try store.exerciseHistory(for: grace).isEmpty == false)
    #expect(try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada).workoutNumber == 2)
    #expect(try store.deleteWorkoutLog(graces.id, for: grace))
    #expect(try store.exerciseHistory(for: grace) == [:])
    #expect(try store.exerciseHistory(for: ada)["squat"] == adasHistory["squat"])
    #expect(try store.logWorkout(F.benchDay, idempotencyKey: nil, for: grace).workoutNumber == 2)
    #expect(try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada).workoutNumber == 3)
  }

  @Test(arguments: StoreBackend.available)
  func randomLogsAndDeletesAnswerWhatRankingEverySetAnswers(_ backend: StoreBackend) throws {
    let store = try F.makeStore(backend)
    let trainees = try ["Ada", "Grace"].map { try store.createTrainee(name: $0).trainee.id }
    var random = SplitMix64(seed: 42)
    var logs: [(id: WorkoutLogID, trainee: TraineeID)] = []
    var given = [0, 0]
    for _ in 0..<300 {
      let which = random.next(below: 2)
      if !logs.isEmpty && random.next(below: 4) == 0 {
        let (id, trainee) = logs.remove(at: random.next(below: logs.count))
        #expect(try store.deleteWorkoutLog(id, for: trainee))
      } else {
        let logged = try store.logWorkout(
          random.workout(), idempotencyKey: nil, for: trainees[which])
        given[which] += 1
        #expect(logged.workoutNumber == given[which])
        logs.append((logged.id, trainees[which]))
      }
      for trainee in trainees {
        #expect(try store.exerciseHistory(for: trainee) == (try reference(trainee, store.database)))
      }
    }
  }
}

// MARK: Helpers

/// Where `reference` finds the done strength sets: version 1's `logged_sets`, or `set_history`
/// since version 11.
private enum SetTable {
  case loggedSets, setHistory

  var name: String { self == .loggedSets ? "logged_sets" : "set_history" }
  var doneStrength: String { self == .loggedSets ? "done = 1" : "is_strength = 1" }
}

/// What version 1 answered: every done set of the trainee ranked per request.
private func reference(
  _ trainee: TraineeID, _ database: any DatabaseDriver, table: SetTable = .setHistory
) throws -> [String: ExerciseHistory] {
  try database.readTransaction { db in
    let lastSets = try db.rows(
      """
      SELECT s.exercise_id, s.set_number, s.weight, s.reps FROM \(table.name) AS s
      JOIN (
        SELECT exercise_id, MAX(log_id) AS log_id FROM \(table.name)
        WHERE trainee_id = ?1 AND \(table.doneStrength) GROUP BY exercise_id
      ) AS latest ON s.exercise_id = latest.exercise_id AND s.log_id = latest.log_id
      WHERE s.trainee_id = ?1 AND s.\(table.doneStrength)
      ORDER BY s.exercise_id, s.position
      """, [trainee.value]
    ) { row in
      (
        try row.string(0),
        LastSetDto(
          setNumber: try row.int(1), weight: try row.optionalDouble(2).map(WireNumber.text),
          reps: try row.optionalInt(3).map(String.init))
      )
    }
    let bests = try db.rows(
      """
      SELECT exercise_id, weight, reps FROM (
        SELECT exercise_id, weight, reps, ROW_NUMBER() OVER (
          PARTITION BY exercise_id ORDER BY weight * (30 + reps) DESC, log_id, position
        ) AS rank
        FROM \(table.name) WHERE trainee_id = ? AND \(table.doneStrength) AND weight > 0
          AND reps > 0
      ) AS ranked WHERE rank = 1
      """, [trainee.value]
    ) { (try $0.string(0), BestDto(weight: try $0.double(1), reps: try $0.int(2))) }
    var history: [String: ExerciseHistory] = [:]
    for (exerciseId, set) in lastSets {
      history[exerciseId, default: ExerciseHistory()].lastSets.append(set)
    }
    for (exerciseId, best) in bests { history[exerciseId, default: ExerciseHistory()].best = best }
    return history
  }
}

private func summaryRows(_ database: any DatabaseDriver) throws -> Int {
  try database.readTransaction {
    try $0.row("SELECT COUNT(*) FROM exercise_history") { try $0.int(0) }
  } ?? 0
}

/// Writes as the store did on schema version 1, to build a database from before the migration.
private enum VersionOne {
  static func createTrainee(_ name: String, _ database: SQLiteDatabase) throws -> TraineeID {
    try database.transaction { db in
      try db.run(
        "INSERT INTO trainees (name, token_sha256, created_at) VALUES (?, ?, 0)",
        [.text(name), .text(BearerToken.digest(name))])
      return TraineeID(rawValue: try db.lastInsertRowID)
    }
  }

  static func log(
    _ payload: LogWorkoutPayload, for trainee: TraineeID, _ database: SQLiteDatabase
  ) throws -> WorkoutLogID {
    let document = try DatabaseTraineeStore.json(payload)
    return try database.transaction { db in
      let count = try db.row(
        "SELECT COUNT(*) FROM workout_logs WHERE trainee_id = ?", [trainee.value]
      ) { try $0.int(0) }
      try db.run(
        """
        INSERT INTO workout_logs (trainee_id, workout_number, logged_at, payload)
        VALUES (?, ?, 0, ?)
        """, [trainee.value, DatabaseValue((count ?? 0) + 1), .text(document)])
      let log = WorkoutLogID(rawValue: try db.lastInsertRowID)
      var position = 0
      for entry in payload.entries {
        for case .strength(let set) in entry.sets {
          try db.run(
            """
            INSERT INTO logged_sets (log_id, position, trainee_id, exercise_id, set_number, weight,
              reps, done)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
              log.value, DatabaseValue(position), trainee.value, .text(entry.exerciseId),
              DatabaseValue(set.setNumber), DatabaseValue(set.weight), DatabaseValue(set.reps),
              DatabaseValue(set.done),
            ])
          position += 1
        }
      }
      return log
    }
  }

  /// Deletes a log as version 1 did: its sets went with it by the foreign key's cascade, which
  /// SQLite ran then (connections now leave foreign keys to the store, so it is spelled out).
  static func delete(_ log: WorkoutLogID, _ database: SQLiteDatabase) throws {
    try database.transaction { db in
      try db.run("DELETE FROM logged_sets WHERE log_id = ?", [log.value])
      try db.run("DELETE FROM workout_logs WHERE id = ?", [log.value])
    }
  }

  static func highestNumber(_ trainee: TraineeID, _ database: any DatabaseDriver) throws -> Int {
    try database.readTransaction { db in
      try db.row(
        "SELECT COALESCE(MAX(workout_number), 0) FROM workout_logs WHERE trainee_id = ?",
        [trainee.value]
      ) { try $0.int(0) }
    } ?? 0
  }
}

/// A small seeded generator, so the random histories are the same on every run.
private struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// A workout of 1-3 entries over four exercises (one may repeat), with missing values, sets
  /// not done, cardio, and weights and reps that tie on the estimate (100 x 3 and 75 x 14).
  mutating func workout() -> LogWorkoutPayload {
    let exercises = ["squat", "bench", "row", "dips"]
    let strengths: [(Double?, Int?)] = [
      (100, 3), (75, 14), (80, 5), (60, 10), (120, 1), (nil, 12), (50, nil), (0, 10), (40, 0),
    ]
    let entries = (0..<(1 + next(below: 3))).map { _ in
      let sets = (0..<(1 + next(below: 3))).map { number -> LogSet in
        if next(below: 8) == 0 {
          return .cardio(
            CardioLogSet(
              setNumber: number + 1, durationSec: 60, distanceKm: 1, rpe: nil, done: true))
        }
        let (weight, reps) = strengths[next(below: strengths.count)]
        return StoreFixture.strength(number + 1, weight, reps, done: next(below: 5) != 0)
      }
      return StoreFixture.entry(exercises[next(below: exercises.count)], sets)
    }
    return StoreFixture.workout(entries)
  }
}

/// Logged warm-ups and the kept best set.
struct WarmUpBestSetTests {
  private typealias F = StoreFixture

  private static func warmUp(_ number: Int, _ weight: Double, _ reps: Int) -> LogSet {
    .strength(
      StrengthLogSet(
        setNumber: number, reps: reps, targetReps: 10, weight: weight, rir: nil, rm: nil,
        done: true, setType: .warmup))
  }

  @Test(arguments: StoreBackend.available)
  func aLoggedWarmUpIsNeverTheBestSet(_ backend: StoreBackend) throws {
    let store = try F.makeStore(backend)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    // A warm-up logged heavier than the working set still is not the best one.
    _ = try store.logWorkout(
      F.workout([F.entry("squat", [Self.warmUp(1, 140, 5), F.strength(2, 100, 5)])]),
      idempotencyKey: nil, for: ada)
    // Only warm-ups: the last sets are kept, but there is no best set.
    _ = try store.logWorkout(
      F.workout([F.entry("bench", [Self.warmUp(1, 60, 10)])]), idempotencyKey: nil, for: ada)
    let expected = [
      "squat": ExerciseHistory(
        lastSets: [
          LastSetDto(setNumber: 1, weight: "140", reps: "5"),
          LastSetDto(setNumber: 2, weight: "100", reps: "5"),
        ], best: BestDto(weight: 100, reps: 5)),
      "bench": ExerciseHistory(lastSets: [LastSetDto(setNumber: 1, weight: "60", reps: "10")]),
    ]
    #expect(try store.exerciseHistory(for: ada) == expected)
    // Deleting a later best recomputes the best from the remaining sets, warm-ups left out too.
    let heavier = try store.logWorkout(
      F.workout([F.entry("squat", [F.strength(1, 120, 5)])]), idempotencyKey: nil, for: ada)
    #expect(try store.exerciseHistory(for: ada)["squat"]?.best == BestDto(weight: 120, reps: 5))
    #expect(try store.deleteWorkoutLog(heavier.id, for: ada))
    #expect(try store.exerciseHistory(for: ada) == expected)
  }
}
