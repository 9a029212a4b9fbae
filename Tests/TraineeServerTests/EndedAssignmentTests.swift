import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// Ending a program's assignment: by the coach, and by the trainee's link to the studio ending
/// (docs/decisions/the-coachs-programs.md, "Ending an assignment"), on both backends.
@Suite struct EndedAssignmentTests {
  typealias Fixture = AccountRoutesFixture

  /// Studio B's program assigned to studio B's trainee by its coach; the trainee's plans.
  static func assigned(
    _ fixture: Fixture
  ) throws -> (world: AccountAttackTests.TwoStudios, program: String, plans: () throws -> [String])
  {
    let world = try AccountAttackTests.twoStudios(fixture)
    let (_, program) = try AccountAttackTests.libraryAndProgram(fixture, world)
    _ = try fixture.read(
      ProgramAssignmentsDto.self,
      try fixture.send(
        fixture.endpoints.assignCoachProgram, ["programId": program],
        token: world.coachB.tokens.accessToken,
        json: AssignProgramRequestDto(
          traineeIds: [world.traineeB.account.traineeId ?? ""], mode: .linked)))
    let plans = { () throws -> [String] in
      try fixture.read(
        TrainingProgramsDto.self,
        try fixture.send(fixture.endpoints.getWorkouts, token: world.traineeB.tokens.accessToken)
      ).plans.map(\.id)
    }
    return (world, program, plans)
  }

  @Test(arguments: StoreBackend.available)
  func theCoachEndsAnAssignmentAndTheTraineesNextReadHasItNoMore(
    _ backend: StoreBackend
  ) throws {
    let fixture = try Fixture(backend)
    let (world, program, plans) = try Self.assigned(fixture)
    let traineeId = try #require(world.traineeB.account.traineeId)
    #expect(try plans() == ["program-\(program)"])
    let path = ["programId": program, "traineeId": traineeId]

    // Studio A's coach cannot end it; nothing changes.
    let stranger = try fixture.send(
      fixture.endpoints.endCoachProgramAssignment, path, token: world.coachA.tokens.accessToken)
    #expect(stranger.status == .notFound)
    #expect(try plans() == ["program-\(program)"])

    let ended = try fixture.send(
      fixture.endpoints.endCoachProgramAssignment, path, token: world.coachB.tokens.accessToken)
    #expect(ended.status == .noContent)
    #expect(try plans() == [])
    // Ended once: a second end finds nothing.
    let again = try fixture.send(
      fixture.endpoints.endCoachProgramAssignment, path, token: world.coachB.tokens.accessToken)
    #expect(again.status == .notFound)
    // The trainee cannot end it either: a coach's route.
    let trainee = try fixture.send(
      fixture.endpoints.endCoachProgramAssignment, path,
      token: world.traineeB.tokens.accessToken)
    #expect(trainee.status.code == 403)
  }

  @Test(arguments: StoreBackend.available)
  func leavingTheStudioEndsItsProgramAndMealPlanAssignments(_ backend: StoreBackend) throws {
    let fixture = try Fixture(backend)
    let (world, program, plans) = try Self.assigned(fixture)
    #expect(try plans() == ["program-\(program)"])
    // A meal plan of the studio assigned too: leaving ends it as well.
    let mealPlan = try CoachMealPlanRouteTests.mealPlan(fixture, world)
    _ = try fixture.read(
      MealPlanAssignmentsDto.self,
      try fixture.send(
        fixture.endpoints.assignCoachMealPlan, ["mealPlanId": mealPlan],
        token: world.coachB.tokens.accessToken,
        json: AssignMealPlanRequestDto(
          traineeIds: [world.traineeB.account.traineeId ?? ""], mode: .linked)))
    let mealPlans = { () throws -> Int in
      try fixture.read(
        NutritionPlansDto.self,
        try fixture.send(
          fixture.endpoints.getNutritionPlans, token: world.traineeB.tokens.accessToken)
      ).plans.count
    }
    #expect(try mealPlans() == 1)

    let left = try fixture.send(
      fixture.endpoints.leaveStudio, ["studioId": world.studioB.id],
      token: world.traineeB.tokens.accessToken)
    #expect(left.status == .noContent)

    #expect(try plans() == [])
    #expect(try mealPlans() == 0)
    let traineeId = try #require(world.traineeB.account.traineeId)
    let end = try fixture.send(
      fixture.endpoints.endCoachProgramAssignment,
      ["programId": program, "traineeId": traineeId], token: world.coachB.tokens.accessToken)
    #expect(end.status == .notFound)
  }
}
