import Foundation
import LockedValue
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

private typealias F = StoreFixture

/// The trainee's row lock that orders log posts on PostgreSQL, checked without depending on
/// timing: another process's post is held open at its most awkward moment (its log and key
/// stored, not yet committed) on a connection of its own, and the store's post of the same
/// trainee is shown to wait for it, then to answer from what it committed. (The time limit
/// only ends a hang: a post blocked on anything but the other process would wait forever.)
@Suite(.timeLimit(.minutes(1))) struct TraineeRowLockTests {
  /// What a store's post of `payload` does before its commit, on `connection` (another process):
  /// the trainee's lock, the next number, the log and the key. Returns the log's id and number.
  private static func postWithoutCommit(
    _ payload: LogWorkoutPayload, key: String?, for trainee: TraineeID,
    on connection: PostgreSQLConnection
  ) throws -> LoggedWorkout {
    try connection.execute("BEGIN")
    _ = try connection.row(
      "SELECT id FROM trainees WHERE id = ? FOR NO KEY UPDATE", [trainee.value]
    ) { try $0.int64(0) }
    let number = try #require(
      try connection.row(
        """
        INSERT INTO workout_numbers (trainee_id, last_number) VALUES (?, 1)
        ON CONFLICT (trainee_id) DO UPDATE SET last_number = workout_numbers.last_number + 1
        RETURNING last_number
        """, [trainee.value]
      ) { try $0.int(0) })
    let id = try #require(
      try connection.row(
        """
        INSERT INTO workout_logs (trainee_id, workout_number, logged_at, payload)
        VALUES (?, ?, ?, ?) RETURNING id
        """,
        [
          trainee.value, DatabaseValue(number), .integer(F.monday.milliseconds),
          .text(try DatabaseTraineeStore.json(payload)),
        ]
      ) { try $0.int64(0) })
    if let key {
      try connection.run(
        """
        INSERT INTO idempotency_keys (trainee_id, key, log_id, workout_number, created_at)
        VALUES (?, ?, ?, ?, ?)
        """,
        [
          trainee.value, .text(key), .integer(id), DatabaseValue(number),
          .integer(F.monday.milliseconds),
        ])
    }
    return LoggedWorkout(id: WorkoutLogID(rawValue: id), workoutNumber: number)
  }

  @Test(
    .enabled(
      if: StoreBackend.postgreSQLURL != nil,
      "PERFORM_TEST_POSTGRESQL is not set (make test starts a PostgreSQL for this test)"),
    arguments: ["same", nil] as [String?])
  func aPostWaitsForAnotherProcesssPostOfTheTraineeAndAnswersFromIt(key: String?) async throws {
    let url = try StoreBackend.newPostgreSQLSchema()
    // The other process's post is written by hand with the table's sequence: the store numbers
    // its logs the same way, so that the history's order is the order of the posts.
    let store = try DatabaseTraineeStore(
      database: PostgreSQLDatabase(url: url), now: { F.monday }, recordIDs: .databaseSequence)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    _ = try store.logWorkout(F.benchDay, idempotencyKey: "earlier", for: ada)

    let other = try PostgreSQLConnection(url: url, location: "other process")
    let observer = try PostgreSQLConnection(url: url, location: "observer")
    let otherProcess = try #require(try other.row("SELECT pg_backend_pid()") { try $0.int(0) })
    let held = try Self.postWithoutCommit(F.benchDay, key: key, for: ada, on: other)
    #expect(held.workoutNumber == 2)

    // The store's post of the same workout, on a thread of its own (it blocks in libpq).
    let finished = Locked(false)
    let post = Task {
      await withCheckedContinuation { continuation in
        Thread {
          let answer = Result { try store.logWorkout(F.benchDay, idempotencyKey: key, for: ada) }
          finished.withLock { $0 = true }
          continuation.resume(returning: answer)
        }.start()
      }
    }
    // Until the post either waits for the other process or is done (a wrong answer).
    var waits = false
    while !waits && !finished.withLock({ $0 }) {
      waits =
        try observer.row(
          "SELECT count(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))",
          [DatabaseValue(otherProcess)]
        ) { try $0.int(0) } == 1
      await Task.yield()
    }
    #expect(waits, "the post did not wait for the other process's uncommitted post")
    #expect(!finished.withLock { $0 })
    try other.execute("COMMIT")

    let answer = try await post.value.get()
    let numbers = try store.workoutHistory(for: ada).map(\.workoutNumber)
    if key != nil {
      // The retry is answered with the other process's log, stored once.
      #expect(answer == held)
      #expect(numbers == [2, 1])
    } else {
      #expect(answer.workoutNumber == 3)
      #expect(numbers == [3, 2, 1])
    }
  }

  /// Two processes (two stores, each with its own connections) save one trainee's day and post
  /// and delete its logs at once, with no retry allowed: the trainee's row lock makes them take
  /// turns, so none fails as a serialization failure (before it, SERIALIZABLE day saves failed).
  @Test(
    .enabled(
      if: StoreBackend.postgreSQLURL != nil,
      "PERFORM_TEST_POSTGRESQL is not set (make test starts a PostgreSQL for this test)"))
  func oneTraineesWritesFromTwoProcessesTakeTurnsWithoutFailing() throws {
    let url = try StoreBackend.newPostgreSQLSchema()
    let once = PostgreSQLDatabase.Options(connections: 4, attempts: 1)
    let stores = try (0..<2).map { _ in
      try DatabaseTraineeStore(
        database: PostgreSQLDatabase(url: url, options: once), now: { F.monday })
    }
    let ada = try stores[0].createTrainee(name: "Ada").trainee.id
    let date = CalendarDate(F.monday, in: TimeZone(identifier: "UTC")!)
    let failures = Locked<[String]>([])
    let threads = 8
    let rounds = 15
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      let store = stores[thread % 2]
      for round in 0..<rounds {
        do {
          let eaten = #"{"eaten":{"k\#(thread)-\#(round)":true}}"#
          _ = try store.saveNutritionDay(
            date, json: eaten, keepingStoredPortions: round.isMultiple(of: 2), for: ada)
          let logged = try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada)
          if round.isMultiple(of: 3) { _ = try store.deleteWorkoutLog(logged.id, for: ada) }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(3) })")
    let numbers = try stores[1].workoutHistory(for: ada).map(\.workoutNumber)
    #expect(numbers.count == threads * (rounds - 5))
    #expect(Set(numbers).count == numbers.count)
  }
}
