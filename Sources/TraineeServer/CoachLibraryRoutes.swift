import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-programs.md, "The exercise library": a coach's routes on the
// session's studio (403 `forbidden` otherwise, as every coach route); an id of another studio,
// or one no exercise has, is the same 404, so a coach cannot probe other studios' ids.

extension TraineeAPIRoutes {
  /// Registers the studio's exercise library and its programs.
  func registerCoachLibraryRoutes(on router: inout Router) {
    let store = store
    router.add(endpoints.listLibraryExercises, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let query = try IDPageQuery(request)
      let found = try store.libraryExercises(
        in: studio, page: IDPage(after: query.after, limit: query.limit + 1),
        archived: query.archived)
      let shown = found.prefix(query.limit)
      return .json(
        .ok,
        LibraryExercisesDto(
          exercises: shown.map(LibraryExerciseDto.init),
          nextAfter: found.count > query.limit ? shown.last?.id.description : nil))
    }
    router.add(endpoints.createLibraryExercise, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let body = try request.decodeJSON(LibraryExerciseRequestDto.self)
      return .json(
        .created, LibraryExerciseDto(try store.createLibraryExercise(body, in: studio)))
    }
    router.add(endpoints.updateLibraryExercise, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let named = request.pathParameters["exerciseId"]
      guard let id = named.flatMap(LibraryExerciseID.init) else {
        throw WorkoutRoutes.notFound("exercise", named)
      }
      let body = try request.decodeJSON(LibraryExerciseRequestDto.self)
      guard let exercise = try store.updateLibraryExercise(id, body, in: studio) else {
        throw WorkoutRoutes.notFound("exercise", named)
      }
      return .json(.ok, LibraryExerciseDto(exercise))
    }
    router.add(endpoints.archiveLibraryExercise, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let named = request.pathParameters["exerciseId"]
      guard let id = named.flatMap(LibraryExerciseID.init),
        try store.archiveLibraryExercise(id, in: studio)
      else { throw WorkoutRoutes.notFound("exercise", named) }
      return HTTPResponse(status: .noContent)
    }
    registerCoachProgramRoutes(on: &router)
    registerEndAssignmentRoute(on: &router)
    registerCoachMealPlanRoutes(on: &router)
  }
}

/// A page by id as a list's query asks for it: `after` (an id, or absent for the first page),
/// `limit` 1 to 200 (default 50), `archived` `true` or `false` (default); 400 `invalid_query`
/// naming the parameter otherwise.
struct IDPageQuery {
  var after: Int64 = 0
  var limit = 50
  var archived = false

  init(_ request: HTTPRequest) throws(HTTPError) {
    if let text = request.query["after"] {
      guard let id = RecordID<IDPage>(text) else {
        throw Self.invalid("after", "must be an id from a page's nextAfter")
      }
      after = id.rawValue
    }
    if let text = request.query["limit"] {
      guard text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text),
        (1...200).contains(value)
      else { throw Self.invalid("limit", "must be a whole number from 1 to 200") }
      limit = value
    }
    if let text = request.query["archived"] {
      guard let value = ["true": true, "false": false][text] else {
        throw Self.invalid("archived", "must be true or false")
      }
      archived = value
    }
  }

  static func invalid(_ name: String, _ problem: String) -> HTTPError {
    HTTPError(.badRequest, code: "invalid_query", message: "Query \(name) \(problem).")
  }
}

extension LibraryExerciseDto {
  /// A library exercise as the wire writes it.
  init(_ exercise: LibraryExercise) {
    self.init(
      id: exercise.id.description, name: exercise.name, instructions: exercise.instructions,
      videoUrl: exercise.videoURL, equipment: exercise.equipment, kind: exercise.kind,
      substitutes: exercise.substitutes.map(\.description), archived: exercise.archived)
  }
}
