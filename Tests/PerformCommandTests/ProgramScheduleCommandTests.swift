import Foundation
import Testing
import TraineeAPI

/// `perform program schedule` through the real binary, on SQLite (and PostgreSQL when
/// PERFORM_TEST_POSTGRESQL names a cluster): a good schedule is stored and the coach's roster
/// counts by it; bad options exit 2 naming what is wrong and change nothing
/// (docs/decisions/the-coachs-roster.md, "Schedules").
@Suite struct ProgramScheduleCommandTests {
  private static let program = PerformBinary.packageRoot
    .appendingPathComponent("examples/demo-program.json")

  /// One finished workout of one set, as the app posts it.
  private static let workout = Data(
    """
    { "programId": "plan_strength", "dayId": "day_legs", "label": "Day 3", "durationSec": 60,
      "completed": true, "entries": [ { "exerciseId": "ex_squat", "name": "Back squat",
      "done": true, "tempo": null, "sets": [ { "setNumber": 1, "reps": 5,
      "targetReps": 5, "weight": 90, "rir": null, "rm": null, "done": true } ] } ] }
    """.utf8)

  /// The trainee's program as `perform account export` writes it: its schedule's members.
  private static func storedProgram(
    account: String, database: String
  ) throws -> [String: Any] {
    let output = try PerformBinary.run(["account", "export", account, "--database", database])
    guard output.status == 0 else {
      throw ChildFailure("perform account export exited \(output.status): \(output.stderr)")
    }
    let document = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any]
    let trainee = document?["trainee"] as? [String: Any]
    let records = trainee?["records"] as? [String: Any]
    let programs = records?["programs"] as? [[String: Any]] ?? []
    return try #require(programs.first)
  }

  private static func schedule(
    _ options: [String], trainee: String, database: String
  ) throws -> PerformBinary.Output {
    try PerformBinary.run(
      ["program", "schedule", "--trainee", trainee] + options + ["--database", database])
  }

  @Test func aGoodScheduleIsStoredAndCountedAndBadOptionsChangeNothing() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let endpoints = TraineeEndpoints.table
    let password = AccountsFlowTests.password
    for database in try AccountsFlowTests.databases(in: directory) {
      let studio = try #require(
        AccountsFlowTests.perform(["studio", "add", "Iron Temple"], database: database)["id"])
      _ = try AccountsFlowTests.perform(
        [
          "account", "add", "--role", "coach", "--name", "Carter", "--email",
          "carter@example.com", "--studio", studio,
        ], database: database, input: password + "\n")
      let server = try ServeChild(
        databaseArgument: database, demo: false, arguments: ["--data-dir", directory.path])
      defer { server.interrupt() }
      let coach = try await AccountsFlowTests.send(
        server, "POST", endpoints.signIn.path.description, token: nil,
        json: SignInRequestDto(
          email: "carter@example.com", password: password, device: "laptop"),
        as: SignedInDto.self)
      let invite = try await AccountsFlowTests.send(
        server, "POST", endpoints.createInvite.path.description,
        token: coach.tokens.accessToken, json: CreateInviteRequestDto(validForSeconds: nil),
        status: 201, as: NewInviteDto.self)
      let ada = try await AccountsFlowTests.send(
        server, "POST", endpoints.acceptInvite.path.description, token: nil,
        json: AcceptInviteRequestDto(
          code: invite.code, name: "Ada", email: "ada@example.com", password: password,
          device: "phone"),
        as: SignedInDto.self)
      let trainee = try #require(ada.account.traineeId)
      let imported = try PerformBinary.run(
        ["program", "import", Self.program.path, "--trainee", trainee, "--database", database])
      #expect(imported.status == 0, "\(imported.stderr)")

      let good = try Self.schedule(["--per-week", "7"], trainee: trainee, database: database)
      #expect(good.status == 0, "\(good.stderr)")
      #expect(
        String(decoding: good.stdout, as: UTF8.self)
          == "scheduled the program of trainee \(trainee)\n")
      let stored = try Self.storedProgram(account: ada.account.id, database: database)
      #expect(stored["schedulePerWeek"] as? Int == 7)
      #expect(stored["scheduleWeekdays"] is NSNull)

      let unscheduled = try #require(
        AccountsFlowTests.perform(["trainee", "add", "Bo"], database: database)["id"])
      let bad: [([String], String, String)] = [
        ([], trainee, "give one of --weekdays, --per-week and --program-days"),
        (["--per-week", "3", "--program-days"], trainee, "give one of"),
        (["--weekdays", "mon", "--per-week", "3"], trainee, "give one of"),
        (["--weekdays", "mon,funday"], trainee, "--weekdays \"mon,funday\""),
        (["--weekdays", ""], trainee, "--weekdays"),
        (["--per-week", "0"], trainee, "--per-week \"0\" is not a number from 1 to 14"),
        (["--per-week", "15"], trainee, "--per-week \"15\""),
        (["--per-week", "two"], trainee, "--per-week \"two\""),
        (["--days", "3"], trainee, "--days"),
        (["--per-week", "3"], "ada", "--trainee \"ada\" is not a trainee id"),
        (["--per-week", "3"], "987654", "there is no trainee 987654"),
        (["--per-week", "3"], unscheduled, "has no program; import one first"),
      ]
      for (options, who, message) in bad {
        let output = try Self.schedule(options, trainee: who, database: database)
        #expect(output.status == 2, "\(options) \(who)")
        #expect(output.stderr.contains(message), "\(options) \(who): \(output.stderr)")
        #expect(output.stdout.isEmpty, "\(options) \(who)")
      }
      let unchanged = try Self.storedProgram(account: ada.account.id, database: database)
      #expect(unchanged["schedulePerWeek"] as? Int == 7)
      #expect(unchanged["scheduleWeekdays"] is NSNull)
      #expect(unchanged["scheduledFrom"] as? String == stored["scheduledFrom"] as? String)

      let weekdays = try Self.schedule(
        ["--weekdays", "mon,wed,fri"], trainee: trainee, database: database)
      #expect(weekdays.status == 0, "\(weekdays.stderr)")
      let onWeekdays = try Self.storedProgram(account: ada.account.id, database: database)
      #expect(onWeekdays["scheduleWeekdays"] as? Int == 0b10101)
      #expect(onWeekdays["schedulePerWeek"] is NSNull)

      // Two workouts today. Since the import (today) a schedule of 14 a week puts two workouts
      // in today and 7 a week one; today owes only what was done, so the roster prescribes 2
      // and then 1 (docs/decisions/the-coachs-roster.md, "Schedules").
      for _ in 0..<2 {
        let logged = try await server.request(
          "POST", endpoints.logWorkout.path.description, token: ada.tokens.accessToken,
          body: Self.workout)
        #expect(logged.status == 201)
      }
      var prescribed: [Int] = []
      var today: [String] = []
      for perWeek in ["14", "7"] {
        let set = try Self.schedule(["--per-week", perWeek], trainee: trainee, database: database)
        #expect(set.status == 0, "\(set.stderr)")
        let roster = try await AccountsFlowTests.send(
          server, "GET", endpoints.coachRoster.path.description, token: coach.tokens.accessToken,
          as: CoachRosterDto.self)
        let ours = try #require(roster.trainees.first { $0.traineeId == trainee })
        #expect(ours.last7Days.workoutsDone == 2)
        prescribed.append(ours.last7Days.workoutsPrescribed)
        today.append(ours.today)
      }
      // The counts hold while the import's date is the roster's today (a run across UTC
      // midnight would put a due workout in the day before, which no one logged).
      if today.allSatisfy({ $0 == stored["scheduledFrom"] as? String }) {
        #expect(prescribed == [2, 1])
      }
    }
  }
}
