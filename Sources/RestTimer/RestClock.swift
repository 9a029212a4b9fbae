import Foundation

// NB: docs/specs/workout-session.md, "The rest timer" and
// docs/decisions/rest-timer-alerts-and-reminders.md, "Rest timer, rest-over alert and reminders".
// The rest's start and end are the one fact every surface reads (the in-app bar, the Live Activity,
// the crash-recovery snapshot); `remaining` is always computed from the end time and the clock,
// never counted in ticks.

/// How often the front end calls `sync` while a rest runs.
public let restTickInterval: Duration = .milliseconds(250)
/// The step of the rest bar's and the card's `-15s` / `+15s`.
public let restStepSeconds = 15
/// How late the app may notice a rest's end and still post the alert itself.
public let elapsedAlertGrace: TimeInterval = 5
/// Adjusting never leaves less than this much rest.
public let minimumRestLeft: TimeInterval = 1

/// One rest: when it started, when it ends, after which exercise, and the alert it carries.
public struct RestClock: Codable, Equatable, Sendable {
  public var startedAt: Date
  public var endsAt: Date
  /// The exercise leading the group the rest follows.
  public var exerciseId: String
  public var exerciseName: String
  /// The set number whose round the rest follows (0 when not tied to a set).
  public var setNumber: Int
  /// The rest-over alert's text, or `nil` when rest alerts are off.
  public var alert: RestAlertContent?
  /// True once the app saw the rest end: the in-app bar is gone, the card counts up.
  public var elapsed: Bool

  public init(
    startedAt: Date, endsAt: Date, exerciseId: String, exerciseName: String, setNumber: Int = 0,
    alert: RestAlertContent?, elapsed: Bool = false
  ) {
    self.startedAt = startedAt
    self.endsAt = endsAt
    self.exerciseId = exerciseId
    self.exerciseName = exerciseName
    self.setNumber = setNumber
    self.alert = alert
    self.elapsed = elapsed
  }

  /// Whole seconds from start to end.
  public var totalSeconds: Int {
    Int(endsAt.timeIntervalSince(startedAt).rounded())
  }

  /// Whole seconds left at `now`, rounded up so the bar shows 1 until the very end; 0 after it.
  public func remainingSeconds(at now: Date) -> Int {
    max(0, Int(endsAt.timeIntervalSince(now).rounded(.up)))
  }

  /// Seconds past the end at `now` (what the card counts up); 0 before the end.
  public func overdueSeconds(at now: Date) -> Int {
    max(0, Int(now.timeIntervalSince(endsAt).rounded(.down)))
  }
}

/// The rest-over alert's text, already filled in.
public struct RestAlertContent: Codable, Equatable, Sendable {
  public var title: String
  public var body: String

  public init(title: String, body: String) {
    self.title = title
    self.body = body
  }
}

/// What the in-app rest bar shows.
public struct RestTimerState: Equatable, Sendable {
  public var running: Bool
  public var remaining: Int
  public var totalSeconds: Int
  public var exerciseName: String

  public init(running: Bool, remaining: Int, totalSeconds: Int, exerciseName: String) {
    self.running = running
    self.remaining = remaining
    self.totalSeconds = totalSeconds
    self.exerciseName = exerciseName
  }

  /// No rest.
  public static let idle = RestTimerState(
    running: false, remaining: 0, totalSeconds: 0, exerciseName: "")

  /// `remaining / totalSeconds`, for the progress bar.
  public var progress: Double {
    totalSeconds > 0 ? Double(remaining) / Double(totalSeconds) : 0
  }
}
