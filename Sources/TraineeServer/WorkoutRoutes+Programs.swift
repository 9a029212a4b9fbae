import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// `GET /v1/trainee/workouts` is the imported programs with the saved swaps applied and
// `lastSets`/`best` from the trainee's log. A swapped row shows the chosen substitute as its
// exercise and lists the prescribed exercise first among its substitutes, so the app opens with the
// choice and can swap back (docs/decisions/the-server-http-routes-and-storage.md, "Server workout
// routes").

extension WorkoutRoutes {
  /// The trainee's programs as the app shows them; `{ "plans": [], "movement": null }` when
  /// none were imported.
  static func programs(
    of trainee: TraineeID, in store: any TraineeStore
  ) throws -> TrainingProgramsDto {
    guard let imported = try store.programs(for: trainee) else {
      return TrainingProgramsDto(plans: [])
    }
    return imported.forTrainee(
      substitutions: try store.substitutions(for: trainee),
      history: try store.exerciseHistory(for: trainee),
      feedback: unseenFeedback(try store.techniqueVideos(for: trainee)))
  }

  /// Saves the trainee's choice for a row of their own programs, answering 204.
  ///
  /// The row must exist (404 otherwise) and both ids must be its prescribed exercise or one of
  /// its substitutes (400 otherwise). The swap is stored from the prescribed exercise, so
  /// choosing the prescribed exercise again, or equal ids, undoes it.
  static func saveSubstitution(
    _ request: HTTPRequest, trainee: TraineeID, in store: any TraineeStore
  ) throws -> HTTPResponse {
    let body = try request.decodeJSON(SubstitutionRequestDto.self)
    try WorkoutInput.checkSubstitution(body)
    let plans = try store.programs(for: trainee)?.plans ?? []
    let found = plans.lazy.filter { body.programId == nil || $0.id == body.programId }
      .compactMap { plan in
        plan.days.first { $0.id == body.dayId }?.strength.first { $0.id == body.rowId }
          .map { (plan.id, $0) }
      }
      .first
    guard let (programId, row) = found else {
      throw HTTPError(
        .notFound, code: "not_found",
        message: "No row \"\(body.rowId)\" of day \"\(body.dayId)\" is in your programs.")
    }
    let options = [row.exerciseId] + row.substitutes.map(\.exerciseId)
    for (field, value) in [
      ("fromExerciseId", body.fromExerciseId), ("toExerciseId", body.toExerciseId),
    ]
    where !options.contains(value) {
      throw HTTPError(
        .badRequest, code: "invalid_body",
        message: "Body: \(field) \"\(value)\" is not an exercise of row \"\(body.rowId)\".")
    }
    let chosen = body.fromExerciseId == body.toExerciseId ? row.exerciseId : body.toExerciseId
    try store.saveSubstitution(
      Substitution(
        programId: programId, dayId: body.dayId, rowId: body.rowId,
        fromExerciseId: row.exerciseId, toExerciseId: chosen),
      for: trainee)
    return HTTPResponse(status: .noContent)
  }

  /// The coach's answers not seen yet, the newest per exercise.
  static func unseenFeedback(_ videos: [TechniqueVideo]) -> [String: CoachFeedbackDto] {
    var feedback: [String: CoachFeedbackDto] = [:]
    for video in videos where video.feedbackSeenAt == nil {
      guard let exerciseId = video.exerciseId, let message = video.feedback else { continue }
      feedback[exerciseId] = CoachFeedbackDto(videoId: video.id.description, message: message)
    }
    return feedback
  }
}

extension TrainingProgramsDto {
  /// These programs with the trainee's history, unseen coach feedback and swaps applied.
  func forTrainee(
    substitutions: [Substitution], history: [String: ExerciseHistory],
    feedback: [String: CoachFeedbackDto]
  ) -> TrainingProgramsDto {
    var programs = self
    for (planIndex, plan) in plans.enumerated() {
      for (dayIndex, day) in plan.days.enumerated() {
        programs.plans[planIndex].days[dayIndex].strength = day.strength.map { row in
          var row = row.withHistory(history)
          row.coachFeedback = feedback[row.exerciseId] ?? row.coachFeedback
          let swap = substitutions.first {
            $0.programId == plan.id && $0.dayId == day.id && $0.rowId == row.id
              && $0.fromExerciseId == row.exerciseId
          }
          return swap.flatMap { row.substituted(by: $0.toExerciseId) } ?? row
        }
      }
    }
    return programs
  }
}

extension StrengthDto {
  /// The row with `lastSets` and `best` of it and its substitutes merged from `history`.
  func withHistory(_ history: [String: ExerciseHistory]) -> StrengthDto {
    var row = self
    if let logged = history[exerciseId] {
      row.lastSets = logged.lastSets.isEmpty ? lastSets : logged.lastSets
      row.best = Self.better(best, logged.best)
    }
    row.substitutes = substitutes.map { substitute in
      guard let logged = history[substitute.exerciseId] else { return substitute }
      var merged = substitute
      merged.lastSets = logged.lastSets.isEmpty ? substitute.lastSets : logged.lastSets
      merged.best = Self.better(substitute.best, logged.best)
      return merged
    }
    return row
  }

  /// The row showing substitute `exerciseId`, the prescribed exercise first among its
  /// substitutes; `nil` when `exerciseId` is not one of its substitutes any more.
  func substituted(by exerciseId: String) -> StrengthDto? {
    guard let index = substitutes.firstIndex(where: { $0.exerciseId == exerciseId }) else {
      return nil
    }
    let chosen = substitutes[index]
    var row = self
    row.exerciseId = chosen.exerciseId
    row.name = chosen.name
    row.image = chosen.image
    row.lastSets = chosen.lastSets
    row.best = chosen.best
    // NB: the coach's answer is about the prescribed exercise's video, as in the engine's swap.
    row.coachFeedback = nil
    var others = substitutes
    others.remove(at: index)
    let prescribed = SubstituteDto(
      exerciseId: self.exerciseId, name: name, image: image, lastSets: lastSets, best: best)
    row.substitutes = [prescribed] + others
    return row
  }

  /// The set with the higher Epley estimate, weight x (1 + reps / 30); `first` on a tie.
  static func better(_ first: BestDto?, _ second: BestDto?) -> BestDto? {
    guard let first else { return second }
    guard let second else { return first }
    let estimate = { (best: BestDto) in best.weight * (30 + Double(best.reps)) }
    return estimate(second) > estimate(first) ? second : first
  }
}
