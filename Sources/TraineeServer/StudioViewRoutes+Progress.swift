import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/what-the-coach-sees.md, "Records and progress": the coach's records are the
// kept rows of the tags the studio may see; a series is the progress view's own computation
// (`ExerciseProgress`) over one exercise's sets in a window of at most `maximumDays` days holding
// at most `maximumSets` sets, so neither answer grows with the history.

extension TraineeAPIRoutes {
  /// Registers the coach's reads of a trainee's records and progress series.
  func registerCoachProgressRoutes(on router: inout Router) {
    let (store, now) = (store, now)
    router.add(endpoints.getTraineeRecordsForCoach, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let trainee = try Self.coachedTrainee(request)
      guard let records = try store.exerciseRecords(of: trainee, visibleTo: studio) else {
        throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
      }
      return .json(.ok, TraineeRecordsDto(exercises: records.map(ExerciseRecordsDto.init)))
    }
    router.add(endpoints.getTraineeProgressForCoach, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let window = try ProgressWindow(request, now: now())
      let zone = try requestTimeZone(request)
      let trainee = try Self.coachedTrainee(request)
      guard
        let sets = try store.progressSets(
          of: trainee, exercise: window.exerciseId, from: window.from, to: window.to,
          visibleTo: studio, limit: ProgressWindow.maximumSets + 1)
      else { throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"]) }
      guard sets.count <= ProgressWindow.maximumSets else {
        throw HTTPError(
          .badRequest, code: "invalid_query",
          message:
            "Query: from and to hold more than \(ProgressWindow.maximumSets) sets of the"
            + " exercise; ask for a shorter window.")
      }
      let exercise = NamedExercise(id: window.exerciseId, name: sets.last?.exerciseName ?? "")
      let progress = ExerciseProgress(exercise: exercise, sets: sets, timeZone: zone)
      return .json(
        .ok, TraineeProgressDto(progress, from: window.from, to: window.to, timeZone: zone))
    }
  }
}

/// The exercise and window of a coach's progress series: `exercise` required, `from` and `to`
/// RFC 3339 instants (by default the ``defaultDays`` days up to now), `to` after `from`, at
/// most ``maximumDays`` days apart.
struct ProgressWindow {
  /// The most days a window spans.
  static let maximumDays = 366
  /// The days a window spans when `from` is not given.
  static let defaultDays = 182
  /// The most sets a window may hold.
  static let maximumSets = 5_000

  var exerciseId: String
  var from: Date
  var to: Date

  /// Reads the query; 400 `invalid_query` naming the bad parameter.
  init(_ request: HTTPRequest, now: Date) throws(HTTPError) {
    func refuse(_ name: String, _ problem: String) -> HTTPError {
      HTTPError(.badRequest, code: "invalid_query", message: "Query: \(name) \(problem).")
    }
    guard let exerciseId = request.query["exercise"], !exerciseId.isEmpty,
      exerciseId.count <= WorkoutInput.maxIDLength
    else { throw refuse("exercise", "must be 1 to \(WorkoutInput.maxIDLength) characters") }
    func instant(_ name: String) throws(HTTPError) -> Date? {
      guard let text = request.query[name] else { return nil }
      guard let instant = rfc3339Instant(text) else {
        throw refuse(name, "is not an RFC 3339 time such as 2026-01-05T08:00:00Z")
      }
      return instant
    }
    let day: TimeInterval = 86_400
    let to = try instant("to") ?? now
    let from = try instant("from") ?? to.addingTimeInterval(-Double(Self.defaultDays) * day)
    guard from < to else { throw refuse("to", "must be after from") }
    guard to.timeIntervalSince(from) <= Double(Self.maximumDays) * day else {
      throw refuse("from", "must be at most \(Self.maximumDays) days before to")
    }
    self.exerciseId = exerciseId
    self.from = from
    self.to = to
  }
}
