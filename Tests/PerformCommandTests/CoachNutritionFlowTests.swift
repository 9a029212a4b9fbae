import Foundation
import Testing
import TraineeAPI
import TraineeClient

/// Issue 33 items 1 and 2 through the real binary on SQLite (and PostgreSQL when
/// PERFORM_TEST_POSTGRESQL names a cluster): the trainee's meal log is measured against the plan
/// imported by `perform nutrition-plan import`; the coach's roster counts the day within the
/// studio's tolerance, a tighter tolerance set by HTTP reaches the next roster, and the coach's
/// nutrition days show the day's plan against eaten (docs/decisions/the-coachs-roster.md,
/// "Nutrition within tolerance").
@Suite struct CoachNutritionFlowTests {
  typealias Flow = AccountsFlowTests

  static let plans = """
    {"plans":[{"id":"cut","name":"Cut","days":[{"id":"train","targets":{"kcal":2400,\
    "protein":180},"meals":[]}]}]}
    """

  static func within(_ server: ServeChild, coach: String, trainee: String) async throws -> Int {
    let roster = try await Flow.send(
      server, "GET", TraineeEndpoints.table.coachRoster.path.description, token: coach,
      as: CoachRosterDto.self)
    return try #require(roster.trainees.first { $0.traineeId == trainee })
      .last7Days.nutritionDaysWithinTolerance
  }

  @Test func aMealIsMeasuredAgainstThePlanByTheStudiosTolerance() async throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let endpoints = TraineeEndpoints.table
    let plansFile = directory.appendingPathComponent("plans.json")
    try Data(Self.plans.utf8).write(to: plansFile)
    // Yesterday in UTC (the trainee's zone before any write names one): within the last 7 days
    // even if the clock passes midnight during the test.
    let yesterday = CalendarDate(
      Date().addingTimeInterval(-86_400), in: TimeZone(identifier: "UTC")!)
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
      let invite = try await Flow.send(
        server, "POST", endpoints.createInvite.path.description, token: coach,
        json: CreateInviteRequestDto(validForSeconds: nil), status: 201, as: NewInviteDto.self)
      let ada = try await Flow.send(
        server, "POST", endpoints.acceptInvite.path.description, token: nil,
        json: AcceptInviteRequestDto(
          code: invite.code, name: "Ada", email: "ada@example.com", password: Flow.password,
          device: "phone"),
        as: SignedInDto.self)
      let trainee = try #require(ada.account.traineeId)
      let imported = try PerformBinary.run(
        ["nutrition-plan", "import", plansFile.path, "--trainee", trainee, "--database", database])
      #expect(imported.status == 0, "\(imported.stderr)")
      // 2,640 kcal is exactly 10 % over 2,400; 162 g exactly 90 % of 180.
      _ = try await Flow.send(
        server, "POST", endpoints.logMeal.path.description, token: ada.tokens.accessToken,
        json: JSONValue.object([
          "date": .string(yesterday.description),
          "items": .array([
            .object(["name": .string("Feast"), "kcal": .number(2640), "protein": .number(162)])
          ]),
        ]), status: 201, as: LoggedMealDto.self)
      _ = try await Flow.send(
        server, "PUT", endpoints.putNutritionDay.path.description, token: ada.tokens.accessToken,
        json: JSONValue.object(["date": .string(yesterday.description), "data": .object([:])]),
        as: JSONValue.self)
      #expect(try await Self.within(server, coach: coach, trainee: trainee) == 1)
      let tolerance = try #require(
        endpoints.setNutritionTolerance.path.filled(["traineeId": trainee]))
      let strict = NutritionToleranceDto(kcalWithinPercent: 9, proteinAtLeastPercent: 90)
      #expect(
        try await Flow.send(
          server, "PUT", tolerance, token: coach, json: strict, as: NutritionToleranceDto.self)
          == strict)
      #expect(try await Self.within(server, coach: coach, trainee: trainee) == 0)
      let days = try await Flow.send(
        server, "GET",
        try #require(
          endpoints.getTraineeNutritionDaysForCoach.path.filled(["traineeId": trainee]))
          + "?from=\(yesterday)&to=\(yesterday)",
        token: coach, as: NutritionDaysDto.self)
      #expect(days.tolerance == strict)
      #expect(
        days.days.map(\.planAgainstEaten) == [
          PlanAgainstEatenDto(
            targets: DayTargetsDto(kcal: 2400, protein: 180),
            eaten: MacrosDto(kcal: 2640, protein: 162), withinTolerance: false)
        ])
    }
  }
}
