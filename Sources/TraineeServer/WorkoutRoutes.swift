import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// every route acts for the trainee the token names, and a record id that is not a positive integer
// or belongs to another trainee answers 404 `not_found` alike, so an id says nothing about other
// trainees.

extension TraineeAPIRoutes {
  /// The workout endpoints (docs/decisions/the-server-http-routes-and-storage.md, "The server:
  /// HTTP, routes and storage", first paragraph) and `GET /v1/trainee/session`.
  func registerWorkoutRoutes(on router: inout Router) {
    let store = store
    router.addCached(
      endpoints.getWorkouts, store: store, cache: cache, key: { _ in "workouts" }
    ) { _, trainee in
      .json(.ok, try WorkoutRoutes.programs(of: trainee.id, in: store))
    }
    let now = now
    router.add(endpoints.logWorkout, store: store) { request, trainee in
      try WorkoutRoutes.logWorkout(request, trainee: trainee.id, in: store, now: now())
    }
    router.addCached(
      endpoints.getWorkoutHistory, store: store, cache: cache,
      key: { request in try HistoryPageRequest(request).cacheKey }
    ) { request, trainee in
      .jsonBytes(
        .ok,
        try WorkoutRoutes.historyPage(HistoryPageRequest(request), of: trainee.id, in: store)
          .answerJSON)
    }
    router.addCached(
      endpoints.getWorkoutLog, store: store, cache: cache,
      key: { request in
        let id = try WorkoutRoutes.recordID(WorkoutLogID.self, request, "id", "workout log")
        return answerKey("log", id.description)
      }
    ) { request, trainee in
      let id = try WorkoutRoutes.recordID(WorkoutLogID.self, request, "id", "workout log")
      guard let log = try store.workoutLog(id, for: trainee.id) else {
        throw WorkoutRoutes.notFound("workout log", request.pathParameters["id"])
      }
      var answer = WorkoutRoutes.dto(log, entries: true)
      answer.review = try store.workoutReview(of: id, for: trainee.id).map(WorkoutReviewDto.init)
      return .jsonBytes(.ok, answer.answerJSON)
    }
    router.add(endpoints.deleteWorkoutLog, store: store) { request, trainee in
      let id = try WorkoutRoutes.recordID(WorkoutLogID.self, request, "id", "workout log")
      guard try store.deleteWorkoutLog(id, for: trainee.id) else {
        throw WorkoutRoutes.notFound("workout log", request.pathParameters["id"])
      }
      return HTTPResponse(status: .noContent)
    }
    router.add(endpoints.saveSubstitution, store: store) { request, trainee in
      try WorkoutRoutes.saveSubstitution(request, trainee: trainee.id, in: store)
    }
    registerTechniqueVideoRoutes(on: &router)
    registerSetHistoryRoutes(on: &router)
    /// The studio of the request's session, as its admission found it.
    @Sendable func sessionStudio(_ request: HTTPRequest) throws -> StudioID? {
      try (request.admittedVersionedTrainee ?? authenticatedVersionedTrainee(request, in: store))
        .studio
    }
    // NB: docs/decisions/the-coachs-words.md, "Notification texts": the answer follows the
    // session's studio, so the studio is part of the kept answer's key; a coach's write raises
    // the answer version of every trainee it reaches.
    router.addCached(
      endpoints.getNotificationConfigs, store: store, cache: cache,
      key: { request in
        answerKey("notification-configs", try sessionStudio(request)?.description ?? "")
      }
    ) { request, trainee in
      .json(.ok, try store.notificationConfigs(for: trainee.id, using: sessionStudio(request)))
    }
    // NB: kept like the other reads
    // (docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
    // answers, group commit and paged history"): the answer is built and tagged once per answer
    // version, not encoded and digested again on every request.
    router.addCached(
      endpoints.getSession, store: store, cache: cache, key: { _ in "session" }
    ) { _, trainee in
      .json(.ok, TraineeSessionDto(id: trainee.id.description, name: trainee.name))
    }
  }

  private func registerTechniqueVideoRoutes(on router: inout Router) {
    let store = store
    router.add(endpoints.submitTechniqueVideo, store: store) { request, trainee in
      let body = try request.decodeJSON(TechniqueVideoRequestDto.self)
      try WorkoutInput.checkVideo(body)
      let video = try store.addTechniqueVideo(
        url: body.url, exerciseId: body.exerciseId, studio: request.studioInUse, for: trainee.id)
      return .json(
        .created,
        TechniqueVideoDto(
          id: video.id.description, url: video.url, exerciseId: video.exerciseId,
          submittedAt: ISO8601Instant.textWithMilliseconds(video.submittedAt)))
    }
    router.add(endpoints.markFeedbackSeen, store: store) { request, trainee in
      let id = try WorkoutRoutes.recordID(
        TechniqueVideoID.self, request, "videoId", "technique video")
      guard try store.markFeedbackSeen(id, for: trainee.id) else {
        throw WorkoutRoutes.notFound("technique video", request.pathParameters["videoId"])
      }
      return HTTPResponse(status: .noContent)
    }
  }
}

