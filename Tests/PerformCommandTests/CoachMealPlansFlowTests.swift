import Foundation
import Testing
import TraineeAPI
import TraineeClient

/// Issue 33 item 4 through the real binary on SQLite (and PostgreSQL when
/// PERFORM_TEST_POSTGRESQL names a cluster): a coach builds a meal plan by HTTP calls and assigns
/// it, linked to one trainee and as the other's own copy; each trainee's
/// `GET /v1/trainee/nutrition/plans`, through the app's client, shows it; an edit reaches the
/// linked assignee and not the copy (docs/decisions/the-coachs-meal-plans.md).
@Suite struct CoachMealPlansFlowTests {
  typealias Flow = AccountsFlowTests

  static func document(oatsKcal: Double) -> CoachMealPlanDocumentDto {
    CoachMealPlanDocumentDto(
      name: "Lean",
      days: [
        NutritionPlanDayDto(
          id: "training", label: "Training day",
          targets: NutritionTargetsDto(kcal: 2400, protein: 160),
          meals: [
            NutritionMealDto(
              id: "breakfast", name: "Breakfast", time: "07:30",
              items: [
                NutritionItemDto(
                  id: "oats",
                  options: [
                    NutritionOptionDto(
                      id: "oats-80", name: "Oats", qty: 80, unit: "g", kcal: oatsKcal,
                      protein: 13),
                    NutritionOptionDto(id: "bread", name: "Rye bread", kcal: 250, protein: 8),
                  ])
              ])
          ])
      ])
  }

  @Test func aMealPlanBuiltByTheCoachReachesTheTraineesClient() async throws {
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
      let mealPlan = try await Flow.send(
        server, "POST", endpoints.createCoachMealPlan.path.description, token: coach,
        json: Self.document(oatsKcal: 380), status: 201, as: CoachMealPlanDto.self)
      let assignments = try #require(
        endpoints.assignCoachMealPlan.path.filled(["mealPlanId": mealPlan.id]))
      for (trainee, mode) in zip(trainees, [AssignmentMode.linked, .copy]) {
        _ = try await Flow.send(
          server, "POST", assignments, token: coach,
          json: AssignMealPlanRequestDto(
            traineeIds: [try #require(trainee.account.traineeId)], mode: mode),
          as: MealPlanAssignmentsDto.self)
      }
      let clients = trainees.map {
        TraineeAPIClient(
          baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, token: $0.tokens.accessToken)
      }
      for client in clients {
        let plan = try #require(try await client.nutritionPlans().plans.first)
        #expect(plan.id == "meal-plan-\(mealPlan.id)")
        #expect(plan.version == 1)
        #expect(plan.days[0].targets?.kcal == 2400)
        #expect(plan.days[0].meals[0].items[0].options.map(\.name) == ["Oats", "Rye bread"])
      }
      _ = try await Flow.send(
        server, "PUT",
        try #require(endpoints.editCoachMealPlan.path.filled(["mealPlanId": mealPlan.id])),
        token: coach, json: Self.document(oatsKcal: 300), as: CoachMealPlanDto.self)
      let linked = try #require(try await clients[0].nutritionPlans().plans.first)
      let copy = try #require(try await clients[1].nutritionPlans().plans.first)
      #expect(linked.version == 2)
      #expect(linked.days[0].meals[0].items[0].options[0].kcal == 300)
      #expect(linked.days[0].meals[0].items[0].id == "oats")
      #expect(copy.version == 1)
      #expect(copy.days[0].meals[0].items[0].options[0].kcal == 380)
    }
  }
}
