import Foundation
import TraineeAPI

/// A coach's review of a logged workout, as stored.
public struct WorkoutReview: Equatable, Sendable {
  public var verdict: ReviewVerdict
  public var comment: String?
  public var setComments: [SetCommentDto]
  public var reviewedAt: Date
  /// When the trainee saw it; `nil` while it is new to them.
  public var seenAt: Date?

  /// A review.
  public init(
    verdict: ReviewVerdict, comment: String?, setComments: [SetCommentDto], reviewedAt: Date,
    seenAt: Date?
  ) {
    self.verdict = verdict
    self.comment = comment
    self.setComments = setComments
    self.reviewedAt = reviewedAt
    self.seenAt = seenAt
  }
}

/// A review the trainee has not seen, with the workout it is about.
public struct UnseenReview: Equatable, Sendable {
  public var log: WorkoutLogID
  public var label: String?
  public var loggedAt: Date
  public var review: WorkoutReview

  /// An unseen review.
  public init(log: WorkoutLogID, label: String?, loggedAt: Date, review: WorkoutReview) {
    self.log = log
    self.label = label
    self.loggedAt = loggedAt
    self.review = review
  }
}

/// A studio's private notes on a trainee.
public struct CoachNotes: Equatable, Sendable {
  /// The text; empty when none.
  public var text: String
  /// When last written; `nil` when never.
  public var writtenAt: Date?

  /// Notes.
  public init(text: String, writtenAt: Date?) {
    self.text = text
    self.writtenAt = writtenAt
  }
}
