import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "Moving or cancelling the alert" (skipping or finishing
// cancels the rest alert) and "The workout log"; docs/decisions/the-live-workout.md, "Finishing and
// discarding": finishing and discarding end the rest, its alert and both reminders at once, in the
// engine, not when the server answers. `apply` does the rest and reminder side (`applyToRest`,
// `updateReminders`); this is the session's.

extension WorkoutState {
  /// Finishes the open workout at `now`: the session is stamped `finishedAt` and its log built
  /// (`workoutFinished`). Finishing again builds the log again, at the new time. Refused
  /// without a session.
  mutating func finish(now: Date) -> [WorkoutEffect] {
    guard var finished = session else { return [.actionRefused(.noSession)] }
    finished.finishedAt = now
    session = finished
    return [.workoutFinished(log: logPayload(finished, now: now))]
  }

  /// Throws the open workout away; refused without one.
  mutating func discard() -> [WorkoutEffect] {
    guard session != nil else { return [.actionRefused(.noSession)] }
    session = nil
    return []
  }
}

extension WorkoutEffect {
  /// The log a `workoutFinished` effect carries.
  public var finishedLog: LogWorkoutPayload? {
    if case .workoutFinished(let log) = self { return log }
    return nil
  }
}
