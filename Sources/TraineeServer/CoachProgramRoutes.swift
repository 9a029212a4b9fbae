import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-programs.md, "Programs and versions" and "Assignments": a
// program of another studio, one no program has, or a version it lacks is the same 404; a
// trainee of the body without a live link to the studio is 404 too, naming the field, and
// nothing is assigned.

extension TraineeAPIRoutes {
  /// Registers the studio's programs: list, read, create, edit, copy, archive and assign.
  func registerCoachProgramRoutes(on router: inout Router) {
    let store = store
    router.add(endpoints.listCoachPrograms, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let query = try IDPageQuery(request)
      let found = try store.coachPrograms(
        in: studio, page: IDPage(after: query.after, limit: query.limit + 1),
        archived: query.archived)
      let shown = found.prefix(query.limit)
      return .json(
        .ok,
        CoachProgramsDto(
          programs: shown.map {
            CoachProgramSummaryDto(
              id: $0.id.description, name: $0.name, latestVersion: $0.latestVersion,
              archived: $0.archived)
          }, nextAfter: found.count > query.limit ? shown.last?.id.description : nil))
    }
    router.add(endpoints.createCoachProgram, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let body = try request.decodeJSON(CoachProgramDocumentDto.self)
      return .json(.created, CoachProgramDto(try store.createCoachProgram(body, in: studio)))
    }
    router.add(endpoints.getCoachProgram, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let id = try Self.programID(request)
      let version = try Self.versionQuery(request)
      guard let found = try store.coachProgram(id, version: version, in: studio) else {
        throw WorkoutRoutes.notFound("program", request.pathParameters["programId"])
      }
      return .json(.ok, CoachProgramDto(found))
    }
    router.add(endpoints.editCoachProgram, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let id = try Self.programID(request)
      let body = try request.decodeJSON(CoachProgramDocumentDto.self)
      guard let edited = try store.editCoachProgram(id, body, in: studio) else {
        throw WorkoutRoutes.notFound("program", request.pathParameters["programId"])
      }
      return .json(.ok, CoachProgramDto(edited))
    }
    router.add(endpoints.copyCoachProgram, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let id = try Self.programID(request)
      let body = try request.decodeJSON(CopyProgramRequestDto.self)
      guard let copy = try store.copyCoachProgram(id, name: body.name, in: studio) else {
        throw WorkoutRoutes.notFound("program", request.pathParameters["programId"])
      }
      return .json(.created, CoachProgramDto(copy))
    }
    router.add(endpoints.archiveCoachProgram, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      guard try store.archiveCoachProgram(try Self.programID(request), in: studio) else {
        throw WorkoutRoutes.notFound("program", request.pathParameters["programId"])
      }
      return HTTPResponse(status: .noContent)
    }
    router.add(endpoints.assignCoachProgram, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let id = try Self.programID(request)
      let body = try request.decodeJSON(AssignProgramRequestDto.self)
      let (trainees, schedule) = try AssignmentInput.checked(body)
      switch try store.assignCoachProgram(
        id, to: trainees, mode: body.mode, schedule: schedule, in: studio)
      {
      case .assigned(let made):
        return .json(.ok, ProgramAssignmentsDto(assignments: made.map(ProgramAssignmentDto.init)))
      case .noProgram:
        throw WorkoutRoutes.notFound("program", request.pathParameters["programId"])
      case .archived:
        throw HTTPError(
          .conflict, code: "program_archived",
          message: "The program is archived; copy it to assign it again.")
      case .noTrainee(let index):
        throw HTTPError(
          .notFound, code: "not_found",
          message: "Body: traineeIds[\(index)] names no trainee of your studio.")
      }
    }
  }

  /// Registers `DELETE /v1/coach/programs/{programId}/assignments/{traineeId}`.
  func registerEndAssignmentRoute(on router: inout Router) {
    let store = store
    router.add(endpoints.endCoachProgramAssignment, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let id = try Self.programID(request)
      let trainee = try Self.coachedTrainee(request)
      guard try store.endCoachProgramAssignment(id, of: trainee, in: studio) else {
        throw WorkoutRoutes.notFound("assignment", request.pathParameters["traineeId"])
      }
      return HTTPResponse(status: .noContent)
    }
  }

