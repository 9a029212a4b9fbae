import Foundation
import TraineeAPI
import TraineeClient

// NB: docs/specs/workout-session.md, "Finishing" and docs/decisions/the-workout-log-on-its-way.md
// "Workout log delivery". Finish -> pending (written to the outbox) -> sending -> accepted, refused
// (kept until the trainee sends it again or sets it aside) or waiting to retry (the network's or
// the server's own fault). Every attempt carries the key the log was finished with, across retries
// and relaunches, so the server stores it once. The machine reads no clock and writes no file: it
// is given `now` and answers with effects (WorkoutLogDeliveryEffect) that `WorkoutLogCourier`
// performs.

/// Where a finished workout's log stands on its way to the server.
public enum WorkoutLogDeliveryState: Equatable, Sendable {
  /// No log is on its way.
  case idle
  /// The log is being written to the outbox; nothing is sent before it is there.
  case pending(PendingWorkoutLog)
  /// Attempt `attempt` (counting from 1) is on its way.
  case sending(PendingWorkoutLog, attempt: Int)
  /// Attempt `attempt` failed for a reason that may pass (offline, a timeout, a 5xx, 408, 429);
  /// the next is due at `retryAt`.
  case waiting(PendingWorkoutLog, attempt: Int, failure: TraineeAPIError, retryAt: Date)
  /// The server refused the log itself (a 4xx other than 408 and 429, such as 400, 409 or 422 for
  /// a key it holds for another workout): it is kept, with its key, and sent again only when the
  /// trainee asks, or set aside.
  case refused(PendingWorkoutLog, attempt: Int, failure: TraineeAPIError)
  /// The server accepted the log; the outbox is emptied.
  case accepted(PendingWorkoutLog, LoggedWorkoutDto)
}

/// What happens to a finished workout's log: the trainee's actions, the outbox's and the
/// server's answers, and the retry timer.
public enum WorkoutLogDeliveryAction: Equatable, Sendable {
  /// The trainee finished: `log` (with a new key) is to be written, then sent.
  case finish(PendingWorkoutLog)
  /// The outbox holds the log: its first attempt starts.
  case saved
  /// The outbox could not be written: nothing is sent, the trainee may finish again.
  case saveFailed
  /// The app started with `log` in its outbox (it was pending, on its way or waiting when the
  /// app stopped): it is sent again with its key.
  case relaunched(PendingWorkoutLog)
  /// The server accepted the log.
  case answered(LoggedWorkoutDto)
  /// The attempt failed.
  case failed(TraineeAPIError)
  /// The retry timer fired.
  case retryDue
  /// The trainee asked to send a waiting or refused log again now; the attempts count from 1.
  case retryNow
  /// The trainee asked to set a refused log aside.
  case discard
  /// The refused log is kept aside (`refused-workout-logs/`) and the outbox is empty.
  case keptAside
  /// The trainee left the complete screen.
  case acknowledge
}

/// What the delivery asks of the edge, in order.
public enum WorkoutLogDeliveryEffect: Equatable, Sendable {
  /// Write `log` to the outbox, then answer `.saved` or `.saveFailed`.
  case save(PendingWorkoutLog)
  /// Post `log.payload` with `Idempotency-Key: log.idempotencyKey`, then answer `.answered` or
  /// `.failed`.
  case send(PendingWorkoutLog)
  /// Answer `.retryDue` after `delay` on the clock (replacing any timer running).
  case wake(after: Duration)
  /// Stop the retry timer.
  case cancelWake
  /// Empty the outbox.
  case removeFromOutbox
  /// Keep `log` in `refused-workout-logs/`, then empty the outbox, and answer `.keptAside`.
  case setAside(PendingWorkoutLog)
}

/// The delivery of a finished workout's log to the server, as a state machine.
public struct WorkoutLogDelivery: Equatable, Sendable {
  /// Where the log stands.
  public private(set) var state: WorkoutLogDeliveryState = .idle
  /// The waits between attempts.
  public let backoff: RetryBackoff

