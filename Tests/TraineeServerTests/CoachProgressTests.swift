import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import ExerciseRecordTable
@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema
@testable import TraineeServer

/// The coach's records and progress series of a trainee, on both backends
/// (docs/decisions/what-the-coach-sees.md, "Records and progress"): the same arithmetic as the
/// trainee's own progress, over the logs the studio may see, and records kept on write that are
/// always what the history rebuilds.
@Suite struct CoachProgressTests {
  typealias Fixture = AccountRoutesFixture

  /// A studio with its coach, and a trainee linked to it.
  struct Linked {
    let fixture: Fixture
    let studio: StudioDto
    let coach: String
    let trainee: String
    let traineeToken: String
    var traineeID: TraineeID { TraineeID(trainee)! }
    var store: DatabaseTraineeStore { fixture.base.trainees }

    init(_ backend: StoreBackend) throws {
      fixture = try Fixture(backend)
      let admin = try fixture.signedInOperator()
      let made = try fixture.studioWithCoach("A", coachEmail: "a@coach.io", operator: admin)
      studio = made.studio
      coach = made.coach.tokens.accessToken
      let joined = try fixture.read(
        SignedInDto.self,
        try fixture.accept(try fixture.invite(by: made.coach).code, email: "ada@x.io"))
      trainee = joined.account.traineeId!
      traineeToken = joined.tokens.accessToken
    }

    /// Stores a workout of `sets` (`exercise`, kilograms, reps, warm-up) done `days` after
    /// `StoreFixture.monday`, tagged with the studio or (`inStudio` false) the default one.
    @discardableResult
    func log(
      days: Double, inStudio: Bool = true,
      _ sets: [(exercise: String, weight: Double?, reps: Int?, warmup: Bool)]
    ) throws -> WorkoutLogID {
      var entries: [LogEntry] = []
      for set in sets {
        var logged = StrengthLogSet(
          setNumber: 1, reps: set.reps, targetReps: nil, weight: set.weight, rir: nil, rm: nil,
          done: true, setType: set.warmup ? .warmup : .working)
        if let index = entries.firstIndex(where: { $0.exerciseId == set.exercise }) {
          logged.setNumber = entries[index].sets.count + 1
          entries[index].sets.append(.strength(logged))
        } else {
          entries.append(StoreFixture.entry(set.exercise, [.strength(logged)]))
        }
      }
      return try store.logWorkout(
        StoreFixture.workout(entries), idempotencyKey: nil,
        loggedAt: StoreFixture.monday.addingTimeInterval(days * 86_400),
        studio: inStudio ? StudioID(studio.id)! : nil, timeZone: nil, for: traineeID
      ).id
    }

    /// Every done set of the trainee as the trainee's own pages list them.
    func ownSets(exercise: String? = nil) throws -> [LoggedSet] {
      var sets: [LoggedSet] = []
      var after: LoggedSetCursor?
      repeat {
        let page = try store.loggedSets(
          LoggedSetQuery(exerciseId: exercise, after: after, limit: 7), for: traineeID)
        sets += page.sets.map { LoggedSet($0)! }
        after = page.next
      } while after != nil
      return sets
    }

    func records() throws -> TraineeRecordsDto {
      try fixture.read(
        TraineeRecordsDto.self,
        try fixture.send(
          fixture.endpoints.getTraineeRecordsForCoach, ["traineeId": trainee], token: coach))
    }

    func progress(_ query: String) throws -> HTTPResponse {
      try fixture.send(
        fixture.endpoints.getTraineeProgressForCoach, ["traineeId": trainee], query: query,
        token: coach)
    }
  }

  static let window = "from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z"

