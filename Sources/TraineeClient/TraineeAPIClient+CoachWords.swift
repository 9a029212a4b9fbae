import Foundation
import TraineeAPI

// NB: docs/decisions/the-coachs-words.md, "The coach's words in the app": what the coach said
// that the trainee has not seen, and the marks that say it was seen.

extension TraineeAPIClient {
  /// `GET /v1/trainee/coach-words`: the reviews and the video feedback the trainee has not
  /// marked seen, the latest first.
  public func coachWords() async throws(TraineeAPIError) -> CoachWordsDto {
    try await call(endpoints.getCoachWords)
  }

  /// `POST /v1/trainee/workouts/history/{id}/review-seen`: the trainee saw the review of
  /// workout `workoutId` (a second mark keeps the first time).
  public func markReviewSeen(workoutId: String) async throws(TraineeAPIError) {
    try await call(endpoints.markReviewSeen, path: ["id": workoutId])
  }
}