  /// The workout log's waits: 2, 4, 8, 16, 32, then every 60 seconds.
  public static let backoff = RetryBackoff(first: .seconds(2), cap: .seconds(60))

  /// A delivery with no log on its way.
  public init(backoff: RetryBackoff = WorkoutLogDelivery.backoff) {
    self.backoff = backoff
  }

  /// A delivery in `state` (for tests and previews).
  public init(state: WorkoutLogDeliveryState, backoff: RetryBackoff = WorkoutLogDelivery.backoff) {
    self.state = state
    self.backoff = backoff
  }

  /// The log the outbox holds until the server accepts it or the trainee sets it aside: pending,
  /// on its way, waiting or refused.
  public var unsentLog: PendingWorkoutLog? {
    switch state {
    case .idle, .accepted: nil
    case .pending(let log), .sending(let log, _), .waiting(let log, _, _, _),
      .refused(let log, _, _):
      log
    }
  }

  /// Whether the server refused the log itself: it waits for the trainee, not for a timer.
  public var isRefused: Bool {
    if case .refused = state { true } else { false }
  }

  /// Applies `action` at `now`; returns what the edge must do, in order. An action that does
  /// not apply where the log stands (a timer that fired late, a second finish) changes nothing
  /// and asks for nothing.
  public mutating func apply(
    _ action: WorkoutLogDeliveryAction, now: Date
  ) -> [WorkoutLogDeliveryEffect] {
    switch (state, action) {
    case (.idle, .finish(let log)), (.accepted, .finish(let log)):
      state = .pending(log)
      return [.save(log)]
    case (.pending(let log), .saved):
      state = .sending(log, attempt: 1)
      return [.send(log)]
    case (.pending, .saveFailed):
      state = .idle
      return []
    case (.idle, .relaunched(let log)):
      state = .sending(log, attempt: 1)
      return [.send(log)]
    case (.sending(let log, _), .answered(let logged)):
      state = .accepted(log, logged)
      return [.removeFromOutbox]
    case (.sending(let log, let attempt), .failed(let failure)):
      guard Self.isRetried(failure) else {
        state = .refused(log, attempt: attempt, failure: failure)
        return []
      }
      let delay = backoff.delay(afterFailures: attempt)
      state = .waiting(
        log, attempt: attempt, failure: failure, retryAt: now + Self.seconds(delay))
      return [.wake(after: delay)]
    case (.waiting(let log, let attempt, _, _), .retryDue):
      state = .sending(log, attempt: attempt + 1)
      return [.send(log)]
    // NB: a retry the trainee asks for starts the count again: attempt 1, then the first wait.
    case (.waiting(let log, _, _, _), .retryNow):
      state = .sending(log, attempt: 1)
      return [.cancelWake, .send(log)]
    case (.refused(let log, _, _), .retryNow):
      state = .sending(log, attempt: 1)
      return [.send(log)]
    case (.refused(let log, _, _), .discard):
      return [.setAside(log)]
    case (.refused, .keptAside):
      state = .idle
      return []
    case (.accepted, .acknowledge):
      state = .idle
      return []
    default:
      return []
    }
  }

  // NB: a 409 or a 422 `idempotency_key_reused` (the server holds another workout under this
  // key) is a refusal like any 4xx: the log is kept with its key and shown. A new key is never
  // made by itself: keys are random UUIDs, so a real clash is practically impossible and the
  // answer means the server and the app disagree about this workout, which only the trainee can
  // settle (send it again, or set it aside).

  /// Whether a failed attempt is tried again by itself: everything but the server's refusal of
  /// the log itself, a 4xx other than 401, 408 and 429. The network's faults, the server's (5xx)
  /// and an answer that could not be read are retried: the key makes a retry safe.
  ///
  /// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out without loss": a 401
  /// refuses the token, not the log; the log waits for the next sign-in, and the app's shared
  /// refusal keeps its retries from reaching the server meanwhile.
  public static func isRetried(_ failure: TraineeAPIError) -> Bool {
    if case .http(let status, _) = failure {
      return !(400..<500).contains(status) || [401, 408, 429].contains(status)
    }
    return true
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
