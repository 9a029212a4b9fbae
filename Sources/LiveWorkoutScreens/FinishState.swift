import Foundation
import TerminalScreens
import TraineeAPI
import WorkoutLogDelivery
import WorkoutSession

/// Where finishing the workout stands.
public enum FinishState: Equatable, Sendable {
  /// Not finishing.
  case idle
  /// The log is being sent (attempt `attempt`, counting from 1).
  case sending(attempt: Int)
  /// The last attempt failed for `problem`; the next runs at `retryAt` (nil: only when asked,
  /// because the server refused the log itself).
  case waiting(problem: String, retryAt: Date?)
  /// The server accepted the log.
  case accepted(LoggedWorkoutDto, title: String, stats: SessionStats)

  /// Where `delivery` stands, as the screen shows it: a refused log waits with no retry time.
  init(_ delivery: WorkoutLogDeliveryState) {
    switch delivery {
    case .idle, .pending: self = .idle
    case .sending(_, let attempt): self = .sending(attempt: attempt)
    case .waiting(_, _, let failure, let retryAt):
      self = .waiting(problem: failure.explanation, retryAt: retryAt)
    case .refused(_, _, let failure):
      self = .waiting(problem: failure.explanation, retryAt: nil)
    case .accepted(let log, let logged):
      self = .accepted(logged, title: log.title, stats: log.stats)
    }
  }
}
