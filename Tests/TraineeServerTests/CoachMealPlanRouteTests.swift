import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The coach's meal plan routes (docs/decisions/the-coachs-meal-plans.md), on both backends.
@Suite struct CoachMealPlanRouteTests {
  typealias Fixture = AccountRoutesFixture

  /// A meal plan of studio B, by studio B's coach through the routes.
  static func mealPlan(_ fixture: Fixture, _ world: AccountAttackTests.TwoStudios) throws -> String
  {
    try fixture.read(
      CoachMealPlanDto.self,
      try fixture.send(
        fixture.endpoints.createCoachMealPlan, token: world.coachB.tokens.accessToken,
        json: CoachMealPlanStoreTests.document(name: "B's meal plan")),
      status: .created
    ).id
  }

  /// Studio B's coach builds a meal plan by the routes and assigns it, linked, to studio B's
  /// trainee; the trainee's plans show it, then its edit, with a new answer version.
  @Test(arguments: StoreBackend.available)
  func aMealPlanBuiltByTheRoutesReachesTheTrainee(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try AccountAttackTests.twoStudios(fixture)
    let coach = world.coachB.tokens.accessToken
    let trainee = world.traineeB.tokens.accessToken
    let traineeId = try #require(world.traineeB.account.traineeId)
    let id = try Self.mealPlan(fixture, world)
    let assigned = try fixture.read(
      MealPlanAssignmentsDto.self,
      try fixture.send(
        fixture.endpoints.assignCoachMealPlan, ["mealPlanId": id], token: coach,
        json: AssignMealPlanRequestDto(traineeIds: [traineeId], mode: .linked)))
    #expect(
      assigned.assignments == [
        MealPlanAssignmentDto(traineeId: traineeId, mealPlanId: id, mode: .linked, version: 1)
      ])
    let plans = { () throws -> (HTTPResponse, [NutritionPlanDto]) in
      let answer = try fixture.send(fixture.endpoints.getNutritionPlans, token: trainee)
      return (answer, try fixture.read(NutritionPlansDto.self, answer).plans)
    }
    let (first, before) = try plans()
    #expect(before.map(\.id) == ["meal-plan-\(id)"])
    #expect(before[0].days[0].meals[0].items[0].options.map(\.id) == ["oats-80", "bread"])
    var document = CoachMealPlanStoreTests.document(oatsKcal: 310, name: "B's meal plan")
    document.days[0].meals[0].items[0].options.removeLast()
    let edited = try fixture.read(
      CoachMealPlanDto.self,
      try fixture.send(
        fixture.endpoints.editCoachMealPlan, ["mealPlanId": id], token: coach, json: document))
    #expect(edited.version == 2)
    let (second, after) = try plans()
    #expect(after.map(\.version) == [2])
    #expect(after[0].days[0].meals[0].items[0].options.map(\.kcal) == [310])
    #expect(first.headers["ETag"] != nil)
    #expect(first.headers["ETag"] != second.headers["ETag"])
    let older = try fixture.read(
      CoachMealPlanDto.self,
      try fixture.send(
        fixture.endpoints.getCoachMealPlan, ["mealPlanId": id], query: "version=1", token: coach))
    #expect(older.plan == before[0])
    #expect(older.latestVersion == 2)
    let list = try fixture.read(
      CoachMealPlansDto.self,
      try fixture.send(fixture.endpoints.listCoachMealPlans, token: coach))
    #expect(list.mealPlans.map(\.latestVersion) == [2])
    #expect(list.nextAfter == nil)
  }

  /// A bad value is 400 naming its path and stores nothing; a version the plan lacks is 404; an
  /// archived plan is 409 to assign; a trainee of no link is 404 naming the field.
  @Test(arguments: StoreBackend.available)
  func refusalsNameWhatIsWrongAndChangeNothing(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let world = try AccountAttackTests.twoStudios(fixture)
    let coach = world.coachB.tokens.accessToken
    let id = try Self.mealPlan(fixture, world)
    var bad = CoachMealPlanStoreTests.document()
    bad.days[0].meals[1].items[0].options[0].kcal = 50_000
    let refused = try fixture.send(
      fixture.endpoints.editCoachMealPlan, ["mealPlanId": id], token: coach, json: bad)
    #expect(refused.status == .badRequest)
    #expect(refused.errorBody?.code == "invalid_body")
    #expect(
      refused.errorBody?.message
        == "Body: days[0].meals[1].items[0].options[0].kcal must be 0 to 20000.")
    let unknown = try fixture.send(
      fixture.endpoints.getCoachMealPlan, ["mealPlanId": id], query: "version=2", token: coach)
    #expect(unknown.status == .notFound)
    let zero = try fixture.send(
      fixture.endpoints.getCoachMealPlan, ["mealPlanId": id], query: "version=0", token: coach)
    #expect(zero.errorBody?.code == "invalid_query")
    let stranger = try fixture.send(
      fixture.endpoints.assignCoachMealPlan, ["mealPlanId": id], token: coach,
      json: AssignMealPlanRequestDto(
        traineeIds: [try #require(world.traineeB.account.traineeId), "999999"], mode: .copy))
    #expect(stranger.status == .notFound)
    #expect(stranger.errorBody?.message == "Body: traineeIds[1] names no trainee of your studio.")
    #expect(
      try fixture.read(
        NutritionPlansDto.self,
        try fixture.send(
          fixture.endpoints.getNutritionPlans, token: world.traineeB.tokens.accessToken)
      ).plans == [])
    let archived = try fixture.send(
      fixture.endpoints.archiveCoachMealPlan, ["mealPlanId": id], token: coach)
    #expect(archived.status == .noContent)
    let assign = try fixture.send(
      fixture.endpoints.assignCoachMealPlan, ["mealPlanId": id], token: coach,
      json: AssignMealPlanRequestDto(
        traineeIds: [try #require(world.traineeB.account.traineeId)], mode: .copy))
    #expect(assign.status == .conflict)
    #expect(assign.errorBody?.code == "meal_plan_archived")
    let current = try fixture.read(
      CoachMealPlanDto.self,
      try fixture.send(fixture.endpoints.getCoachMealPlan, ["mealPlanId": id], token: coach))
    #expect(current.version == 1)
    #expect(current.archived)
    let copy = try fixture.read(
      CoachMealPlanDto.self,
      try fixture.send(
        fixture.endpoints.copyCoachMealPlan, ["mealPlanId": id], token: coach,
        json: CopyProgramRequestDto(name: "Fresh")),
      status: .created)
    #expect(copy.name == "Fresh")
    #expect(copy.days == current.days)
    // A trainee calling a coach route is refused by role.
    let asTrainee = try fixture.send(
      fixture.endpoints.listCoachMealPlans, token: world.traineeB.tokens.accessToken)
    #expect(asTrainee.status == 403)
  }
}
