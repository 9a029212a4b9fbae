import Foundation
import Testing
import TraineeAPI
import TraineeClient
import WorkoutLogDelivery
import WorkoutSession

/// Logs, answers and instants the delivery tests share.
enum Sample {
  /// 2026-01-05T10:00:00Z.
  static let now = Date(timeIntervalSince1970: 1_767_607_200)
  static let log = PendingWorkoutLog(
    idempotencyKey: "6f1c0e52-0000-4000-8000-000000000001",
    payload: LogWorkoutPayload(
      programId: "p1", dayId: "d1", label: "A", durationSec: 1800, completed: true, entries: []),
    title: "Push",
    stats: SessionStats(
      completedSets: 1, totalSets: 4, completedExercises: 0, totalExercises: 2, volumeKg: 300),
    finishedAt: now)
  static let logged = LoggedWorkoutDto(id: "log_1", workoutNumber: 7)
  static let serverError = TraineeAPIError.http(status: 500, error: nil)
  static let badRequest = TraineeAPIError.http(
    status: 400, error: APIErrorBody(code: "invalid_body", message: "entries: not a list"))
  static let keyReused = TraineeAPIError.http(
    status: 422,
    error: APIErrorBody(code: "idempotency_key_reused", message: "The key holds another log."))
  static let conflict = TraineeAPIError.http(status: 409, error: nil)

  /// Waiting after attempt `attempt` failed for `failure`, due `seconds` after `now`.
  static func waiting(
    _ attempt: Int, _ failure: TraineeAPIError = .offline, in seconds: TimeInterval
  ) -> WorkoutLogDeliveryState {
    .waiting(log, attempt: attempt, failure: failure, retryAt: now + seconds)
  }
}

/// One transition: from a state, an action at `Sample.now`, to a state and the effects asked.
struct Transition: Sendable, CustomTestStringConvertible {
  var testDescription: String
  var from: WorkoutLogDeliveryState
  var action: WorkoutLogDeliveryAction
  var to: WorkoutLogDeliveryState
  var effects: [WorkoutLogDeliveryEffect]

  init(
    _ description: String, from: WorkoutLogDeliveryState, _ action: WorkoutLogDeliveryAction,
    to: WorkoutLogDeliveryState, _ effects: [WorkoutLogDeliveryEffect]
  ) {
    testDescription = description
    self.from = from
    self.action = action
    self.to = to
    self.effects = effects
  }
}

/// Every transition of the workout log's delivery, as a table
/// (docs/decisions/the-workout-log-on-its-way.md, "Workout log delivery").
struct WorkoutLogDeliveryTests {
  typealias S = Sample

