import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-words.md, "Through the studio's scope": each coach write asks
// the store's one visibility rule in its own transaction; a trainee the studio cannot see and a
// record the rule hides are 404, in the same words as the coach's reads. Bad input is 400 naming
// the field and changes nothing.

extension TraineeAPIRoutes {
  /// Registers the coach's review, video feedback and private notes, and the trainee's reads
  /// of the coach's words.
  func registerCoachWordsRoutes(on router: inout Router) {
    let store = store
    router.add(endpoints.reviewWorkout, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let trainee = try Self.coachedTrainee(request)
      let body = try request.decodeJSON(WorkoutReviewRequestDto.self)
      try CoachWordsInput.checkReview(body)
      let named = request.pathParameters["workoutId"]
      guard let log = named.flatMap(WorkoutLogID.init) else {
        guard try store.studioVisibility(of: trainee, to: studio) != nil else {
          throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
        }
        throw WorkoutRoutes.notFound("workout log", named)
      }
      return try WorkoutRoutes.mappingStoreErrors {
        guard let given = try store.reviewWorkout(log, of: trainee, by: studio, body) else {
          throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
        }
        guard let review = given else { throw WorkoutRoutes.notFound("workout log", named) }
        return .json(.ok, WorkoutReviewDto(review))
      }
    }
    router.add(endpoints.giveVideoFeedback, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let trainee = try Self.coachedTrainee(request)
      let body = try request.decodeJSON(VideoFeedbackRequestDto.self)
      try CoachWordsInput.text(body.message, "message", max: CoachWordsInput.maxCommentLength)
      let named = request.pathParameters["videoId"]
      let video = named.flatMap(TechniqueVideoID.init)
      guard
        let given = try video.map({
          try store.giveVideoFeedback(body.message, to: $0, of: trainee, by: studio)
        }) ?? store.studioVisibility(of: trainee, to: studio).map({ _ in false })
      else { throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"]) }
      guard given else { throw WorkoutRoutes.notFound("technique video", named) }
      return HTTPResponse(status: .noContent)
    }
    router.add(endpoints.getCoachNotes, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let trainee = try Self.coachedTrainee(request)
      guard let notes = try store.coachNotes(on: trainee, of: studio) else {
        throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
      }
      return .json(.ok, CoachNotesDto(notes))
    }
    router.add(endpoints.writeCoachNotes, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let trainee = try Self.coachedTrainee(request)
      let body = try request.decodeJSON(CoachNotesRequestDto.self)
      try CoachWordsInput.notes(body.text)
      guard let notes = try store.writeCoachNotes(body.text, on: trainee, of: studio) else {
        throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
      }
      return .json(.ok, CoachNotesDto(notes))
    }
    router.add(endpoints.getCoachWords, store: store) { _, trainee in
      let reviews = try store.unseenReviews(for: trainee.id, limit: CoachWordsInput.noticeLimit)
      let feedback = try store.techniqueVideos(for: trainee.id).reversed().filter {
        $0.feedback != nil && $0.feedbackSeenAt == nil
      }.prefix(CoachWordsInput.noticeLimit)
      return .json(
        .ok,
        CoachWordsDto(
          reviews: reviews.map {
            ReviewNoticeDto(
              workoutId: $0.log.description, label: $0.label,
              loggedAt: ISO8601Instant.textWithMilliseconds($0.loggedAt),
              review: WorkoutReviewDto($0.review))
          },
          videoFeedback: feedback.map {
            VideoFeedbackNoticeDto(
              videoId: $0.id.description, exerciseId: $0.exerciseId, message: $0.feedback ?? "")
          }))
    }
    router.add(endpoints.markReviewSeen, store: store) { request, trainee in
      let id = try WorkoutRoutes.recordID(WorkoutLogID.self, request, "id", "workout log")
      guard try store.markReviewSeen(id, for: trainee.id) else {
        throw WorkoutRoutes.notFound("workout review", request.pathParameters["id"])
      }
      return HTTPResponse(status: .noContent)
    }
  }
}

extension WorkoutReviewDto {
  /// A stored review as the wire carries it.
  init(_ review: WorkoutReview) {
    self.init(
      verdict: review.verdict, comment: review.comment, setComments: review.setComments,
      reviewedAt: ISO8601Instant.textWithMilliseconds(review.reviewedAt),
      seen: review.seenAt != nil)
  }
}

extension CoachNotesDto {
  /// Stored notes as the wire carries them.
  init(_ notes: CoachNotes) {
    self.init(
      text: notes.text, writtenAt: notes.writtenAt.map(ISO8601Instant.textWithMilliseconds))
  }
}

/// Checks of the coach's words beyond their JSON types.
enum CoachWordsInput {
  /// The longest comment (on a workout, a set or a video).
  static let maxCommentLength = 2000
  /// The most set comments in one review.
  static let maxSetComments = 200
  /// The longest private notes.
  static let maxNotesLength = 20_000
  /// The most reviews, and of video feedback, `GET /v1/trainee/coach-words` lists.
  static let noticeLimit = 50

  /// Checks a review's comment and set comments, naming the first bad field.
  static func checkReview(_ body: WorkoutReviewRequestDto) throws(HTTPError) {
    if let comment = body.comment { try text(comment, "comment", max: maxCommentLength) }
    guard body.setComments.count <= maxSetComments else {
      throw refusal("setComments", "has more than \(maxSetComments) comments")
    }
    for (index, comment) in body.setComments.enumerated() {
      try text(comment.comment, "setComments[\(index)].comment", max: maxCommentLength)
    }
  }

  /// Notes: at most ``maxNotesLength`` characters; line breaks and tabs are allowed, other
  /// control characters are not.
  static func notes(_ text: String) throws(HTTPError) {
    guard text.count <= maxNotesLength else {
      throw refusal("text", "is longer than \(maxNotesLength) characters")
    }
    let allowed: Set<Unicode.Scalar> = ["\n", "\t"]
    guard
      !ControlCharacters.found(
        in: String(String.UnicodeScalarView(text.unicodeScalars.filter { !allowed.contains($0) })))
    else { throw WorkoutInput.controlCharacterRefusal("text") }
  }

  /// A one-line text of 1 to `max` characters without control characters.
  static func text(_ value: String, _ field: String, max: Int) throws(HTTPError) {
    guard !value.isEmpty else { throw refusal(field, "is empty") }
    guard value.count <= max else { throw refusal(field, "is longer than \(max) characters") }
    try WorkoutInput.refuseControlCharacters(value, field)
  }

  private static func refusal(_ field: String, _ problem: String) -> HTTPError {
    HTTPError(.badRequest, code: "invalid_body", message: "Body: \(field) \(problem).")
  }
}
