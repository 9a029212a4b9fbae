import Foundation
import Testing
import TraineeAPI
import TraineeClient

/// Issue 33 item 3 through the real binary on SQLite (and PostgreSQL when
/// PERFORM_TEST_POSTGRESQL names a cluster): a coach builds a program from the studio's library by
/// HTTP calls and assigns it, linked to one trainee and as the other's own copy; each trainee's
/// `GET /v1/trainee/workouts`, through the app's client, shows it; an edit reaches the linked
/// assignee and not the copy, and a log names the version it was done from
/// (docs/decisions/the-coachs-programs.md).
@Suite struct CoachProgramsFlowTests {
  typealias Flow = AccountsFlowTests

  @Test func aProgramBuiltByTheCoachReachesTheTraineesClient() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let endpoints = TraineeEndpoints.table
    for database in try Flow.databases(in: directory) {
      let studio = try #require(
        Flow.perform(["studio", "add", "Iron Temple"], database: database)["id"])
      _ = try Flow.perform(
        [
          "account", "add", "--role", "coach", "--name", "Carter", "--email",
          "carter@example.com", "--studio", studio,
        ], database: database, input: Flow.password + "\n")
      let server = try ServeChild(
        databaseArgument: database, demo: false, arguments: ["--data-dir", directory.path])
      defer { server.interrupt() }
      let coach = try await Flow.send(
        server, "POST", endpoints.signIn.path.description, token: nil,
        json: SignInRequestDto(
          email: "carter@example.com", password: Flow.password, device: "laptop"),
        as: SignedInDto.self
      ).tokens.accessToken
      var trainees: [SignedInDto] = []
      for email in ["ada@example.com", "bo@example.com"] {
        let invite = try await Flow.send(
          server, "POST", endpoints.createInvite.path.description, token: coach,
          json: CreateInviteRequestDto(validForSeconds: nil), status: 201, as: NewInviteDto.self)
        trainees.append(
          try await Flow.send(
            server, "POST", endpoints.acceptInvite.path.description, token: nil,
            json: AcceptInviteRequestDto(
              code: invite.code, name: "T", email: email, password: Flow.password, device: "A"),
            as: SignedInDto.self))
      }
      let squat = try await Flow.send(
        server, "POST", endpoints.createLibraryExercise.path.description, token: coach,
        json: LibraryExerciseRequestDto(name: "Back squat", equipment: "Barbell", kind: .strength),
        status: 201, as: LibraryExerciseDto.self)
      let document = { (reps: String) in
        CoachProgramDocumentDto(
          name: "Legs",
          days: [
            CoachProgramDayDto(
              title: "Day A",
              rows: [CoachProgramRowDto(exerciseId: squat.id, sets: 3, reps: reps, rir: 2)])
          ])
      }
      let program = try await Flow.send(
        server, "POST", endpoints.createCoachProgram.path.description, token: coach,
        json: document("5"), status: 201, as: CoachProgramDto.self)
      let assignments = try #require(
        endpoints.assignCoachProgram.path.filled(["programId": program.id]))
      for (trainee, mode) in zip(trainees, [AssignmentMode.linked, .copy]) {
        _ = try await Flow.send(
          server, "POST", assignments, token: coach,
          json: AssignProgramRequestDto(
            traineeIds: [try #require(trainee.account.traineeId)], mode: mode,
            schedule: AssignmentScheduleDto(perWeek: 2)),
          as: ProgramAssignmentsDto.self)
      }
      let clients = trainees.map {
        TraineeAPIClient(
          baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, token: $0.tokens.accessToken)
      }
      for client in clients {
        let plan = try #require(try await client.workouts().plans.first)
        #expect(plan.version == 1)
        #expect(plan.days[0].strength[0].name == "Back squat")
        #expect(plan.days[0].strength[0].setRows.map(\.reps) == ["5", "5", "5"])
      }
      _ = try await Flow.send(
        server, "PUT",
        try #require(endpoints.editCoachProgram.path.filled(["programId": program.id])),
        token: coach, json: document("3"), as: CoachProgramDto.self)
      let linked = try #require(try await clients[0].workouts().plans.first)
      let copy = try #require(try await clients[1].workouts().plans.first)
      #expect(linked.version == 2)
      #expect(linked.days[0].strength[0].setRows.map(\.reps) == ["3", "3", "3"])
      #expect(copy.version == 1)
      #expect(copy.days[0].strength[0].setRows.map(\.reps) == ["5", "5", "5"])
      let logged = try await clients[0].logWorkout(
        LogWorkoutPayload(
          programId: linked.id, dayId: linked.days[0].id, label: "Day A", durationSec: 600,
          completed: true, entries: [], programVersion: linked.version),
        idempotencyKey: "flow-\(database.hashValue)")
      #expect(try await clients[0].workoutLog(id: logged.id).programVersion == 2)
    }
  }
}
