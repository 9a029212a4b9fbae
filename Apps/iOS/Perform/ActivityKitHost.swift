import ActivityKit
import Foundation
import LiveActivity

// NB: issue 5 "Lifecycle": the lifecycle rules live in `WorkoutActivityController` and are
// tested on Linux against a recording fake; this adapter only forwards to ActivityKit. Updates
// and ends are asynchronous there, so they are chained in call order: an end never overtakes
// the update before it.

/// `LiveActivityHost` on ActivityKit.
@MainActor
final class ActivityKitHost: LiveActivityHost {
  private var last: Task<Void, Never>?

  var activitiesEnabled: Bool {
    ActivityAuthorizationInfo().areActivitiesEnabled
  }

  var runningActivities: [RunningLiveActivity] {
    Activity<WorkoutActivityAttributes>.activities.map { activity in
      RunningLiveActivity(
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

  /// Runs `work` after everything chained before it.
  private func chain(_ work: @escaping @Sendable () async -> Void) {
    let previous = last
    last = Task {
      await previous?.value
      await work()
    }
  }
}
