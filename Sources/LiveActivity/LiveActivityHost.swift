import Foundation

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity content" (lifecycle): everything
// ActivityKit does sits behind this protocol, so the lifecycle is tested on Linux with a recording
// fake; the iOS adapter lives in `Apps/iOS/`.

/// The system's identifier of one running Live Activity.
public struct LiveActivityID: RawRepresentable, Hashable, Codable, Sendable {
  /// ActivityKit's `Activity.id`.
  public var rawValue: String

  /// Wraps a system identifier.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }
}

/// When an ended Live Activity leaves the Lock Screen (ActivityKit's `ActivityUIDismissalPolicy`).
public enum ActivityDismissal: Hashable, Sendable {
  /// The system's default: the final content stays for up to four hours.
  case `default`
  /// It goes at once.
  case immediate
  /// It goes at the date (the system caps it at four hours after the end).
  case after(Date)
}

/// A Live Activity the system reports as running, this process's or one left from a crash.
public struct RunningLiveActivity: Hashable, Sendable {
  /// Its identifier.
  public var id: LiveActivityID
  /// The content it shows.
  public var content: WorkoutActivityContent
  /// When it turns stale, when it was given one.
  public var staleDate: Date?

  /// Creates a description of a running activity.
  public init(id: LiveActivityID, content: WorkoutActivityContent, staleDate: Date?) {
    self.id = id
    self.content = content
    self.staleDate = staleDate
  }
}

/// Why the system did not take a request.
public enum LiveActivityHostError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Live Activities are switched off (Settings) or not supported on this device.
  case unavailable
  /// The system refused, for `reason`.
  case failed(reason: String)

  /// What happened.
  public var description: String {
    switch self {
    case .unavailable: "Live Activities are switched off or not supported"
    case .failed(let reason): "Live Activity request failed: \(reason)"
    }
  }
}

/// The system's Live Activities: ActivityKit on iOS, a recording fake in tests.
@MainActor
public protocol LiveActivityHost: AnyObject {
  /// Whether Live Activities may be started (ActivityKit's `areActivitiesEnabled`).
  var activitiesEnabled: Bool { get }
  /// The workout activities the system is showing, including ones left from a crash.
  var runningActivities: [RunningLiveActivity] { get }
  /// Starts an activity showing `content`, stale from `staleDate`.
  func start(
    _ content: WorkoutActivityContent, staleDate: Date
  ) throws(LiveActivityHostError) -> LiveActivityID
  /// Shows `content` on activity `id`, stale from `staleDate`.
  func update(
    _ id: LiveActivityID, content: WorkoutActivityContent, staleDate: Date
  ) throws(LiveActivityHostError)
  /// Ends activity `id`, showing `finalContent` (else the last content) until `dismissal`.
  func end(
    _ id: LiveActivityID, finalContent: WorkoutActivityContent?, dismissal: ActivityDismissal
  ) throws(LiveActivityHostError)
  /// Called with an activity's identifier when the system reports it ended or dismissed (on iOS
  /// `activityStateUpdates` answering `.ended` or `.dismissed`): the person swiped it away, or the
  /// system ended it. `WorkoutActivityController` sets it on init. A host whose activities end
  /// only when asked (the terminal's) may keep the default, which never calls it.
  var activityEnded: (@MainActor (LiveActivityID) -> Void)? { get set }
}

extension LiveActivityHost {
  /// Never called: activities of this host end only when the controller asks.
  public var activityEnded: (@MainActor (LiveActivityID) -> Void)? {
    get { nil }
    set {}
  }
}