/// The handlers' shared steps.
enum WorkoutRoutes {
  /// Stores a workout once per `Idempotency-Key` and answers 201 `{ id, workoutNumber }` after
  /// the commit; a retry gets the first answer, with `deleted: true` once that log was deleted.
  static func logWorkout(
    _ request: HTTPRequest, trainee: TraineeID, in store: any TraineeStore, now: Date
  ) throws -> HTTPResponse {
    let key = try WorkoutInput.idempotencyKey(request.headers["Idempotency-Key"])
    let payload = try WorkoutInput.logPayload(request)
    try WorkoutInput.checkLog(payload)
    let performedAt = try WorkoutInput.performedAt(payload.performedAt, now: now)
    // NB: docs/decisions/the-coachs-roster.md, "Kept on write": the request's zone dates the
    // workout for the roster; a post without one, or with one the server does not know, is
    // stored as before and dated in the zone kept from an earlier write.
    let zone = request.headers["X-Timezone"] == nil ? nil : try? requestTimeZone(request)
    let logged = try store.logWorkout(
      payload, idempotencyKey: key, loggedAt: performedAt, studio: request.studioInUse,
      timeZone: zone, for: trainee)
    return .jsonBytes(
      .created,
      LoggedWorkoutDto(
        id: logged.id.description, workoutNumber: logged.workoutNumber, deleted: logged.deleted
      ).sortedJSON)
  }

  /// A logged workout on the wire; `entries` only for the answer about one log.
  static func dto(_ log: WorkoutLogRecord, entries: Bool) -> WorkoutLogDto {
    var answer = dto(
      WorkoutLogSummary(
        id: log.id, workoutNumber: log.workoutNumber, loggedAt: log.loggedAt,
        payload: log.payload))
    if entries {
      answer.entries = log.payload.entries
      answer.note = log.payload.note
    }
    return answer
  }

  /// A log as the history list shows it, without its entries.
  static func dto(_ summary: WorkoutLogSummary) -> WorkoutLogDto {
    WorkoutLogDto(
      id: summary.id.description, workoutNumber: summary.workoutNumber,
      loggedAt: ISO8601Instant.textWithMilliseconds(summary.loggedAt),
      programId: summary.programId, dayId: summary.dayId, label: summary.label,
      durationSec: summary.durationSec, completed: summary.completed,
      exerciseCount: summary.exerciseCount, doneSetCount: summary.doneSetCount,
      volumeKg: Int(summary.volume.rounded()), entries: nil,
      programVersion: summary.programVersion)
  }

  /// The record id in the path parameter `name`; anything but a positive integer is 404.
  static func recordID<Record>(
    _ type: RecordID<Record>.Type, _ request: HTTPRequest, _ name: String, _ kind: String
  ) throws(HTTPError) -> RecordID<Record> {
    guard let text = request.pathParameters[name], let id = RecordID<Record>(text) else {
      throw notFound(kind, request.pathParameters[name])
    }
    return id
  }

  /// 404 `not_found` for a record the trainee does not have.
  static func notFound(_ kind: String, _ id: String?) -> HTTPError {
    let shown = String((id ?? "").prefix(40))
    return HTTPError(.notFound, code: "not_found", message: "No \(kind) has id \"\(shown)\".")
  }

  /// Runs `body`, answering the store's refusals as the client's errors: bad input 400, a
  /// trainee gone since the token was checked 401, an `Idempotency-Key` reused for another
  /// workout or a storage limit reached 422, a quota 507 and the write rate 429. Storage failures
  /// stay 500, and a database away 503 (answered by the router).
  static func mappingStoreErrors(_ body: () throws -> HTTPResponse) throws -> HTTPResponse {
    do {
      return try body()
    } catch let error as TraineeStoreError {
      switch error {
      case .invalid(let field, let problem):
        throw HTTPError(.badRequest, code: "invalid_body", message: "Body: \(field) \(problem).")
      case .traineeNotFound:
        throw HTTPError(.unauthorized, code: "unauthorized", message: "The token is not valid.")
      case .idempotencyKeyReused(let key):
        throw HTTPError(
          .unprocessableContent, code: "idempotency_key_reused",
          message:
            "Idempotency-Key \(key) was used before for another workout; send a new workout with"
            + " a new key.")
      case .limitReached(let what):
        throw HTTPError(.unprocessableContent, code: "limit_reached", message: "\(what).")
      case .tooLarge(let what):
        throw HTTPError(.contentTooLarge, code: "too_large", message: "\(what).")
      case .quotaExceeded(let refusal):
        throw QuotaAnswer(refusal)
      case .writeRateExceeded(let seconds):
        throw QuotaAnswer(retryAfterSeconds: seconds)
      case .storageFailed, .unavailable:
        throw error
      }
    }
  }
}
