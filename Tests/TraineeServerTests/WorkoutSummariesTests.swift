import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

private typealias F = StoreFixture

/// Logs of every shape the summary counts differently: strength and cardio, done and not, weights
/// and reps missing or zero, no label, not completed, no entries.
private let shapes: [LogWorkoutPayload] = [
  F.benchDay,
  LogWorkoutPayload(
    programId: nil, dayId: nil, label: nil, durationSec: nil, completed: false,
    entries: [
      F.entry("bench", [F.strength(1, 0, 10), F.strength(2, 60, nil), F.strength(3, 61.25, 3)]),
      F.entry("squat", [F.strength(1, 100, 5, done: false), F.strength(2, nil, 5)]),
      LogEntry(
        exerciseId: "bike", name: "Bike", done: true, tempo: nil,
        sets: [
          .cardio(
            CardioLogSet(setNumber: 1, durationSec: 600, distanceKm: 4.5, rpe: nil, done: true)),
          .cardio(
            CardioLogSet(setNumber: 2, durationSec: nil, distanceKm: 2, rpe: nil, done: false)),
        ]),
    ]),
  F.workout([], day: "day-gone"),
  F.workout([F.entry("row", [F.strength(1, 42.5, 12), F.strength(2, 42.5, 11)])]),
]

/// What the history list and `GET /home` show of a log is kept on write
/// (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
/// answers, group commit and paged history", "the first read after a write"): filled for existing
/// logs by the schema step on both databases, ordered by when the workout was done, and read
/// without the stored payload.
@Suite struct WorkoutSummariesTests {
  /// A database at schema version 9 holding `shapes` as logs of one trainee, as an older server
  /// stored them, then migrated to the current version.
  private func migratedFromVersion9(
    _ backend: StoreBackend
  ) throws -> (DatabaseTraineeStore, TraineeID, [WorkoutLogSummary]) {
    let database = try backend.makeUnmigratedDatabase()
    try Migrations.migrate(
      database, with: Array(TraineeSchema.migrations.prefix(9)))
    let expected = try database.writeTransaction(.serializable) { db in
      try db.run(
        "INSERT INTO trainees (id, name, token_sha256, created_at) VALUES (5, 'Ada', 'x', 0)")
      try db.run(
        "INSERT INTO workout_numbers (trainee_id, last_number) VALUES (5, ?)",
        [DatabaseValue(shapes.count)])
      return try shapes.enumerated().map { index, payload in
        let loggedAt = Int64(1_700_000_000_000 + index * 86_400_000)
        try db.run(
          """
          INSERT INTO workout_logs (id, trainee_id, workout_number, logged_at, payload)
          VALUES (?, 5, ?, ?, ?)
          """,
          [
            DatabaseValue(index + 10), DatabaseValue(index + 1), .integer(loggedAt),
            .text(try DatabaseTraineeStore.json(payload)),
          ])
        return WorkoutLogSummary(
          id: WorkoutLogID(rawValue: Int64(index + 10)), workoutNumber: index + 1,
          loggedAt: Date(milliseconds: loggedAt), payload: payload)
      }
    }
    let store = try DatabaseTraineeStore(database: database, now: { F.monday })
    return (store, TraineeID(rawValue: 5), expected)
  }

