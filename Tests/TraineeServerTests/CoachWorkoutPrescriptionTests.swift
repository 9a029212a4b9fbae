import Foundation
import Testing
import TraineeAPI

@testable import CoachPrograms
@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema

/// The coach's read of one workout shows the day prescribed when it was logged beside what was
/// logged, kept with the log so a later program changes nothing
/// (docs/decisions/what-the-coach-sees.md, "The prescription kept with the log").
struct CoachWorkoutPrescriptionTests {
  typealias Fixture = AccountRoutesFixture

  /// A studio's coach and a trainee of it, with the fixture's program imported.
  static func coachAndTrainee(
    _ backend: StoreBackend
  ) throws -> (fixture: Fixture, coach: String, trainee: String, token: String) {
    let fixture = try Fixture(backend)
    let admin = try fixture.signedInOperator()
    let (_, coach) = try fixture.studioWithCoach("A", coachEmail: "a@coach.io", operator: admin)
    let ada = try fixture.read(
      SignedInDto.self, try fixture.accept(try fixture.invite(by: coach).code, email: "ada@x.io"))
    let trainee = try #require(ada.account.traineeId)
    try fixture.base.trainees.importPrograms(StoreFixture.programs, for: TraineeID(trainee)!)
    return (fixture, coach.tokens.accessToken, trainee, ada.tokens.accessToken)
  }

  static func log(
    _ payload: LogWorkoutPayload, _ fixture: Fixture, token: String
  ) throws -> String {
    try fixture.read(
      LoggedWorkoutDto.self,
      try fixture.send(fixture.endpoints.logWorkout, token: token, json: payload),
      status: .created
    ).id
  }

  static func coachRead(
    _ fixture: Fixture, trainee: String, log: String, token: String
  ) throws -> HTTPResponse {
    try fixture.send(
      fixture.endpoints.getTraineeWorkoutForCoach, ["traineeId": trainee, "workoutId": log],
      token: token)
  }

