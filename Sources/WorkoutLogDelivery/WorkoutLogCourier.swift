import DurableFiles
import Foundation
import TraineeAPI
import TraineeClient
import WorkoutSession

// NB: the thin shell around `WorkoutLogDelivery`: it performs the machine's effects (the outbox
// file, the post, the retry timer) and hands their outcomes back as actions. The clock, the wall
// clock and the key source are injected, so the terminal app and the iOS app share it and its
// tests run on the manual clock.

/// Carries a finished workout's log to the server: writes it to the outbox, posts it with its
/// key, retries it on the injected clock, and keeps a refused one until the trainee decides.
@MainActor
public final class WorkoutLogCourier {
  /// Where the log stands.
  public private(set) var delivery: WorkoutLogDelivery
  /// Called after every change of `delivery`, for a screen to redraw.
  public var onChange: (@MainActor () -> Void)?
  /// Called once the server accepted `log`, before `onChange`.
  public var onAccepted: (@MainActor (PendingWorkoutLog, LoggedWorkoutDto) -> Void)?

  /// The file the log waits in.
  public let outbox: WorkoutLogOutbox
  private let transport: any WorkoutLogTransport
  private let clock: any Clock<Duration>
  let now: @Sendable () -> Date
  private let newKey: @Sendable () -> String
  private var sender: Task<Void, Never>?
  private var timer: Task<Void, Never>?

  /// A courier with nothing on its way; `launch()` picks up a log left in the outbox.
  ///
  /// - Parameters:
  ///   - clock: what the retry waits sleep on.
  ///   - now: the wall clock, for when a retry is due (as shown) and the outbox's sweep.
  ///   - newKey: a fresh `Idempotency-Key` for each finished workout (a random UUID).
  public init(
    outbox: WorkoutLogOutbox, transport: any WorkoutLogTransport,
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = { Date() },
    newKey: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
    backoff: RetryBackoff = WorkoutLogDelivery.backoff
  ) {
    self.outbox = outbox
    self.transport = transport
    self.clock = clock
    self.now = now
    self.newKey = newKey
    delivery = WorkoutLogDelivery(backoff: backoff)
  }

  /// Reads the outbox, as the app starts: a log left there (pending, on its way or waiting when
  /// the app stopped) is sent again with its key. Returns what could not be read, to show: an
  /// unreadable file is moved aside, never deleted.
  public func launch() -> String? {
    let (log, problem) = outbox.load(now: now())
    if let log { run(.relaunched(log)) }
    return problem
  }

  /// Finishes a workout: its log, under a new key, is written to the outbox and then sent.
  /// Throws when the outbox cannot be written; then nothing is sent and nothing changes. Does
  /// nothing while another log is on its way.
  public func finish(
    payload: LogWorkoutPayload, title: String, stats: SessionStats, finishedAt: Date
  ) throws(FileError) {
    guard delivery.unsentLog == nil else { return }
    let log = PendingWorkoutLog(
      idempotencyKey: newKey(), payload: payload, title: title, stats: stats,
      finishedAt: finishedAt)
    if let failure = run(.finish(log)).failure { throw failure }
  }

  /// Sends a waiting or refused log now, instead of at its retry time; the attempts count from
  /// 1 again, and so do the waits.
  public func retryNow() {
    run(.retryNow)
  }

  /// Keeps a refused log in `refused-workout-logs/` and empties the outbox; returns where it was
  /// kept, or `nil` when no log is refused. Throws when the copy cannot be written, and then
  /// keeps everything as it was.
  public func setAsideRefusedLog() throws(FileError) -> URL? {
    let outcome = run(.discard)
    if let failure = outcome.failure { throw failure }
    return outcome.keptAside
  }

  /// Leaves the accepted state (the complete screen was seen).
  public func acknowledge() {
    run(.acknowledge)
  }

  /// Stops the attempt on its way and the retry timer; the outbox keeps the log for the next
  /// launch.
  public func close() {
    sender?.cancel()
    sender = nil
    timer?.cancel()
    timer = nil
  }

  /// Applies `action` and performs its effects, and those of the actions they answer with.
  @discardableResult
  private func run(
    _ action: WorkoutLogDeliveryAction
  ) -> (failure: FileError?, keptAside: URL?) {
    var actions = [action]
    var failure: FileError?
    var keptAside: URL?
    var accepted: (PendingWorkoutLog, LoggedWorkoutDto)?
    let before = delivery
    while !actions.isEmpty {
      for effect in delivery.apply(actions.removeFirst(), now: now()) {
        switch effect {
        case .save(let log):
          do {
            try outbox.save(log)
            actions.append(.saved)
          } catch {
            failure = error
            actions.append(.saveFailed)
          }
        case .send(let log):
          send(log)
        case .wake(let delay):
          wake(after: delay)
        case .cancelWake:
          timer?.cancel()
          timer = nil
        case .removeFromOutbox:
          outbox.remove()
          if case .accepted(let log, let logged) = delivery.state { accepted = (log, logged) }
        case .setAside(let log):
          do {
            keptAside = try outbox.setAside(log)
            actions.append(.keptAside)
          } catch {
            failure = error
          }
        }
      }
    }
    if let (log, logged) = accepted { onAccepted?(log, logged) }
    if delivery != before { onChange?() }
    return (failure, keptAside)
  }

  private func send(_ log: PendingWorkoutLog) {
    sender?.cancel()
    let transport = transport
    sender = Task { [weak self] in
      let answer: Result<LoggedWorkoutDto, TraineeAPIError>
      do throws(TraineeAPIError) {
        answer = .success(
          try await transport.logWorkout(log.payload, idempotencyKey: log.idempotencyKey))
      } catch {
        answer = .failure(error)
      }
      // A closed courier (or a newer attempt) drops the answer: the outbox still holds the log.
      guard !Task.isCancelled, let self else { return }
      self.sender = nil
      switch answer {
      case .success(let logged): self.run(.answered(logged))
      case .failure(let error): self.run(.failed(error))
      }
    }
  }

  private func wake(after delay: Duration) {
    timer?.cancel()
    let clock = clock
    timer = Task { [weak self] in
      do { try await clock.sleep(for: delay, tolerance: nil) } catch { return }
      guard !Task.isCancelled, let self else { return }
      self.timer = nil
      self.run(.retryDue)
    }
  }
}