  @Test(arguments: StoreBackend.available)
  func theStepSummarisesExistingLogsAsTheServerDoesOnWrite(backend: StoreBackend) throws {
    let (store, ada, expected) = try migratedFromVersion9(backend)
    #expect(
      try store.workoutSummaries(for: ada, after: nil, limit: 10) == expected.reversed())
    // The same payloads logged now are summarised alike.
    let now = try F.makeStore(backend)
    let bob = try now.createTrainee(name: "Bob").trainee.id
    let logged = try shapes.map { try now.logWorkout($0, idempotencyKey: nil, for: bob) }
    let summaries = try now.workoutSummaries(for: bob, after: nil, limit: 10).reversed()
    #expect(summaries.map(\.id) == logged.map(\.id))
    #expect(
      Array(summaries)
        == zip(logged, shapes).map {
          WorkoutLogSummary(
            id: $0.id, workoutNumber: $0.workoutNumber, loggedAt: F.monday, payload: $1)
        })
  }

  @Test(arguments: StoreBackend.available)
  func aLogAndItsSummaryGoTogetherAndTheHistoryStaysReadableAfterTheStep(
    backend: StoreBackend
  ) throws {
    let (store, ada, expected) = try migratedFromVersion9(backend)
    #expect(try store.deleteWorkoutLog(expected[1].id, for: ada))
    let logged = try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada)
    #expect(
      try store.workoutSummaries(for: ada, after: nil, limit: 10).map(\.id)
        == [logged.id, expected[3].id, expected[2].id, expected[0].id])
  }

  @Test(arguments: StoreBackend.available)
  func theHistoryIsOrderedByWhenTheWorkoutWasDone(_ backend: StoreBackend) throws {
    let api = try WorkoutAPIFixture(backend)
    let today = try api.log(F.benchDay, as: api.alice).id
    let imported = try api.log(
      WorkoutRoutesPerformedAtTests.dated(F.benchDay, "2025-03-03T07:00:00Z"), as: api.alice
    ).id
    let sameInstantA = try api.log(
      WorkoutRoutesPerformedAtTests.dated(F.benchDay, "2025-06-01T07:00:00Z"), as: api.alice
    ).id
    let sameInstantB = try api.log(
      WorkoutRoutesPerformedAtTests.dated(F.benchDay, "2025-06-01T07:00:00Z"), as: api.alice
    ).id
    let expected = [today, sameInstantB, sameInstantA, imported]
    var seen: [String] = []
    var cursor: String?
    repeat {
      let page = try historyPage(api, limit: 1, cursor: cursor)
      seen += page.workouts.map(\.id)
      cursor = page.nextCursor
    } while cursor != nil && seen.count < 10
    #expect(seen == expected)
    #expect(try historyPage(api, limit: 10, cursor: nil).workouts.map(\.id) == expected)
  }

  @Test(arguments: StoreBackend.available)
  func homeAndTheHistoryListReadNoStoredPayload(_ backend: StoreBackend) throws {
    let api = try WorkoutAPIFixture(backend)
    let older = try api.log(F.workout([], day: "day-gone"), as: api.alice)
    let latest = try api.log(F.benchDay, as: api.alice)
    let before = try historyPage(api, limit: 10, cursor: nil)
    // Payloads this build cannot read: a read that decoded one would answer 500.
    try api.store.database.writeTransaction(.serializable) { db in
      try db.run("UPDATE workout_logs SET payload = '{}'")
      try db.run("UPDATE trainees SET answer_version = answer_version + 1")
    }
    #expect(try historyPage(api, limit: 10, cursor: nil) == before)
    #expect(before.workouts.map(\.id) == [latest.id, older.id])
    let home = api.send(.get, "/v1/trainee/home", token: api.alice.token)
    #expect(home.status == .ok)
    let next = try JSONDecoder().decode(HomeDto.self, from: home.body).nextWorkout
    #expect(next == NextWorkoutDto(planId: "plan-1", dayId: "day-a", title: "Push"))
  }

  @Test(
    arguments: [
      ("7", nil), ("1.0", nil), ("01.5", nil), ("1.05", nil), ("-0.5", nil), ("1.2.3", nil),
      (".5", nil), ("5.", nil), ("+1.5", nil), ("1.-5", nil), ("1234567890123456789.5", nil),
      ("1.5", WorkoutHistoryCursor(loggedAt: 1, logId: 5)),
      ("0.12", WorkoutHistoryCursor(loggedAt: 0, logId: 12)),
      ("-86400000.3", WorkoutHistoryCursor(loggedAt: -86_400_000, logId: 3)),
    ] as [(String, WorkoutHistoryCursor?)])
  func aCursorIsReadOnlyAsThisServerWritesIt(text: String, cursor: WorkoutHistoryCursor?) {
    #expect(WorkoutHistoryCursor(text) == cursor)
    if let cursor { #expect(cursor.description == text) }
  }

  private func historyPage(
    _ api: WorkoutAPIFixture, limit: Int, cursor: String?
  ) throws -> WorkoutHistoryDto {
    var query = ["limit": String(limit)]
    if let cursor { query["cursor"] = cursor }
    let response = api.router.respond(
      to: HTTPRequest(
        method: .get, path: "/v1/trainee/workouts/history", query: query,
        headers: ["Authorization": "Bearer \(api.alice.token)"]))
    guard response.status == .ok else { throw UnexpectedAnswer(response: response) }
    return try JSONDecoder().decode(WorkoutHistoryDto.self, from: response.body)
  }
}