  /// The `version` of the query (a program's or a meal plan's); `nil` without one, 400
  /// `invalid_query` for one that is not a whole number from 1.
  static func versionQuery(_ request: HTTPRequest) throws -> Int? {
    guard let text = request.query["version"] else { return nil }
    guard text.utf8.allSatisfy({ (48...57).contains($0) }), text.count <= 9,
      let number = Int(text), number >= 1
    else { throw IDPageQuery.invalid("version", "must be a whole number from 1") }
    return number
  }

  /// The program id of the path; 404 for one no program could have.
  static func programID(_ request: HTTPRequest) throws -> CoachProgramID {
    let named = request.pathParameters["programId"]
    guard let id = named.flatMap(CoachProgramID.init) else {
      throw WorkoutRoutes.notFound("program", named)
    }
    return id
  }
}

/// An assignment request's trainees and schedule, checked: 400 `invalid_body` naming the field.
enum AssignmentInput {
  static func checked(
    _ body: AssignProgramRequestDto
  ) throws -> ([TraineeID], ProgramSchedule?) {
    let trainees = try traineeIDs(body.traineeIds)
    guard let given = body.schedule else { return (trainees, nil) }
    switch (given.weekdays, given.perWeek) {
    case (let names?, nil):
      var days = ScheduledWeekdays()
      for (index, name) in names.enumerated() {
        guard let day = ScheduledWeekdays(names: name), name == name.lowercased(),
          !name.contains(",")
        else {
          throw invalid(
            "schedule.weekdays[\(index)]",
            "must be one of \(ScheduledWeekdays.names.joined(separator: ", "))")
        }
        days.formUnion(day)
      }
      guard !days.isEmpty else { throw invalid("schedule.weekdays", "must name a day") }
      return (trainees, .weekdays(days))
    case (nil, let count?):
      guard (1...ProgramSchedule.mostPerWeek).contains(count) else {
        throw invalid("schedule.perWeek", "must be 1 to \(ProgramSchedule.mostPerWeek)")
      }
      return (trainees, .perWeek(count))
    case (nil, nil):
      return (trainees, nil)
    case (_?, _?):
      throw invalid("schedule.perWeek", "must be absent when weekdays are given")
    }
  }

  /// The trainees of an assignment request (a program's or a meal plan's): 1 to
  /// ``DatabaseTraineeStore/mostAssigneesAtOnce`` ids, each once.
  static func traineeIDs(_ texts: [String]) throws -> [TraineeID] {
    let most = DatabaseTraineeStore.mostAssigneesAtOnce
    guard (1...most).contains(texts.count) else {
      throw invalid("traineeIds", "must hold 1 to \(most) trainee ids")
    }
    var trainees: [TraineeID] = []
    for (index, text) in texts.enumerated() {
      guard let id = TraineeID(text) else { throw invalid("traineeIds[\(index)]", "is not an id") }
      guard !trainees.contains(id) else {
        throw invalid("traineeIds[\(index)]", "repeats an earlier trainee")
      }
      trainees.append(id)
    }
    return trainees
  }

  private static func invalid(_ field: String, _ problem: String) -> HTTPError {
    HTTPError(.badRequest, code: "invalid_body", message: "Body: \(field) \(problem).")
  }
}

extension CoachProgramDto {
  /// A program at a version as the wire writes it.
  init(_ version: CoachProgramVersion) {
    self.init(
      id: version.program.id.description, name: version.program.name, version: version.version,
      latestVersion: version.program.latestVersion, archived: version.program.archived,
      days: version.document.days, plan: version.plan)
  }
}

extension ProgramAssignmentDto {
  /// An assignment as the wire writes it.
  init(_ assignment: CoachProgramAssignment) {
    let schedule: AssignmentScheduleDto? =
      switch assignment.schedule {
      case .weekdays(let days): AssignmentScheduleDto(weekdays: days.nameList)
      case .perWeek(let count): AssignmentScheduleDto(perWeek: count)
      case nil: nil
      }
    self.init(
      traineeId: assignment.trainee.description, programId: assignment.program.description,
      mode: assignment.mode, version: assignment.version, schedule: schedule)
  }
}
