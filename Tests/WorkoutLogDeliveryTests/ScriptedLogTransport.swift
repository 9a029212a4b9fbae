import Foundation
import TraineeAPI
import TraineeClient
import WorkoutLogDelivery

/// A server for the courier's tests: answers posts in the order scripted (accepted once the
/// script runs out), records every key, and can hold an answer back until released.
final class ScriptedLogTransport: WorkoutLogTransport, @unchecked Sendable {
  // @unchecked: every stored property is only touched under `lock`.
  private let lock = NSLock()
  private var script: [TraineeAPIError]
  private var keys: [String] = []
  private var holding = false
  private var held: [CheckedContinuation<Void, Never>] = []

  init(failing script: [TraineeAPIError] = []) {
    self.script = script
  }

  /// The keys of every post so far, in order.
  var keysSent: [String] { lock.withLock { keys } }

  /// How many posts wait for `release()`.
  var heldCount: Int { lock.withLock { held.count } }

  /// Holds every post from now on until `release()`, as a server that has not answered yet.
  func hold() { lock.withLock { holding = true } }

  /// Lets the held posts answer, and the next ones at once.
  func release() {
    let waiting = lock.withLock {
      holding = false
      defer { held = [] }
      return held
    }
    for continuation in waiting { continuation.resume() }
  }

  func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String
  ) async throws(TraineeAPIError) -> LoggedWorkoutDto {
    let count = lock.withLock {
      keys.append(idempotencyKey)
      return keys.count
    }
    await withCheckedContinuation { continuation in
      let hold = lock.withLock {
        if holding { held.append(continuation) }
        return holding
      }
      if !hold { continuation.resume() }
    }
    let failure = lock.withLock { script.isEmpty ? nil : script.removeFirst() }
    if let failure { throw failure }
    return LoggedWorkoutDto(id: "log_\(count)", workoutNumber: count)
  }
}
