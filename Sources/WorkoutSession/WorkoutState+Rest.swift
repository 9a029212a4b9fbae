import Foundation
import RestTimer

// NB: docs/specs/workout-session.md, "When a rest starts" and
// docs/decisions/rest-timer-alerts-and-reminders.md, "Rest timer, rest-over alert and reminders": a
// newly started rest replaces the old one; checking a set that starts no rest ends the rest before
// it (the trainee has moved on); unchecking a set of the round a rest follows ends that rest; the
// rest ends when every set is done and with the workout.

extension WorkoutState {
  mutating func applyToRest(
    _ action: WorkoutAction, sessionEffects: [WorkoutEffect], now: Date
  ) -> [WorkoutEffect] {
    var restEffects: [RestEffect] = []
    switch action {
    case .toggleSet(let exerciseId, let setNumber):
      if let started = sessionEffects.lazy.compactMap(\.restRequest).first {
        let alert = NotificationTexts(.restTimer, configs: notificationConfigs)
          .restAlert(exerciseName: started.exerciseName)
        restEffects = rest.start(
          seconds: started.seconds, exerciseId: started.exerciseId,
          exerciseName: started.exerciseName, setNumber: started.setNumber, alert: alert,
          now: now)
      } else if isChecked(exerciseId, setNumber) || restFollows(exerciseId, setNumber) {
        restEffects = rest.clear()
      }
    case .adjustRest(let seconds):
      restEffects = rest.adjust(by: seconds, now: now)
    case .skipRest:
      restEffects = rest.stop()
    case .tick:
      restEffects = rest.sync(now: now)
    case .resume:
      restEffects = rest.resume(now: now)
    case .reset, .finish, .discard:
      // NB: docs/specs/workout-session.md, "Moving or cancelling the alert": finishing (or closing
      // the workout) cancels the alert.
      restEffects = rest.clear()
    case .start, .begin, .setValue, .completeExercise, .substitute, .addSet, .addWarmUpSets,
      .removeSet,
      .satisfyTechniquePrompt, .skipTechniquePrompt, .dismissCoachFeedback,
      .writeWorkoutNote, .writeSetNote, .writeSubstitutionReason,
      .notificationConfigsLoaded:
      break
    }
    // Once every set is done there is nothing to rest for (`completeExercise` or `removeSet`
    // can get there too): the rest and its alert go.
    if session?.allSetsDone == true, rest.clock != nil {
      restEffects += rest.clear()
    }
    // The start itself is announced by the session's `.restStarted`.
    return restEffects.filter { if case .started = $0 { false } else { true } }.map { .rest($0) }
  }

  mutating func updateReminders(now: Date) -> [WorkoutEffect] {
    let progress: WorkoutReminders.Progress
    // NB: docs/specs/workout-session.md, "Idle and unfinished reminders" are about a workout still
    // open: a finished one (its log waiting for the server, or refused) is closed for them, as a
    // discarded one is.
    if let session, session.finishedAt == nil {
      var completed = 0
      var total = 0
      for exercise in session.exercises {
        total += exercise.sets.count
        for set in exercise.sets where set.done { completed += 1 }
      }
      // A workout with no sets (a day that was not found) is never "every set done": it gets
      // the idle reminder while it stays open, never the unfinished one.
      progress = .init(
        started: session.started, completedSets: completed,
        allSetsDone: total > 0 && completed == total)
    } else {
      progress = .closed
    }
    return reminders.update(
      progress, now: now,
      idleEnabled: NotificationTexts(.workoutIdle, configs: notificationConfigs).enabled,
      unfinishedEnabled: NotificationTexts(.workoutUnfinished, configs: notificationConfigs)
        .enabled
    ).map { .reminder($0) }
  }

  private func isChecked(_ exerciseId: String, _ setNumber: Int) -> Bool {
    session?.exercises.first { $0.exerciseId == exerciseId }?
      .sets.first { $0.setNumber == setNumber }?.done ?? false
  }

  /// Whether the current rest follows round `setNumber` of `exerciseId`'s group.
  private func restFollows(_ exerciseId: String, _ setNumber: Int) -> Bool {
    guard let clock = rest.clock, clock.setNumber == setNumber, let session,
      let index = session.exerciseIndex(exerciseId)
    else { return false }
    return session.groupMembers(of: index).first?.exerciseId == clock.exerciseId
  }
}

extension WorkoutEffect {
  var isRefusal: Bool {
    if case .actionRefused = self { return true }
    return false
  }

  var restRequest: (seconds: Int, exerciseId: String, exerciseName: String, setNumber: Int)? {
    if case .restStarted(let seconds, let exerciseId, let exerciseName, let setNumber) = self {
      return (seconds, exerciseId, exerciseName, setNumber)
    }
    return nil
  }
}
