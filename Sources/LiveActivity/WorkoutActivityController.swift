import Foundation
import TraineeAPI
import WorkoutSession

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity content" (lifecycle), and
// docs/specs/live-activity.md, "Lifecycle and limits": the card starts when a session is started,
// is updated on every change that alters it (the update policy decides), ends when the workout is
// finished or discarded, and a card left from a crash is ended when the next workout starts. iOS
// ends an activity after 8 hours and removes it after 12: past its stale date the card gets no
// updates and is not started again for that workout, nor is a card started for a workout begun 8
// hours ago or more. A card the person swiped away (or the system ended) is gone, as the host
// reports, and not started again for that workout. A switched-off or failing host never touches the
// workout.

/// Drives the Live Activity from the workout store's state.
///
/// Call ``sync(_:now:)`` after every action the store applies and after a restore. It reads the
/// host and never changes the workout; what the host refused is kept in ``lastProblem``.
@MainActor
public final class WorkoutActivityController {
  /// How long after its start an activity turns stale (iOS ends it then).
  public static let staleAfter: TimeInterval = 8 * 3600
  /// How long after its start iOS removes an activity from the Lock Screen.
  public static let removedAfter: TimeInterval = 12 * 3600

  /// The language the card is written in; takes effect at the next sync.
  public var language: ActivityLanguage
  /// The unit system the card is written in; takes effect at the next sync.
  public var units: UnitSystem
  /// The last request the host refused, if any.
  public private(set) var lastProblem: LiveActivityHostError?

  /// The activity this controller shows.
  struct Shown: Equatable {
    var id: LiveActivityID
    var startedAt: Date
    var staleDate: Date
    var workout: WorkoutKey
  }

  /// Which workout a state holds: its day and the moment it started.
  struct WorkoutKey: Equatable {
    var dayId: String
    var startedAt: Int64
  }

  private let host: any LiveActivityHost
  private var policy = ActivityUpdatePolicy()
  private var shown: Shown?
  /// The workout whose running activities were last looked through (adopted or ended).
  private var scanned: WorkoutKey?
  /// The workout whose card reached its stale date, or was swiped away: it is not started again.
  private var expired: WorkoutKey?

  /// A controller showing the card through `host` in `language` and `units`. It sets the host's
  /// ``LiveActivityHost/activityEnded`` to ``cardEnded(_:)``.
  public init(host: any LiveActivityHost, language: ActivityLanguage, units: UnitSystem) {
    self.host = host
    self.language = language
    self.units = units
    host.activityEnded = { [weak self] id in self?.cardEnded(id) }
  }

  /// The identifier of the activity showing the current workout, if any. It stays from the
  /// card's stale date (8 hours) until the system removes it (12 hours), while the card shows
  /// old content: ask ``cardIsCurrent(now:)`` whether the card shows the workout.
  public var activityID: LiveActivityID? { shown?.id }

  /// Whether the card is on screen and kept up to date at `now`: shown, not swiped away or ended
  /// by the system, and before its stale date (after it the card gets no updates, so a rest
  /// started then never appears on it). Only then does the card stand in for the rest-over
  /// banner.
  public func cardIsCurrent(now: Date) -> Bool {
    guard let shown else { return false }
    return now < shown.staleDate
  }

  /// The host's report that activity `id` is gone or ended without being asked: the person swiped
  /// it away, or the system ended it. When it is the card of the current workout, the card is
  /// forgotten (no longer visible, nothing to end) and not started again for this workout: the
  /// spec ends the card only with the workout, and a new one for the same workout would undo the
  /// person's dismissal. The next workout gets a card. Reports of other activities (those this
  /// controller ended itself) are ignored.
  public func cardEnded(_ id: LiveActivityID) {
    guard let current = shown, current.id == id else { return }
    shown = nil
    expired = current.workout
  }

  /// Brings the card in line with `state` at `now`.
  public func sync(_ state: WorkoutState, now: Date) {
    if let current = shown, now >= current.startedAt + Self.removedAfter {
      // The system removed it: nothing to update or end.
      expired = current.workout
      shown = nil
    }
    guard let workout = Self.key(of: state.session) else {
      endShown()
      _ = policy.offer(nil)
      scanned = nil
      expired = nil
      return
    }
    if let current = shown, current.workout != workout {
      endShown()
      _ = policy.offer(nil)
    }
    if shown == nil {
      guard expired != workout, host.activitiesEnabled else { return }
      if scanned != workout {
        adoptOrEndRunning(for: workout, now: now)
        scanned = workout
        // The app's own card was found past its stale date: no new one for this workout.
        if shown == nil, expired == workout { return }
      }
      // A workout begun 8 hours ago or more gets no new card (a relaunch that found no card of
      // its own: the system removed it, it was swiped away, or the host keeps none across
      // launches); a card started now would outlast the one iOS allowed the workout.
      if shown == nil, let begun = state.session?.startedAt, now >= begun + Self.staleAfter {
        expired = workout
        return
      }
    }
    if let current = shown, now >= current.staleDate {
      expired = current.workout
      return
    }
    guard let content = policy.update(state: state, language: language, units: units, now: now)
    else { return }
    do throws(LiveActivityHostError) {
      if let current = shown {
        try host.update(current.id, content: content, staleDate: current.staleDate)
      } else {
        let staleDate = now + Self.staleAfter
        let id = try host.start(content, staleDate: staleDate)
        shown = Shown(id: id, startedAt: now, staleDate: staleDate, workout: workout)
      }
      lastProblem = nil
    } catch {
      lastProblem = error
    }
  }

  /// Adopts the running activity showing `workout` (the app was relaunched mid-workout) and
  /// ends every other one: cards left from a crash. Versions continue above all of theirs.
  /// When the workout's own card is past its stale date it is ended too, and the workout is
  /// marked expired, so that no new card is started for it.
  private func adoptOrEndRunning(for workout: WorkoutKey, now: Date) {
    let running = host.runningActivities
    let highest = running.map(\.content.version).max() ?? 0
    policy = ActivityUpdatePolicy(lastVersion: max(policy.version, highest))
    var ownCardStale = false
    for activity in running {
      let started = activity.staleDate.map { $0 - Self.staleAfter } ?? now
      let sameWorkout =
        shown == nil && activity.content.workoutStartedAt.milliseconds == workout.startedAt
      if sameWorkout, now < started + Self.staleAfter {
        shown = Shown(
          id: activity.id, startedAt: started, staleDate: started + Self.staleAfter,
          workout: workout)
      } else {
        if sameWorkout { ownCardStale = true }
        end(activity.id, finalContent: nil)
      }
    }
    if shown == nil, ownCardStale { expired = workout }
  }

  private func endShown() {
    guard let current = shown else { return }
    shown = nil
    end(current.id, finalContent: policy.lastEmitted)
  }

  private func end(_ id: LiveActivityID, finalContent: WorkoutActivityContent?) {
    do throws(LiveActivityHostError) {
      try host.end(id, finalContent: finalContent, dismissal: .immediate)
    } catch {
      lastProblem = error
    }
  }

  /// The key of a started session, `nil` without one or once it is finished (the card ends
  /// when the trainee finishes, not when the server accepts the log).
  static func key(of session: WorkoutSession?) -> WorkoutKey? {
    guard let session, session.started, session.finishedAt == nil else { return nil }
    return WorkoutKey(
      dayId: session.dayId, startedAt: session.startedAt?.milliseconds ?? 0)
  }
}
