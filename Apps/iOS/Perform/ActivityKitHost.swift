@preconcurrency import ActivityKit
import Foundation
import LiveActivity

// NB: docs/decisions/the-lock-screen-card.md, "The Lock Screen card": the lifecycle rules live in
// `WorkoutActivityController` and are tested on Linux against a recording fake; this adapter only
// forwards to ActivityKit. Updates and ends are asynchronous there, so they are chained in call
// order: an end never overtakes the update before it. Every activity it starts or lists is watched
// through
// `activityStateUpdates`: when the person swipes the card away (`.dismissed`) or the system ends
// it (`.ended`), `activityEnded` tells the controller, so the card no longer counts as visible
// and the rest-over banner is posted again.

/// `LiveActivityHost` on ActivityKit.
@MainActor
final class ActivityKitHost: LiveActivityHost {
  private var last: Task<Void, Never>?
  /// The activities whose state is being watched, by identifier.
  private var watched: Set<String> = []

  var activityEnded: (@MainActor (LiveActivityID) -> Void)?

  var activitiesEnabled: Bool {
    ActivityAuthorizationInfo().areActivitiesEnabled
  }

  var runningActivities: [RunningLiveActivity] {
    // Ended ones are listed too, so that a card left from a crash is still dismissed at once;
    // one of the current workout is reported to `activityEnded` by `watch` right after.
    Activity<WorkoutActivityAttributes>.activities.map { activity in
      watch(activity)
      return RunningLiveActivity(
        id: LiveActivityID(rawValue: activity.id), content: activity.content.state,
        staleDate: activity.content.staleDate)
    }
  }

  func start(
    _ content: WorkoutActivityContent, staleDate: Date
  ) throws(LiveActivityHostError) -> LiveActivityID {
    guard activitiesEnabled else { throw .unavailable }
    do {
      let activity = try Activity.request(
        attributes: WorkoutActivityAttributes(),
        content: ActivityContent(state: content, staleDate: staleDate), pushType: nil)
      watch(activity)
      return LiveActivityID(rawValue: activity.id)
    } catch {
      throw .failed(reason: "\(error)")
    }
  }

  func update(
    _ id: LiveActivityID, content: WorkoutActivityContent, staleDate: Date
  ) throws(LiveActivityHostError) {
    let activity = try find(id)
    chain { await activity.update(ActivityContent(state: content, staleDate: staleDate)) }
  }

  func end(
    _ id: LiveActivityID, finalContent: WorkoutActivityContent?, dismissal: ActivityDismissal
  ) throws(LiveActivityHostError) {
    let activity = try find(id)
    let policy: ActivityUIDismissalPolicy =
      switch dismissal {
      case .default: .default
      case .immediate: .immediate
      case .after(let date): .after(date)
      }
    let final = finalContent.map { ActivityContent(state: $0, staleDate: nil) }
    chain { await activity.end(final, dismissalPolicy: policy) }
  }

  private func find(
    _ id: LiveActivityID
  ) throws(LiveActivityHostError) -> Activity<WorkoutActivityAttributes> {
    guard
      let activity = Activity<WorkoutActivityAttributes>.activities.first(where: {
        $0.id == id.rawValue
      })
    else { throw .failed(reason: "no running activity \(id.rawValue)") }
    return activity
  }

  /// Reports `activity` to `activityEnded` once it is ended or dismissed (at once, on the main
  /// actor's next turn, when it already is).
  private func watch(_ activity: Activity<WorkoutActivityAttributes>) {
    guard watched.insert(activity.id).inserted else { return }
    let id = LiveActivityID(rawValue: activity.id)
    Task { [weak self] in
      if Self.isGone(activity.activityState) {
        self?.activityEnded?(id)
        return
      }
      for await state in activity.activityStateUpdates where Self.isGone(state) {
        self?.activityEnded?(id)
        return
      }
    }
  }

  /// Whether an activity in `state` no longer shows live content: ended (by the person, the app
  /// or the system) or dismissed (swiped away, removed).
  private static func isGone(_ state: ActivityState) -> Bool {
    switch state {
    case .ended, .dismissed: true
    default: false
    }
  }

  /// Runs `work` after everything chained before it.
  private func chain(_ work: @escaping @Sendable () async -> Void) {
    let previous = last
    last = Task {
      await previous?.value
      await work()
    }
  }
}