  @Test(arguments: StoreBackend.available)
  func theCoachSeesEachSetPrescribedBesidePerformed(_ backend: StoreBackend) throws {
    let (fixture, coach, trainee, token) = try Self.coachAndTrainee(backend)
    let id = try Self.log(StoreFixture.benchDay, fixture, token: token)
    let answer = try Self.coachRead(fixture, trainee: trainee, log: id, token: coach)
    let compared = try #require(
      try fixture.read(WorkoutLogDto.self, answer).prescribedBesidePerformed)
    #expect(compared.prescription == .kept)
    #expect(compared.exercises.map(\.rowId) == ["row-1", "row-2"])
    #expect(compared.exercises.map(\.marks) == [[], [.notDone]])
    let bench = compared.exercises[0]
    #expect(bench.sets.map(\.target) == [["reps": "10"], ["reps": "10"], ["reps": "10"]])
    #expect(bench.sets.map(\.comparison) == [["reps": .within], ["reps": .below], nil])
    #expect(bench.sets.map(\.marks) == [[], [], [.removed]])
    // The trainee's own read of the log is as before: no member of the coach's.
    let own = fixture.send(.get, "/v1/trainee/workouts/history/\(id)", token: token)
    #expect(own.status == .ok)
    #expect(!String(decoding: own.body, as: UTF8.self).contains("prescribedBesidePerformed"))
  }

  @Test(arguments: StoreBackend.available)
  func aLaterProgramOrSubstitutionChangesNoLoggedWorkout(_ backend: StoreBackend) throws {
    let (fixture, coach, trainee, token) = try Self.coachAndTrainee(backend)
    let store = fixture.base.trainees
    let id = TraineeID(trainee)!
    try store.saveSubstitution(
      Substitution(
        programId: "plan-1", dayId: "day-a", rowId: "row-1", fromExerciseId: "bench",
        toExerciseId: "db-press"), for: id)
    let swapped = StoreFixture.workout([
      StoreFixture.entry("db-press", [StoreFixture.strength(1, 24, 10)])
    ])
    let log = try Self.log(swapped, fixture, token: token)
    let before = try Self.coachRead(fixture, trainee: trainee, log: log, token: coach)
    let compared = try #require(
      try fixture.read(WorkoutLogDto.self, before).prescribedBesidePerformed)
    #expect(compared.exercises[0].exerciseId == "db-press")
    #expect(compared.exercises[0].marks == [.substituted])

    var changed = StoreFixture.programs
    changed.plans[0].days[0].strength[0].reps = "5"
    changed.plans[0].days[0].strength[0].exerciseId = "squat"
    try store.importPrograms(changed, for: id)
    try store.saveSubstitution(
      Substitution(
        programId: "plan-1", dayId: "day-a", rowId: "row-1", fromExerciseId: "squat",
        toExerciseId: "squat"), for: id)
    let after = try Self.coachRead(fixture, trainee: trainee, log: log, token: coach)
    #expect(after.body == before.body)

    // The next log is compared with the program in force when it is logged.
    let next = try Self.log(StoreFixture.benchDay, fixture, token: token)
    let nextCompared = try #require(
      try fixture.read(
        WorkoutLogDto.self, try Self.coachRead(fixture, trainee: trainee, log: next, token: coach)
      ).prescribedBesidePerformed)
    #expect(nextCompared.exercises[0].prescribedExerciseId == "squat")
    #expect(nextCompared.exercises[0].sets.first?.target == ["reps": "5"])
  }

  @Test(arguments: StoreBackend.available)
  func aLogNamingNoDayShowsThePerformedOnly(_ backend: StoreBackend) throws {
    let (fixture, coach, trainee, token) = try Self.coachAndTrainee(backend)
    let id = try Self.log(
      StoreFixture.workout(StoreFixture.benchDay.entries, day: "no-such-day"),
      fixture, token: token)
    let compared = try #require(
      try fixture.read(
        WorkoutLogDto.self, try Self.coachRead(fixture, trainee: trainee, log: id, token: coach)
      ).prescribedBesidePerformed)
    #expect(compared.prescription == .none)
    #expect(compared.exercises.map(\.exerciseId) == ["bench"])
    #expect(compared.exercises[0].sets.allSatisfy { $0.target == nil && $0.marks.isEmpty })
    let kept = try fixture.base.trainees.read { db in
      try db.row("SELECT prescribed FROM workout_logs WHERE id = ?", [.integer(Int64(id)!)]) {
        try $0.text(0)
      }
    }
    #expect(kept == .some(nil))
  }

  /// Schema step 22 splits the programs already imported into their days, each plan's and
  /// day's first when an id is given twice.
  @Test(arguments: StoreBackend.available)
  func version22SplitsTheProgramsIntoDays(_ backend: StoreBackend) throws {
    let database = try backend.makeUnmigratedDatabase()
    defer { database.close() }
    let steps = TraineeSchema.migrations
    try Migrations.migrate(database, with: Array(steps.prefix(21)))
    try database.writeTransaction(.readCommitted) { db in
      try db.run(
        "INSERT INTO trainees (id, name, token_sha256, created_at) VALUES (1, 'Ada', 'x', 0)")
      try db.run(
        "INSERT INTO programs (trainee_id, document, imported_at) VALUES (1, ?, 0)",
        [
          .text(
            RosterUpgradeTests.program.replacingOccurrences(of: #""id":"b""#, with: #""id":"a""#))
        ])
    }
    try Migrations.migrate(database, with: steps)
    let days = try database.readTransaction { db in
      try db.rows(
        "SELECT program_id, day_id, document FROM program_days ORDER BY program_id, day_id"
      ) { [try $0.string(0), try $0.string(1), try $0.string(2)] }
    }
    #expect(days.map { Array($0.prefix(2)) } == [["p", "a"]])
    let day = try JSONDecoder().decode(JSONValue.self, from: Data(days[0][2].utf8))
    guard case .object(let members) = day else { throw UnexpectedShape() }
    #expect(members["strength"]?.objects?.first?["exerciseId"] == .string("bench"))
  }

  struct UnexpectedShape: Error {}
}