  static let transitions: [Transition] = [
    // Finish -> pending -> sending.
    Transition(
      "finish writes the log first", from: .idle, .finish(S.log), to: .pending(S.log),
      [.save(S.log)]),
    Transition(
      "a finish after the complete screen", from: .accepted(S.log, S.logged),
      .finish(S.log), to: .pending(S.log), [.save(S.log)]),
    Transition(
      "once written, attempt 1", from: .pending(S.log), .saved,
      to: .sending(S.log, attempt: 1), [.send(S.log)]),
    Transition(
      "an outbox that cannot be written sends nothing", from: .pending(S.log),
      .saveFailed, to: .idle, []),
    // Relaunch: whatever the log was doing when the app stopped, it is sent with its key.
    Transition(
      "relaunch while sending (or waiting)", from: .idle, .relaunched(S.log),
      to: .sending(S.log, attempt: 1), [.send(S.log)]),
    // Answers.
    Transition(
      "accepted", from: .sending(S.log, attempt: 3), .answered(S.logged),
      to: .accepted(S.log, S.logged), [.removeFromOutbox]),
    Transition(
      "offline waits 2 s after attempt 1", from: .sending(S.log, attempt: 1),
      .failed(.offline), to: S.waiting(1, in: 2), [.wake(after: .seconds(2))]),
    Transition(
      "5xx waits, doubling", from: .sending(S.log, attempt: 3), .failed(S.serverError),
      to: S.waiting(3, S.serverError, in: 8), [.wake(after: .seconds(8))]),
    Transition(
      "the wait stops growing at 60 s", from: .sending(S.log, attempt: 9),
      .failed(.timeout), to: S.waiting(9, .timeout, in: 60), [.wake(after: .seconds(60))]),
    Transition(
      "408 is retried", from: .sending(S.log, attempt: 1),
      .failed(.http(status: 408, error: nil)),
      to: S.waiting(1, .http(status: 408, error: nil), in: 2), [.wake(after: .seconds(2))]),
    Transition(
      "429 is retried", from: .sending(S.log, attempt: 2),
      .failed(.http(status: 429, error: nil)),
      to: S.waiting(2, .http(status: 429, error: nil), in: 4), [.wake(after: .seconds(4))]),
    Transition(
      "401 (a refused token, not a refused log) waits for the next sign-in",
      from: .sending(S.log, attempt: 2), .failed(.http(status: 401, error: nil)),
      to: S.waiting(2, .http(status: 401, error: nil), in: 4), [.wake(after: .seconds(4))]),
    Transition(
      "an unreadable answer is retried", from: .sending(S.log, attempt: 1),
      .failed(.transport("reset")), to: S.waiting(1, .transport("reset"), in: 2),
      [.wake(after: .seconds(2))]),
    Transition(
      "a 4xx is refused and kept", from: .sending(S.log, attempt: 2),
      .failed(S.badRequest), to: .refused(S.log, attempt: 2, failure: S.badRequest), []),
    Transition(
      "422 for a reused key is refused and kept, key and all",
      from: .sending(S.log, attempt: 1), .failed(S.keyReused),
      to: .refused(S.log, attempt: 1, failure: S.keyReused), []),
    Transition(
      "409 is refused and kept", from: .sending(S.log, attempt: 1),
      .failed(S.conflict), to: .refused(S.log, attempt: 1, failure: S.conflict), []),
    // Retries, with the same log and key.
    Transition(
      "the timer sends attempt 2", from: S.waiting(1, in: 2), .retryDue,
      to: .sending(S.log, attempt: 2), [.send(S.log)]),
    Transition(
      "retry now stops the timer and starts the count again", from: S.waiting(4, in: 16),
      .retryNow, to: .sending(S.log, attempt: 1), [.cancelWake, .send(S.log)]),
    Transition(
      "a refused log is sent again when asked",
      from: .refused(S.log, attempt: 2, failure: S.keyReused), .retryNow,
      to: .sending(S.log, attempt: 1), [.send(S.log)]),
    // Setting a refused log aside.
    Transition(
      "discarding a refused log keeps it aside first",
      from: .refused(S.log, attempt: 1, failure: S.badRequest), .discard,
      to: .refused(S.log, attempt: 1, failure: S.badRequest), [.setAside(S.log)]),
    Transition(
      "once kept aside, nothing is on its way",
      from: .refused(S.log, attempt: 1, failure: S.badRequest), .keptAside, to: .idle, []),
    Transition(
      "the complete screen is left", from: .accepted(S.log, S.logged), .acknowledge,
      to: .idle, []),
  ]

  @Test(arguments: transitions)
  func transition(_ step: Transition) {
    var delivery = WorkoutLogDelivery(state: step.from)
    let effects = delivery.apply(step.action, now: Sample.now)
    #expect(delivery.state == step.to)
    #expect(effects == step.effects)
  }

