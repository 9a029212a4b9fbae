import Foundation

/// The rest timer: the one owner of the current rest, with the spec's actions as pure functions
/// of the time passed in. Each returns what the front end must do about it.
public struct RestTimer: Codable, Equatable, Sendable {
  /// The current rest, kept after it ends (as overdue) until it is cleared, skipped or replaced.
  public private(set) var clock: RestClock?

  public init(clock: RestClock? = nil) {
    self.clock = clock
  }

  /// What the in-app bar shows at `now`.
  public func state(at now: Date) -> RestTimerState {
    guard let clock, !clock.elapsed else { return .idle }
    return RestTimerState(
      running: true, remaining: clock.remainingSeconds(at: now),
      totalSeconds: clock.totalSeconds, exerciseName: clock.exerciseName)
  }

  /// Whether a rest is counting down (not yet seen to end).
  public var isRunning: Bool { clock.map { !$0.elapsed } ?? false }

  /// Starts a rest of `seconds`, replacing any rest before it.
  public mutating func start(
    seconds: Int, exerciseId: String, exerciseName: String, setNumber: Int = 0,
    alert: RestAlertContent?, now: Date
  ) -> [RestEffect] {
    guard seconds > 0 else { return [] }
    var effects: [RestEffect] = []
    if let previous = clock { effects.append(.replaced(previous)) }
    let started = RestClock(
      startedAt: now, endsAt: now + TimeInterval(seconds), exerciseId: exerciseId,
      exerciseName: exerciseName, setNumber: setNumber, alert: alert)
    clock = started
    effects.append(.started(started))
    return effects
  }

  /// Moves the end by `deltaSeconds`, never leaving less than one second; only while running.
  public mutating func adjust(by deltaSeconds: Int, now: Date) -> [RestEffect] {
    // NB: a rest whose end has passed is over even before a tick marked it elapsed.
    guard var current = clock, !current.elapsed, now < current.endsAt, deltaSeconds != 0 else {
      return []
    }
    let requested = current.endsAt + TimeInterval(deltaSeconds)
    current.endsAt = max(requested, now + minimumRestLeft)
    guard current.endsAt != clock?.endsAt else { return [] }
    clock = current
    return [.adjusted(current)]
  }

  /// Skips the rest (the bar's and the card's Skip).
  public mutating func stop() -> [RestEffect] {
    guard let current = clock else { return [] }
    clock = nil
    return [.skipped(current)]
  }

  /// Ends what is left of a rest without a skip: the next set was checked or the workout closed.
  public mutating func clear() -> [RestEffect] {
    guard let current = clock else { return [] }
    clock = nil
    return [.cleared(current)]
  }

  /// Recomputes the timer at `now`: when the rest has run out it is marked elapsed, once.
  ///
  /// `late` tells whether the app saw the end only after the alert grace (it was in the
  /// background, or killed): then no alert is posted now, as the scheduled one already was.
  public mutating func sync(now: Date) -> [RestEffect] {
    guard var current = clock, !current.elapsed, now >= current.endsAt else { return [] }
    current.elapsed = true
    clock = current
    let late = now.timeIntervalSince(current.endsAt) > elapsedAlertGrace
    return [.ended(current, late: late)]
  }

  /// Rebuilds the running state from the end time after a restart or a return to the
  /// foreground: the same as `sync`, since nothing but the end time is needed.
  public mutating func resume(now: Date) -> [RestEffect] {
    sync(now: now)
  }
}

/// What a rest timer action asks for.
public enum RestEffect: Equatable, Sendable {
  /// A rest started: light haptic, schedule its alert, show it.
  case started(RestClock)
  /// A newer rest took the place of this one: its alert goes.
  case replaced(RestClock)
  /// The end moved: move the alert with it.
  case adjusted(RestClock)
  /// The trainee skipped the rest: cancel its alert.
  case skipped(RestClock)
  /// The rest was put away (next set checked, workout finished or discarded): cancel its alert.
  case cleared(RestClock)
  /// The rest ran out while the app watched: success haptic, and post the alert now unless
  /// `late` (the end was seen more than the grace after it happened).
  case ended(RestClock, late: Bool)
}
