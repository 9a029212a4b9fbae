import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

/// Every record is tagged with the studio of the session it was made through, and the trainee
/// reads every record of their own whatever its tag (docs/decisions/accounts.md, "What a coach
/// sees").
@Suite struct StudioTaggingTests {
  typealias Fixture = AccountRoutesFixture

  static let meal = Data(
    (#"{"date":"2026-01-05","items":[{"name":"Apple","kcal":52.1,"protein":0.3,"carbs":13.8,"#
      + #""fat":0.2,"qty":100,"unit":"g","foodId":"f_apple"}]}"#).utf8)

  static func day(_ date: String) -> Data {
    Data(#"{"date":"\#(date)","data":{"eaten":{}}}"#.utf8)
  }

  @Test(arguments: StoreBackend.available)
  func everyKindOfRecordCarriesTheStudioOfItsSession(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let endpoints = fixture.endpoints
    let admin = try fixture.signedInOperator()
    let (a, coachA) = try fixture.studioWithCoach("A", coachEmail: "a@coach.io", operator: admin)
    let (b, coachB) = try fixture.studioWithCoach("B", coachEmail: "b@coach.io", operator: admin)
    let inA = try fixture.read(
      SignedInDto.self, try fixture.accept(try fixture.invite(by: coachA).code, email: "ada@x.io"))
    fixture.clock.advance(seconds: 1)
    let joined = try fixture.send(
      endpoints.joinStudio, token: inA.tokens.accessToken,
      json: JoinStudioRequestDto(code: try fixture.invite(by: coachB).code))
    #expect(joined.status == .ok)
    let inB = try fixture.signIn("ada@x.io", device: "tablet")
    #expect(inA.account.currentStudioId == a.id)
    #expect(inB.account.currentStudioId == b.id)
    let trainee = try #require(inA.account.traineeId)

    var logs: [String] = []
    for (index, session) in [inA, inB].enumerated() {
      let token = session.tokens.accessToken
      fixture.clock.advance(seconds: 60)
      logs.append(try fixture.logWorkout(token: token, key: "key-\(index)"))
      let date = ["2026-01-03", "2026-01-04"][index]
      #expect(
        fixture.send(.put, "/v1/trainee/nutrition/day", token: token, body: Self.day(date))
          .status == .ok)
      #expect(
        fixture.send(.post, "/v1/trainee/nutrition/logs", token: token, body: Self.meal)
          .status == .created)
      let video = try fixture.send(
        endpoints.submitTechniqueVideo, token: token,
        json: TechniqueVideoRequestDto(url: "https://v.example/\(index)"))
      #expect(video.status == .created)
    }
    let made = [
      ("workout_logs", "logged_at"), ("workout_summaries", "logged_at"),
      ("meal_logs", "logged_at"), ("technique_videos", "submitted_at"), ("nutrition_days", "date"),
    ]
    for (table, order) in made {
      #expect(
        try fixture.studioTags(table, of: trainee, orderBy: order) == [a.id, b.id], "\(table)")
    }

    // A day saved again through the other studio's session takes that studio's tag.
    #expect(
      fixture.send(
        .put, "/v1/trainee/nutrition/day", token: inB.tokens.accessToken,
        body: Self.day("2026-01-03")
      ).status == .ok)
    #expect(try fixture.studioTags("nutrition_days", of: trainee, orderBy: "date") == [b.id, b.id])

    // The trainee sees every record of their own through either session, whatever its tag.
    for session in [inA, inB] {
      let history = try fixture.read(
        WorkoutHistoryDto.self,
        try fixture.send(endpoints.getWorkoutHistory, token: session.tokens.accessToken))
      #expect(Set(history.workouts.map(\.id)) == Set(logs))
      for date in ["2026-01-03", "2026-01-04"] {
        let day = try fixture.send(
          endpoints.getNutritionDay, query: "date=\(date)", token: session.tokens.accessToken)
        #expect(day.status == .ok)
        #expect(String(decoding: day.body, as: UTF8.self).contains("eaten"))
      }
    }
    let meals = try fixture.base.trainees.mealLogs(
      on: CalendarDate(year: 2026, month: 1, day: 5)!, for: TraineeID(trainee)!)
    #expect(meals.count == 2)
  }

  @Test(arguments: StoreBackend.available)
  func aLegacyTokenAndTheCommandLineTagTheDefaultStudio(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let legacy = try fixture.base.trainees.createTrainee(name: "Lee")
    let trainee = legacy.trainee.id
    let defaultStudio = try fixture.accounts.defaultStudio().id.description
    _ = try fixture.logWorkout(token: legacy.token, key: "legacy")
    let store = fixture.base.trainees
    _ = try store.logWorkout(StoreFixture.benchDay, idempotencyKey: nil, for: trainee)
    try store.importPrograms(StoreFixture.programs, for: trainee)
    try store.importNutritionPlans(json: #"{"plans":[]}"#, for: trainee)
    let id = trainee.description
    #expect(try fixture.studioTags("workout_logs", of: id) == [defaultStudio, defaultStudio])
    #expect(try fixture.studioTags("programs", of: id) == [defaultStudio])
    #expect(try fixture.studioTags("nutrition_plans", of: id) == [defaultStudio])
  }

  @Test(arguments: StoreBackend.available)
  func version18TagsEveryEarlierRecordWithTheDefaultStudio(_ backend: StoreBackend) throws {
    let database = try backend.makeUnmigratedDatabase()
    try Migrations.migrate(database, with: Array(TraineeSchema.migrations.prefix(17)))
    try database.writeTransaction(.readCommitted) { db in
      try db.run(
        "INSERT INTO studios (id, name, is_default, created_at) VALUES (5, 'Default studio', 1, 1)")
      try db.run("INSERT INTO studios (id, name, is_default, created_at) VALUES (6, 'Other', 0, 1)")
      try db.run(
        "INSERT INTO trainees (id, name, token_sha256, created_at) VALUES (7, 'Ada', 'x', 1)")
      try db.run(
        "INSERT INTO workout_logs (id, trainee_id, workout_number, logged_at, payload)"
          + " VALUES (11, 7, 1, 2, '{}')")
      try db.run(
        "INSERT INTO workout_summaries (log_id, trainee_id, workout_number, logged_at, completed,"
          + " exercise_count, done_set_count, volume) VALUES (11, 7, 1, 2, 1, 0, 0, 0)")
      try db.run(
        "INSERT INTO nutrition_days (trainee_id, date, data, saved_at)"
          + " VALUES (7, '2026-01-01', '{}', 3)")
      try db.run(
        "INSERT INTO meal_logs (id, trainee_id, date, consumed_at, items, logged_at)"
          + " VALUES (12, 7, '2026-01-01', 4, '[]', 4)")
      try db.run(
        "INSERT INTO technique_videos (id, trainee_id, url, submitted_at)"
          + " VALUES (13, 7, 'https://v.example', 5)")
      try db.run("INSERT INTO programs (trainee_id, document, imported_at) VALUES (7, '{}', 6)")
      try db.run(
        "INSERT INTO nutrition_plans (trainee_id, document, imported_at) VALUES (7, '{}', 6)")
    }
    _ = try DatabaseTraineeStore(database: database, now: { StoreFixture.monday })
    let tables = [
      "workout_logs", "workout_summaries", "nutrition_days", "meal_logs", "technique_videos",
      "programs", "nutrition_plans",
    ]
    for table in tables {
      let tags = try database.readTransaction { db in
        try db.rows("SELECT studio_id FROM \(table) WHERE trainee_id = 7") { try $0.int64(0) }
      }
      #expect(tags == [5], "\(table)")
    }
  }
}
