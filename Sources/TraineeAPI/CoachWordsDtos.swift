// NB: docs/decisions/the-coachs-words.md: the coach's words to the trainee (a review of a
// workout with comments on its sets, feedback on a technique video) and the coach's private
// notes, which only the coach's studio reads.

/// The coach's verdict on a logged workout.
public enum ReviewVerdict: String, Codable, Equatable, Sendable, CaseIterable {
  /// Seen and fine.
  case reviewed
  /// Seen, and something should change.
  case needsWork
}

/// The coach's comment on one set of a logged workout: the set is the `setNumber` of the
/// log's entry at `entryIndex` (from 0, in the order logged).
public struct SetCommentDto: Codable, Equatable, Sendable {
  public var entryIndex: Int
  public var setNumber: Int
  public var comment: String

  /// A comment on a set.
  public init(entryIndex: Int, setNumber: Int, comment: String) {
    self.entryIndex = entryIndex
    self.setNumber = setNumber
    self.comment = comment
  }
}

/// The body of `PUT /v1/coach/trainees/{traineeId}/workouts/{workoutId}/review`: the review
/// replaces any earlier one of the workout, and the trainee sees it as new.
public struct WorkoutReviewRequestDto: Codable, Equatable, Sendable {
  public var verdict: ReviewVerdict
  /// The comment on the workout; absent, the verdict alone.
  public var comment: String?
  /// Comments on single sets, at most one per set; absent is none.
  @DefaultEmpty public var setComments: [SetCommentDto]

  /// A review to give.
  public init(verdict: ReviewVerdict, comment: String?, setComments: [SetCommentDto] = []) {
    self.verdict = verdict
    self.comment = comment
    self.setComments = setComments
  }
}

/// A workout's review as the trainee and the coach read it.
public struct WorkoutReviewDto: Codable, Equatable, Sendable {
  public var verdict: ReviewVerdict
  public var comment: String?
  public var setComments: [SetCommentDto]
  /// When the coach gave it, ISO 8601 in UTC with milliseconds.
  public var reviewedAt: String
  /// Whether the trainee has seen it (`POST …/history/{id}/review-seen`).
  public var seen: Bool

  /// A review as given.
  public init(
    verdict: ReviewVerdict, comment: String?, setComments: [SetCommentDto], reviewedAt: String,
    seen: Bool
  ) {
    self.verdict = verdict
    self.comment = comment
    self.setComments = setComments
    self.reviewedAt = reviewedAt
    self.seen = seen
  }
}

/// The body of `PUT /v1/coach/trainees/{traineeId}/technique-videos/{videoId}/feedback`: the
/// feedback replaces any earlier one, and the trainee sees it as new.
public struct VideoFeedbackRequestDto: Codable, Equatable, Sendable {
  public var message: String

  /// Feedback to give.
  public init(message: String) { self.message = message }
}

/// The body of `PUT /v1/coach/trainees/{traineeId}/notes`: the studio's private notes on the
/// trainee, replacing the earlier text; an empty text deletes them.
public struct CoachNotesRequestDto: Codable, Equatable, Sendable {
  public var text: String

  /// Notes to keep.
  public init(text: String) { self.text = text }
}

/// The answer of `GET` and `PUT /v1/coach/trainees/{traineeId}/notes`: the coach's studio's
/// private notes on the trainee, which no trainee route answers.
public struct CoachNotesDto: Codable, Equatable, Sendable {
  /// The notes; empty when none were written.
  public var text: String
  /// When they were last written, ISO 8601 in UTC with milliseconds; `nil` when never.
  public var writtenAt: String?

  /// A studio's notes.
  public init(text: String, writtenAt: String?) {
    self.text = text
    self.writtenAt = writtenAt
  }
}

/// A review the trainee has not seen, as `GET /v1/trainee/coach-words` lists it.
public struct ReviewNoticeDto: Codable, Equatable, Sendable {
  /// The reviewed workout's id (the `id` of the history's detail).
  public var workoutId: String
  public var label: String?
  /// When the workout was stored, ISO 8601 in UTC with milliseconds.
  public var loggedAt: String
  public var review: WorkoutReviewDto

  /// A review to show.
  public init(workoutId: String, label: String?, loggedAt: String, review: WorkoutReviewDto) {
    self.workoutId = workoutId
    self.label = label
    self.loggedAt = loggedAt
    self.review = review
  }
}

/// Video feedback the trainee has not seen, as `GET /v1/trainee/coach-words` lists it.
public struct VideoFeedbackNoticeDto: Codable, Equatable, Sendable {
  /// The video's id (the `videoId` of `…/feedback-seen`).
  public var videoId: String
  public var exerciseId: String?
  public var message: String

  /// Feedback to show.
  public init(videoId: String, exerciseId: String?, message: String) {
    self.videoId = videoId
    self.exerciseId = exerciseId
    self.message = message
  }
}

/// The answer of `GET /v1/trainee/coach-words`: what the coach said that the trainee has not
/// seen yet ("From your coach"), the latest first, at most 50 of each.
public struct CoachWordsDto: Codable, Equatable, Sendable {
  public var reviews: [ReviewNoticeDto]
  public var videoFeedback: [VideoFeedbackNoticeDto]

  /// The unseen words.
  public init(reviews: [ReviewNoticeDto], videoFeedback: [VideoFeedbackNoticeDto]) {
    self.reviews = reviews
    self.videoFeedback = videoFeedback
  }
}
