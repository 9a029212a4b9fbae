import Foundation
import LiveActivity
import TerminalScreens

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app": the Live
// Activity card rendered at the top of the screen. On Linux there is no Lock Screen: this host
// keeps the activity the controller asks for, and the live workout screen draws its content with
// `activityTerminalCard`. The controller's whole lifecycle (start, update only on change, end,
// adopt) runs unchanged.

/// The Live Activity "system" of the terminal app: at most one activity, held in memory.
@MainActor
public final class TerminalActivityHost: LiveActivityHost {
  /// The activity on screen, if any.
  public private(set) var current: RunningLiveActivity?
  /// How many updates the controller has sent (one per change that alters the card).
  public private(set) var updateCount = 0
  private var nextID = 1

  public init() {}

  public var activitiesEnabled: Bool { true }

  public var runningActivities: [RunningLiveActivity] { current.map { [$0] } ?? [] }

  public func start(
    _ content: WorkoutActivityContent, staleDate: Date
  ) throws(LiveActivityHostError) -> LiveActivityID {
    let id = LiveActivityID(rawValue: "terminal-\(nextID)")
    nextID += 1
    current = RunningLiveActivity(id: id, content: content, staleDate: staleDate)
    updateCount += 1
    return id
  }

  public func update(
    _ id: LiveActivityID, content: WorkoutActivityContent, staleDate: Date
  ) throws(LiveActivityHostError) {
    guard current?.id == id else { throw .failed(reason: "no activity \(id.rawValue)") }
    current = RunningLiveActivity(id: id, content: content, staleDate: staleDate)
    updateCount += 1
  }

  public func end(
    _ id: LiveActivityID, finalContent: WorkoutActivityContent?, dismissal: ActivityDismissal
  ) throws(LiveActivityHostError) {
    if current?.id == id { current = nil }
  }
}
