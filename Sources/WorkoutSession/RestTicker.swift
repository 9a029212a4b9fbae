import Foundation
import RestTimer

// NB: docs/specs/workout-session.md, "The rest timer": TICK_MS 250, the interval that calls sync().

extension WorkoutStore {
  /// Sends `.tick` every 250 ms on `clock` while a rest counts down, and returns when it has
  /// ended, been skipped or been replaced by no rest. Start it after every `restStarted` (and on
  /// resume while a rest runs); cancelling the task stops it at once.
  ///
  /// The ticks only notice the end: the remaining time is always computed from the end time, so
  /// a tick that comes late shows the right number.
  public func tickWhileResting<C: Clock>(on clock: C) async where C.Duration == Duration {
    // Deadlines on a fixed grid from the start: a tick that runs late does not push the next.
    var deadline = clock.now
    while state.rest.isRunning, !Task.isCancelled {
      deadline = deadline.advanced(by: restTickInterval)
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
      send(.tick)
    }
  }
}
