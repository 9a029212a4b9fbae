import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-meal-plans.md, "Meal plans and versions" and "Assignments": a
// meal plan of another studio, one no plan has, or a version it lacks is the same 404; a trainee
// of the body without a live link to the studio is 404 too, naming the field, and nothing is
// assigned. The routes mirror the programs' (the-coachs-programs.md) and share their checks.

extension TraineeAPIRoutes {
  /// Registers the studio's meal plans: list, read, create, edit, copy, archive and assign.
  func registerCoachMealPlanRoutes(on router: inout Router) {
    let store = store
    router.add(endpoints.listCoachMealPlans, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let query = try IDPageQuery(request)
      let found = try store.coachMealPlans(
        in: studio, page: IDPage(after: query.after, limit: query.limit + 1),
        archived: query.archived)
      let shown = found.prefix(query.limit)
      return .json(
        .ok,
        CoachMealPlansDto(
          mealPlans: shown.map {
            CoachMealPlanSummaryDto(
              id: $0.id.description, name: $0.name, latestVersion: $0.latestVersion,
              archived: $0.archived)
          }, nextAfter: found.count > query.limit ? shown.last?.id.description : nil))
    }
    router.add(endpoints.createCoachMealPlan, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let body = try request.decodeJSON(CoachMealPlanDocumentDto.self)
      return .json(.created, CoachMealPlanDto(try store.createCoachMealPlan(body, in: studio)))
    }
    router.add(endpoints.getCoachMealPlan, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let id = try Self.mealPlanID(request)
      let version = try Self.versionQuery(request)
      guard let found = try store.coachMealPlan(id, version: version, in: studio) else {
        throw Self.noMealPlan(request)
      }
      return .json(.ok, CoachMealPlanDto(found))
    }
    router.add(endpoints.editCoachMealPlan, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let id = try Self.mealPlanID(request)
      let body = try request.decodeJSON(CoachMealPlanDocumentDto.self)
      guard let edited = try store.editCoachMealPlan(id, body, in: studio) else {
        throw Self.noMealPlan(request)
      }
      return .json(.ok, CoachMealPlanDto(edited))
    }
    router.add(endpoints.copyCoachMealPlan, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let id = try Self.mealPlanID(request)
      let body = try request.decodeJSON(CopyProgramRequestDto.self)
      guard let copy = try store.copyCoachMealPlan(id, name: body.name, in: studio) else {
        throw Self.noMealPlan(request)
      }
      return .json(.created, CoachMealPlanDto(copy))
    }
    router.add(endpoints.archiveCoachMealPlan, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      guard try store.archiveCoachMealPlan(try Self.mealPlanID(request), in: studio) else {
        throw Self.noMealPlan(request)
      }
      return HTTPResponse(status: .noContent)
    }
    router.add(endpoints.assignCoachMealPlan, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let id = try Self.mealPlanID(request)
      let body = try request.decodeJSON(AssignMealPlanRequestDto.self)
      let trainees = try AssignmentInput.traineeIDs(body.traineeIds)
      switch try store.assignCoachMealPlan(id, to: trainees, mode: body.mode, in: studio) {
      case .assigned(let made):
        return .json(
          .ok, MealPlanAssignmentsDto(assignments: made.map(MealPlanAssignmentDto.init)))
      case .noMealPlan:
        throw Self.noMealPlan(request)
      case .archived:
        throw HTTPError(
          .conflict, code: "meal_plan_archived",
          message: "The meal plan is archived; copy it to assign it again.")
      case .noTrainee(let index):
        throw HTTPError(
          .notFound, code: "not_found",
          message: "Body: traineeIds[\(index)] names no trainee of your studio.")
      }
    }
  }

  /// The meal plan id of the path; 404 for one no meal plan could have.
  static func mealPlanID(_ request: HTTPRequest) throws -> CoachMealPlanID {
    guard let id = request.pathParameters["mealPlanId"].flatMap(CoachMealPlanID.init) else {
      throw noMealPlan(request)
    }
    return id
  }

  /// The 404 of a meal plan the studio does not have.
  static func noMealPlan(_ request: HTTPRequest) -> HTTPError {
    WorkoutRoutes.notFound("meal plan", request.pathParameters["mealPlanId"])
  }
}

extension CoachMealPlanDto {
  /// A meal plan at a version as the wire writes it.
  init(_ version: CoachMealPlanVersion) {
    self.init(
      id: version.mealPlan.id.description, name: version.mealPlan.name,
      version: version.version, latestVersion: version.mealPlan.latestVersion,
      archived: version.mealPlan.archived, days: version.plan.days, plan: version.plan)
  }
}

extension MealPlanAssignmentDto {
  /// An assignment as the wire writes it.
  init(_ assignment: CoachMealPlanAssignment) {
    self.init(
      traineeId: assignment.trainee.description, mealPlanId: assignment.mealPlan.description,
      mode: assignment.mode, version: assignment.version)
  }
}
