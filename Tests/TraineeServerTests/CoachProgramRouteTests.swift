import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The coach's library and program routes (docs/decisions/the-coachs-programs.md), on both
/// backends.
@Suite struct CoachProgramRouteTests {
  typealias Fixture = AccountRoutesFixture

  /// Studio B's coach builds a program from the library by the routes and assigns it, linked,
  /// to studio B's trainee; the trainee's workouts show it, and then its edit.
  @Test(arguments: StoreBackend.available)
  func aProgramBuiltByTheRoutesReachesTheTrainee(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try AccountAttackTests.twoStudios(fixture)
    let coach = world.coachB.tokens.accessToken
    let trainee = world.traineeB.tokens.accessToken
    let traineeId = try #require(world.traineeB.account.traineeId)
    let (exercise, program) = try AccountAttackTests.libraryAndProgram(fixture, world)
    let assigned = try fixture.read(
      ProgramAssignmentsDto.self,
      try fixture.send(
        fixture.endpoints.assignCoachProgram, ["programId": program], token: coach,
        json: AssignProgramRequestDto(
          traineeIds: [traineeId], mode: .linked,
          schedule: AssignmentScheduleDto(weekdays: ["mon", "thu"]))))
    #expect(
      assigned.assignments == [
        ProgramAssignmentDto(
          traineeId: traineeId, programId: program, mode: .linked, version: 1,
          schedule: AssignmentScheduleDto(weekdays: ["mon", "thu"]))
      ])
    let workouts = { () throws -> [ProgramPlanDto] in
      try fixture.read(
        TrainingProgramsDto.self, try fixture.send(fixture.endpoints.getWorkouts, token: trainee)
      ).plans
    }
    #expect(try workouts().map(\.version) == [1])
    #expect(try workouts()[0].days[0].strength[0].name == "B's squat")
    let edited = try fixture.read(
      CoachProgramDto.self,
      try fixture.send(
        fixture.endpoints.editCoachProgram, ["programId": program], token: coach,
        json: CoachProgramDocumentDto(
          name: "B's program",
          days: [
            CoachProgramDayDto(rows: [CoachProgramRowDto(exerciseId: exercise, sets: 4, rpe: 8)])
          ])))
    #expect(edited.version == 2)
    let plans = try workouts()
    #expect(plans.map(\.version) == [2])
    #expect(plans[0].days[0].strength[0].setRows.map(\.rpe) == [8, 8, 8, 8])
    let first = try fixture.read(
      CoachProgramDto.self,
      try fixture.send(
        fixture.endpoints.getCoachProgram, ["programId": program], query: "version=1",
        token: coach))
    #expect(first.plan.days[0].strength[0].setRows.count == 2)
    #expect(first.latestVersion == 2)
    let list = try fixture.read(
      CoachProgramsDto.self, try fixture.send(fixture.endpoints.listCoachPrograms, token: coach))
    #expect(list.programs.map(\.latestVersion) == [2])
    #expect(list.nextAfter == nil)
  }

  /// A log names the version it was done from: the history, the one-log answer and the coach's
  /// read return it; a version below 1 is refused naming it, and stores nothing.
  @Test(arguments: StoreBackend.available)
  func aLogNamesItsProgramVersion(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try AccountAttackTests.twoStudios(fixture)
    let trainee = world.traineeB.tokens.accessToken
    let traineeId = try #require(world.traineeB.account.traineeId)
    let (_, program) = try AccountAttackTests.libraryAndProgram(fixture, world)
    var payload = StoreFixture.benchDay
    payload.programId = "program-\(program)"
    payload.dayId = "d1"
    payload.programVersion = 0
    let refused = try fixture.send(fixture.endpoints.logWorkout, token: trainee, json: payload)
    #expect(refused.status == .badRequest)
    #expect(refused.errorBody?.message.hasPrefix("Body: programVersion ") == true)
    payload.programVersion = 1
    let logged = try fixture.read(
      LoggedWorkoutDto.self,
      try fixture.send(fixture.endpoints.logWorkout, token: trainee, json: payload),
      status: .created)
    let history = try fixture.read(
      WorkoutHistoryDto.self,
      try fixture.send(fixture.endpoints.getWorkoutHistory, token: trainee))
    #expect(history.workouts.map(\.programVersion) == [1])
    let one = try fixture.read(
      WorkoutLogDto.self,
      try fixture.send(fixture.endpoints.getWorkoutLog, ["id": logged.id], token: trainee))
    #expect(one.programVersion == 1)
    let coachs = try fixture.read(
      WorkoutLogDto.self,
      try fixture.send(
        fixture.endpoints.getTraineeWorkoutForCoach,
        ["traineeId": traineeId, "workoutId": logged.id], token: world.coachB.tokens.accessToken))
    #expect(coachs.programVersion == 1)
  }

  /// A bad value is refused with its path, and nothing is stored. `E` is a library exercise;
  /// `ROW` a good row of it.
  @Test(arguments: [
    ("days", #"{"name":"P","days":[]}"#),
    (
      "days[0].rows[0].rir",
      #"{"name":"P","days":[{"rows":[{"exerciseId":"E","sets":1,"#
        + #""rir":11}]}]}"#
    ),
    (
      "days[0].rows[0].setRows[1].rpe",
      #"{"name":"P","days":[{"rows":[{"exerciseId":"E","#
        + #""setRows":[{},{"rpe":10.25}]}]}]}"#
    ),
    ("days[0].rows[0].sets", #"{"name":"P","days":[{"rows":[{"exerciseId":"E"}]}]}"#),
    (
      "days[0].rows[1].exerciseId",
      #"{"name":"P","days":[{"rows":[ROW,{"exerciseId":"999","#
        + #""sets":1}]}]}"#
    ),
    ("days[1].id", #"{"name":"P","days":[{"id":"a","rows":[ROW]},{"id":"a","rows":[ROW]}]}"#),
    (
      "days[0].rows[0].restSeconds",
      #"{"name":"P","days":[{"rows":[{"exerciseId":"E","#
        + #""sets":1,"restSeconds":3601}]}]}"#
    ),
    ("name", #"{"name":"  ","days":[{"rows":[ROW]}]}"#),
  ])
  func aBadProgramIsRefusedNamingThePath(_ field: String, _ template: String) throws {
    let fixture = try Fixture(.sqlite)
    let world = try AccountAttackTests.twoStudios(fixture)
    let coach = world.coachB.tokens.accessToken
    let (exercise, _) = try AccountAttackTests.libraryAndProgram(fixture, world)
    let listed = { try fixture.send(fixture.endpoints.listCoachPrograms, token: coach).body }
    let before = try listed()
    let answer = fixture.send(
      .post, "/v1/coach/programs", token: coach,
      body: Data(
        template.replacingOccurrences(of: "ROW", with: #"{"exerciseId":"E","sets":1}"#)
          .replacingOccurrences(of: "\"E\"", with: "\"\(exercise)\"").utf8))
    #expect(answer.status == .badRequest)
    #expect(answer.errorBody?.code == "invalid_body")
    #expect(
      answer.errorBody?.message.hasPrefix("Body: \(field) ") == true,
      "\(answer.errorBody?.message ?? "")")
    #expect(try listed() == before)
  }

  /// A trainee's token is refused every builder route; another studio's trainee in an
  /// assignment's body is 404 naming the field, and nobody is assigned.
  @Test(arguments: StoreBackend.available)
  func onlyTheStudiosCoachBuildsAndAssigns(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try AccountAttackTests.twoStudios(fixture)
    let (_, program) = try AccountAttackTests.libraryAndProgram(fixture, world)
    let builderRoutes = TraineeEndpoints.table.all.filter {
      $0.path.description.hasPrefix("/v1/coach/exercises")
        || $0.path.description.hasPrefix("/v1/coach/programs")
    }
    #expect(builderRoutes.count == 12)
    for entry in builderRoutes {
      let path = entry.path.filled([
        "exerciseId": "1", "programId": program,
        "traineeId": world.traineeB.account.traineeId ?? "",
      ])!
      let answer = fixture.send(
        HTTPMethod(rawValue: entry.method.rawValue), path,
        token: world.traineeB.tokens.accessToken, body: Data("{}".utf8))
      #expect(answer.status.code == 403, "\(entry.name)")
      #expect(answer.errorBody?.code == "forbidden")
    }
    let other = try fixture.read(
      SignedInDto.self,
      try fixture.accept(try fixture.invite(by: world.coachA).code, email: "other@a.io"))
    let answer = try fixture.send(
      fixture.endpoints.assignCoachProgram, ["programId": program],
      token: world.coachB.tokens.accessToken,
      json: AssignProgramRequestDto(
        traineeIds: [world.traineeB.account.traineeId!, other.account.traineeId!], mode: .copy))
    #expect(answer.status == .notFound)
    #expect(answer.errorBody?.message == "Body: traineeIds[1] names no trainee of your studio.")
    let workouts = try fixture.read(
      TrainingProgramsDto.self,
      try fixture.send(fixture.endpoints.getWorkouts, token: world.traineeB.tokens.accessToken))
    #expect(workouts.plans.isEmpty)
  }

  /// An assignment's bad trainee list or schedule is refused naming the field, and nobody is
  /// assigned.
  @Test(arguments: [
    ("traineeIds", #"{"traineeIds":[],"mode":"linked"}"#),
    ("traineeIds[0]", #"{"traineeIds":["x"],"mode":"linked"}"#),
    ("traineeIds[1]", #"{"traineeIds":["T","T"],"mode":"linked"}"#),
    ("schedule.weekdays[1]", #"{"traineeIds":["T"],"mode":"copy","schedule":SCHEDULE}"#),
    ("schedule.weekdays", #"{"traineeIds":["T"],"mode":"copy","schedule":{"weekdays":[]}}"#),
    ("schedule.perWeek", #"{"traineeIds":["T"],"mode":"copy","schedule":{"perWeek":15}}"#),
    ("schedule.perWeek", #"{"traineeIds":["T"],"mode":"copy","schedule":BOTH}"#),
  ])
  func aBadAssignmentIsRefusedNamingTheField(_ field: String, _ template: String) throws {
    let fixture = try Fixture(.sqlite)
    let world = try AccountAttackTests.twoStudios(fixture)
    let (_, program) = try AccountAttackTests.libraryAndProgram(fixture, world)
    let trainee = try #require(world.traineeB.account.traineeId)
    let answer = fixture.send(
      .post, "/v1/coach/programs/\(program)/assignments", token: world.coachB.tokens.accessToken,
      body: Data(
        template.replacingOccurrences(of: "\"T\"", with: "\"\(trainee)\"")
          .replacingOccurrences(of: "SCHEDULE", with: #"{"weekdays":["mon","funday"]}"#)
          .replacingOccurrences(of: "BOTH", with: #"{"weekdays":["mon"],"perWeek":2}"#).utf8))
    #expect(answer.status == .badRequest)
    #expect(
      answer.errorBody?.message.hasPrefix("Body: \(field) ") == true,
      "\(answer.errorBody?.message ?? "")")
    let workouts = try fixture.read(
      TrainingProgramsDto.self,
      try fixture.send(fixture.endpoints.getWorkouts, token: world.traineeB.tokens.accessToken))
    #expect(workouts.plans.isEmpty)
  }

  /// The library lists by pages, hides archived exercises unless asked, and refuses a bad query
  /// naming it.
  @Test(arguments: StoreBackend.available)
  func theLibraryIsPaged(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try AccountAttackTests.twoStudios(fixture)
    let coach = world.coachB.tokens.accessToken
    var made: [String] = []
    for name in ["A", "B", "C"] {
      made.append(
        try fixture.read(
          LibraryExerciseDto.self,
          try fixture.send(
            fixture.endpoints.createLibraryExercise, token: coach,
            json: LibraryExerciseRequestDto(name: name, kind: .timed)), status: .created
        ).id)
    }
    let archived = try fixture.send(
      fixture.endpoints.archiveLibraryExercise, ["exerciseId": made[1]], token: coach)
    #expect(archived.status == .noContent)
    // Pages go by id, which is random: the order the ids give.
    let byID = zip(made, ["A", "B", "C"]).sorted { Int64($0.0)! < Int64($1.0)! }
    let live = byID.filter { $0.1 != "B" }.map(\.1)
    let first = try fixture.read(
      LibraryExercisesDto.self,
      try fixture.send(fixture.endpoints.listLibraryExercises, query: "limit=1", token: coach))
    #expect(first.exercises.map(\.name) == [live[0]])
    let rest = try fixture.read(
      LibraryExercisesDto.self,
      try fixture.send(
        fixture.endpoints.listLibraryExercises, query: "after=\(first.nextAfter ?? "")",
        token: coach))
    #expect(rest.exercises.map(\.name) == [live[1]])
    #expect(rest.nextAfter == nil)
    let all = try fixture.read(
      LibraryExercisesDto.self,
      try fixture.send(fixture.endpoints.listLibraryExercises, query: "archived=true", token: coach)
    )
    #expect(all.exercises.map(\.name) == byID.map(\.1))
    #expect(all.exercises.map(\.archived) == byID.map { $0.1 == "B" })
    for (query, name) in [("limit=0", "limit"), ("after=x", "after"), ("archived=1", "archived")] {
      let answer = try fixture.send(
        fixture.endpoints.listLibraryExercises, query: query, token: coach)
      #expect(answer.status == .badRequest)
      #expect(answer.errorBody?.message.hasPrefix("Query \(name) ") == true)
    }
    let badURL = try fixture.send(
      fixture.endpoints.updateLibraryExercise, ["exerciseId": made[0]], token: coach,
      json: LibraryExerciseRequestDto(name: "A", videoUrl: "ftp://x", kind: .timed))
    #expect(badURL.errorBody?.message.hasPrefix("Body: videoUrl ") == true)
    let selfSubstitute = try fixture.send(
      fixture.endpoints.updateLibraryExercise, ["exerciseId": made[0]], token: coach,
      json: LibraryExerciseRequestDto(name: "A", kind: .timed, substitutes: [made[0]]))
    #expect(selfSubstitute.errorBody?.message.hasPrefix("Body: substitutes[0] ") == true)
  }
}