  /// The coach's series and records are what the trainee's own progress computes from the
  /// same logs; a log of another tag joins them only while the trainee shares.
  @Test(arguments: StoreBackend.available)
  func theCoachSeesWhatTheTraineesOwnProgressComputes(_ backend: StoreBackend) throws {
    let linked = try Linked(backend)
    try linked.log(
      days: 0, [("bench", 60, 10, true), ("bench", 100, 5, false), ("row", 70, 8, false)])
    try linked.log(days: 2, [("bench", 105, 3, false), ("bench", 90, 10, false)])
    try linked.log(days: 9, [("bench", 80, 12, false), ("squat", nil, 20, false)])
    let other = try linked.log(days: 10, inStudio: false, [("bench", 120, 5, false)])
    let sets = try linked.ownSets()
    let visible = sets.filter { $0.logId != other.description }
    #expect(sets.count == visible.count + 1)
    let utc = TimeZone(identifier: "UTC")!
    func expectedProgress(_ own: [LoggedSet]) -> TraineeProgressDto {
      TraineeProgressDto(
        ExerciseProgress(
          exercise: NamedExercise(id: "bench", name: "bench"),
          sets: own.filter { $0.exerciseId == "bench" }, timeZone: utc),
        from: rfc3339Instant("2026-01-01T00:00:00Z")!, to: rfc3339Instant("2026-03-01T00:00:00Z")!,
        timeZone: utc)
    }
    func expectedRecords(_ own: [LoggedSet]) -> TraineeRecordsDto {
      let records = ExerciseRecords.of(own)
      return TraineeRecordsDto(
        exercises: records.keys.sorted().map { ExerciseRecordsDto(records[$0]!) })
    }
    let seen = try linked.fixture.read(
      TraineeProgressDto.self, try linked.progress("exercise=bench&" + Self.window))
    #expect(seen == expectedProgress(visible))
    #expect(seen.bestSets.count == 3)
    #expect(try linked.records() == expectedRecords(visible))
    // Sharing earlier records shows the default studio's log too, in both answers.
    #expect(
      try linked.fixture.share(true, with: linked.studio.id, token: linked.traineeToken).status
        == .ok)
    let shared = try linked.fixture.read(
      TraineeProgressDto.self, try linked.progress("exercise=bench&" + Self.window))
    #expect(shared == expectedProgress(sets))
    #expect(shared.bestSets.count == 4)
    let records = try linked.records()
    #expect(records == expectedRecords(sets))
    #expect(records.exercises.first { $0.exerciseId == "bench" }?.heaviestSet?.weight == 120)
  }

  /// The window bounds the series: sets outside it are not read.
  @Test(arguments: StoreBackend.available)
  func theSeriesIsTheWindows(_ backend: StoreBackend) throws {
    let linked = try Linked(backend)
    try linked.log(days: 0, [("bench", 100, 5, false)])
    try linked.log(days: 40, [("bench", 110, 5, false)])
    let seen = try linked.fixture.read(
      TraineeProgressDto.self,
      try linked.progress("exercise=bench&from=2026-01-20T00:00:00Z&to=2026-03-01T00:00:00Z"))
    #expect(seen.bestSets.map(\.weight) == [110])
    #expect(seen.weeklyVolume.map(\.volume) == [550])
    // By default the 182 days up to now (the fixture's clock).
    let byDefault = try linked.progress("exercise=bench")
    #expect(byDefault.status == .ok)
  }

  /// A window holding more than `ProgressWindow.maximumSets` sets of the exercise is refused
  /// naming the window; a shorter one is answered.
  @Test(arguments: StoreBackend.available)
  func aWindowOfTooManySetsIsRefused(_ backend: StoreBackend) throws {
    let linked = try Linked(backend)
    let perLog = 850
    let logs = ProgressWindow.maximumSets / perLog + 1
    for day in 0..<logs {
      try linked.log(
        days: Double(day), Array(repeating: ("bench", 100, 5, false), count: perLog))
    }
    let refused = try linked.progress(
      "exercise=bench&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z")
    #expect(refused.status == .badRequest)
    #expect(refused.errorBody?.code == "invalid_query")
    #expect(refused.errorBody?.message.contains("from and to") == true)
    let shorter = try linked.fixture.read(
      TraineeProgressDto.self,
      try linked.progress("exercise=bench&from=2026-01-06T00:00:00Z&to=2026-03-01T00:00:00Z"))
    #expect(shorter.bestSets.count == logs - 1)
  }

  /// After any posts and deletions the kept records are what the history rebuilds.
  @Test(arguments: StoreBackend.available)
  func keptRecordsAreWhatHistoryRebuildsAfterDeletions(_ backend: StoreBackend) throws {
    let linked = try Linked(backend)
    var generator = SystemRandomNumberGenerator()
    var logs: [WorkoutLogID] = []
    for step in 0..<60 {
      if !logs.isEmpty, Int.random(in: 0..<3, using: &generator) == 0 {
        let log = logs.remove(at: Int.random(in: 0..<logs.count, using: &generator))
        #expect(try linked.store.deleteWorkoutLog(log, for: linked.traineeID))
      } else {
        var sets: [(exercise: String, weight: Double?, reps: Int?, warmup: Bool)] = []
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          sets.append(
            (
              ["bench", "row"].randomElement(using: &generator)!,
              [nil, 60, 80, 100].randomElement(using: &generator)!,
              [nil, 3, 5, 8].randomElement(using: &generator)!, Bool.random(using: &generator)
            ))
        }
        // Back-dated logs too, as imports are.
        logs.append(
          try linked.log(
            days: Double(Int.random(in: 0...20, using: &generator)),
            inStudio: Bool.random(using: &generator), sets))
      }
      try Self.expectKeptIsRebuilt(linked, "step \(step)")
    }
    for log in logs {
      #expect(try linked.store.deleteWorkoutLog(log, for: linked.traineeID))
    }
    try Self.expectKeptIsRebuilt(linked, "all deleted")
    #expect(try linked.records().exercises.isEmpty)
  }

  /// The fill of schema version 24, run again on the rows the store kept, makes the same rows:
  /// a database upgraded with logs starts with the records the store would have kept.
  @Test(arguments: StoreBackend.available)
  func theSchemaStepsFillIsWhatTheStoreKeeps(_ backend: StoreBackend) throws {
    let linked = try Linked(backend)
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<30 {
      var sets: [(exercise: String, weight: Double?, reps: Int?, warmup: Bool)] = []
      for _ in 0..<Int.random(in: 1...5, using: &generator) {
        sets.append(
          (
            ["bench", "row", "dip"].randomElement(using: &generator)!,
            [nil, 0, 40, 60, 62.5, 100].randomElement(using: &generator)!,
            [nil, 0, 1, 5, 12].randomElement(using: &generator)!, Bool.random(using: &generator)
          ))
      }
      try linked.log(
        days: Double(Int.random(in: 0...9, using: &generator)),
        inStudio: Bool.random(using: &generator), sets)
    }
    let store = linked.store
    let sql = TraineeSchema.version24.sql(for: store.database.dialect)
    let start = try #require(sql.range(of: "INSERT INTO exercise_records")).lowerBound
    let fill = String(sql[start...])
    let all =
      "SELECT \(KeptExerciseRecords.columns) FROM exercise_records"
      + " ORDER BY trainee_id, studio_id, exercise_id"
    func rows(_ db: any DatabaseConnection) throws -> [ExerciseRecords] {
      try db.rows(all, [], named: KeptExerciseRecords.columns) {
        try ExerciseRecords(row: $0)
      }
    }
    let kept = try store.read { db in try rows(db) }
    #expect(kept.count >= 3)
    let filled = try store.database.writeTransaction(.readCommitted) { db in
      _ = try db.run("DELETE FROM exercise_records")
      _ = try db.run(fill)
      return try rows(db)
    }
    #expect(filled == kept)
  }

  /// Every kept row of the trainee equals the records the history of its tag and exercise
  /// rebuilds, and every tag and exercise with a set has its row.
  static func expectKeptIsRebuilt(_ linked: Linked, _ label: String) throws {
    let trainee = linked.traineeID
    try linked.store.read { db in
      let kept = try db.rows(
        """
        SELECT \(KeptExerciseRecords.columns) FROM exercise_records
        WHERE trainee_id = ? ORDER BY studio_id, exercise_id
        """, [trainee.value], named: KeptExerciseRecords.columns
      ) { row in (try row["studio_id"] as Int64, try ExerciseRecords(row: row)) }
      let keys = try db.rows(
        """
        SELECT DISTINCT w.studio_id, s.exercise_id FROM set_history AS s
        JOIN workout_logs AS w ON w.id = s.log_id WHERE s.trainee_id = ?
        ORDER BY w.studio_id, s.exercise_id
        """, [trainee.value]
      ) { (try $0.int64(0), try $0.string(1)) }
      #expect(
        kept.map { "\($0.0) \($0.1.exerciseId)" } == keys.map { "\($0.0) \($0.1)" }, "\(label)")
      for (tag, records) in kept {
        let sets = try DatabaseTraineeStore.exerciseSets(
          records.exerciseId, trainee: trainee, tagFilter: ("w.studio_id = ?", [.integer(tag)]),
          db)
        #expect(records == ExerciseRecords.of(sets)[records.exerciseId], "\(label)")
      }
    }
  }
}