  /// Actions that do not apply where the log stands change nothing and ask for nothing.
  static let ignored: [(WorkoutLogDeliveryState, WorkoutLogDeliveryAction)] = [
    (.pending(S.log), .finish(S.log)),
    (.sending(S.log, attempt: 1), .finish(S.log)),
    (S.waiting(1, in: 2), .finish(S.log)),
    (.refused(S.log, attempt: 1, failure: S.badRequest), .finish(S.log)),
    (.sending(S.log, attempt: 1), .relaunched(S.log)),
    // A timer that fires late, after a retry asked for or a refusal.
    (.sending(S.log, attempt: 1), .retryDue),
    (.refused(S.log, attempt: 1, failure: S.badRequest), .retryDue),
    (.idle, .retryDue),
    // No double send while one is on its way.
    (.sending(S.log, attempt: 1), .retryNow),
    // A log waiting for the network cannot be set aside.
    (S.waiting(1, in: 2), .discard),
    (.sending(S.log, attempt: 1), .discard),
    (.idle, .discard),
    // Answers with nothing on its way.
    (.idle, .answered(S.logged)),
    (.refused(S.log, attempt: 1, failure: S.badRequest), .failed(.offline)),
    (.accepted(S.log, S.logged), .answered(S.logged)),
    (.idle, .saved),
    (.sending(S.log, attempt: 1), .acknowledge),
  ]

  @Test(arguments: ignored.indices)
  func actionsThatDoNotApplyChangeNothing(_ index: Int) {
    let (state, action) = Self.ignored[index]
    var delivery = WorkoutLogDelivery(state: state)
    #expect(delivery.apply(action, now: Sample.now) == [])
    #expect(delivery.state == state, "\(action) in \(state)")
  }

  /// A log offline for a while: every attempt carries the one key, and the waits are 2, 4, 8,
  /// 16, 32, 60, 60 seconds, each from when its attempt failed.
  @Test func aLogOfflineForAWhileKeepsItsKeyAndBacksOff() {
    var delivery = WorkoutLogDelivery()
    var sent: [String] = []
    var waits: [Duration] = []
    var now = Sample.now
    var effects = delivery.apply(.finish(Sample.log), now: now)
    effects += delivery.apply(.saved, now: now)
    for _ in 0..<7 {
      for case .send(let log) in effects { sent.append(log.idempotencyKey) }
      effects = delivery.apply(.failed(.offline), now: now)
      for case .wake(let delay) in effects {
        waits.append(delay)
        now += TimeInterval(delay.components.seconds)
      }
      effects = delivery.apply(.retryDue, now: now)
    }
    #expect(sent == Array(repeating: Sample.log.idempotencyKey, count: 7))
    #expect(waits == [2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })
    #expect(delivery.state == .sending(Sample.log, attempt: 8))
  }

  @Test func theUnsentLogIsTheOutboxs() {
    #expect(WorkoutLogDelivery(state: .idle).unsentLog == nil)
    #expect(WorkoutLogDelivery(state: .accepted(S.log, S.logged)).unsentLog == nil)
    for state: WorkoutLogDeliveryState in [
      .pending(S.log), .sending(S.log, attempt: 1), S.waiting(1, in: 2),
      .refused(S.log, attempt: 1, failure: S.badRequest),
    ] {
      #expect(WorkoutLogDelivery(state: state).unsentLog == S.log)
    }
    #expect(WorkoutLogDelivery(state: .refused(S.log, attempt: 1, failure: S.conflict)).isRefused)
    #expect(!WorkoutLogDelivery(state: S.waiting(1, in: 2)).isRefused)
  }

  @Test func failuresReadAsTheTraineeSeesThem() {
    #expect(TraineeAPIError.offline.explanation == "the server cannot be reached")
    #expect(TraineeAPIError.timeout.explanation == "the server did not answer in time")
    #expect(
      S.keyReused.explanation
        == "the server answered 422: The key holds another log.")
    #expect(S.conflict.explanation == "the server answered 409")
  }

  /// The one backoff type: the nutrition sync's waits and the workout log's are the same rule
  /// from different first waits.
  @Test func theBackoffDoublesUpToItsCap() {
    let backoff = WorkoutLogDelivery.backoff
    #expect(
      (0...8).map { backoff.delay(afterFailures: $0) }
        == [2, 2, 4, 8, 16, 32, 60, 60, 60].map { Duration.seconds($0) })
    #expect(backoff.delay(afterFailures: 10_000) == .seconds(60))
    let halves = RetryBackoff(first: .milliseconds(500), cap: .seconds(3))
    #expect(
      (1...5).map { halves.delay(afterFailures: $0) }
        == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])
  }
}
