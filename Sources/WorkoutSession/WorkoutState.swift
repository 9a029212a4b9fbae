import Foundation
import RestTimer
import TraineeAPI

/// Everything the live-workout store holds: the session (or `nil` when no workout is open), the
/// rest timer, the workout reminders and the notification configs they are written from.
///
/// Actions are pure: `apply(_:now:)` reads no clock and does no I/O; it returns the effects the
/// front end should perform. A refused action changes nothing and returns `.actionRefused`.
public struct WorkoutState: Codable, Equatable, Sendable {
  public var session: WorkoutSession?
  /// The one owner of the current rest's start and end.
  public var rest: RestTimer
  public var reminders: WorkoutReminders
  /// The server's notification configs, as last loaded (the app's strings stand in for missing
  /// ones).
  public var notificationConfigs: [NotificationConfigDto]

  public init(
    session: WorkoutSession? = nil, rest: RestTimer = RestTimer(),
    reminders: WorkoutReminders = WorkoutReminders(),
    notificationConfigs: [NotificationConfigDto] = []
  ) {
    self.session = session
    self.rest = rest
    self.reminders = reminders
    self.notificationConfigs = notificationConfigs
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    session = try container.decodeOptional(WorkoutSession.self, forKey: .session)
    rest = try container.decodeOptional(RestTimer.self, forKey: .rest) ?? RestTimer()
    reminders =
      try container.decodeOptional(WorkoutReminders.self, forKey: .reminders)
      ?? WorkoutReminders()
    notificationConfigs = try container.decodeList(
      NotificationConfigDto.self, forKey: .notificationConfigs)
  }

  enum CodingKeys: String, CodingKey {
    case session, rest, reminders, notificationConfigs
  }

  /// Applies `action` at `now` and returns what should happen next: the session's effects, then
  /// the rest timer's, then changes to the reminders. A refused action changes nothing at all.
  public mutating func apply(_ action: WorkoutAction, now: Date) -> [WorkoutEffect] {
    var effects = applySession(action, now: now)
    if effects.contains(where: \.isRefusal) { return effects }
    effects += applyToRest(action, sessionEffects: effects, now: now)
    effects += updateReminders(now: now)
    return effects
  }

  /// Applies only the session's own rules (docs/specs/workout-session.md, "Actions"): the rest
  /// timer and the reminders are left as they are. `apply` is this plus what follows from it.
  public mutating func applySession(_ action: WorkoutAction, now: Date) -> [WorkoutEffect] {
    switch action {
    case .adjustRest, .skipRest, .tick, .resume:
      return []
    case .notificationConfigsLoaded(let configs):
      notificationConfigs = configs
      return []
    case .start(let workout, let units):
      return start(workout, units: units)
    case .reset:
      session = nil
      return []
    case .finish:
      return finish(now: now)
    case .discard:
      return discard()
    case .begin:
      return update { session throws(ActionRefusal) in
        if !session.started {
          session.started = true
          session.startedAt = now
        }
        return []
      }
    case .setValue(let exerciseId, let setNumber, let field, let value):
      return update { session throws(ActionRefusal) in
        try session.setValue(exerciseId, setNumber, field, value)
      }
    case .toggleSet(let exerciseId, let setNumber):
      return update { session throws(ActionRefusal) in
        try session.toggleSet(exerciseId, setNumber, now: now)
      }
    case .completeExercise(let exerciseId):
      return update { session throws(ActionRefusal) in
        try session.completeExercise(exerciseId, now: now)
      }
    case .substitute(let exerciseId, let option):
      return update { session throws(ActionRefusal) in
        try session.substitute(exerciseId, option: option)
      }
    case .addSet(let exerciseId):
      return update { session throws(ActionRefusal) in try session.addSet(exerciseId) }
    case .addWarmUpSets(let exerciseId, let sets):
      return update { session throws(ActionRefusal) in
        try session.addWarmUpSets(exerciseId, sets)
      }
    case .removeSet(let exerciseId, let setNumber):
      return update { session throws(ActionRefusal) in
        try session.removeSet(exerciseId, setNumber)
      }
    case .satisfyTechniquePrompt(let exerciseId, let url):
      return update { session throws(ActionRefusal) in
        try session.satisfyTechniquePrompt(exerciseId, url: url)
      }
    case .skipTechniquePrompt(let exerciseId):
      return update { session throws(ActionRefusal) in
        let index = try session.index(of: exerciseId)
        session.exercises[index].videoSkipped = true
        return []
      }
    case .dismissCoachFeedback(let exerciseId):
      return update { session throws(ActionRefusal) in
        let index = try session.index(of: exerciseId)
        guard let feedback = session.exercises[index].coachFeedback else {
          throw .noCoachFeedback(exerciseId: exerciseId)
        }
        session.exercises[index].coachFeedback = nil
        return [.markCoachFeedbackSeen(videoId: feedback.videoId)]
      }
    case .writeWorkoutNote(let text):
      return update { session throws(ActionRefusal) in try session.writeWorkoutNote(text) }
    case .writeSetNote(let exerciseId, let setNumber, let text):
      return update { session throws(ActionRefusal) in
        try session.writeSetNote(exerciseId, setNumber, text)
      }
    case .writeSubstitutionReason(let exerciseId, let text):
      return update { session throws(ActionRefusal) in
        try session.writeSubstitutionReason(exerciseId, text)
      }
    }
  }

  /// Creates an unstarted session. No-op when the open session is already this day and plan;
  /// refused when another session has started, so a workout in progress is never thrown away.
  private mutating func start(_ workout: LiveWorkout, units: UnitSystem) -> [WorkoutEffect] {
    if sessionMatches(session, dayId: workout.dayId, planId: workout.programId) { return [] }
    if let session, session.started {
      return [.actionRefused(.anotherWorkoutInProgress(dayId: session.dayId))]
    }
    session = WorkoutSession(workout: workout, units: units)
    return []
  }

  /// Runs `body` on a copy of the session and keeps the copy only if `body` did not refuse; a
  /// finished session is not changed at all.
  private mutating func update(
    _ body: (inout WorkoutSession) throws(ActionRefusal) -> [WorkoutEffect]
  ) -> [WorkoutEffect] {
    guard var working = session else { return [.actionRefused(.noSession)] }
    guard working.finishedAt == nil else {
      return [.actionRefused(.workoutFinished(dayId: working.dayId))]
    }
    do {
      let effects = try body(&working)
      session = working
      return effects
    } catch {
      return [.actionRefused(error)]
    }
  }
}

extension WorkoutSession {
  /// The index of exercise `exerciseId`, or a refusal naming it.
  func index(of exerciseId: String) throws(ActionRefusal) -> Int {
    guard let index = exerciseIndex(exerciseId) else {
      throw .unknownExercise(exerciseId: exerciseId)
    }
    return index
  }

  /// The indices of exercise `exerciseId` and its set `setNumber`, or a refusal naming them.
  func indices(of exerciseId: String, _ setNumber: Int) throws(ActionRefusal) -> (Int, Int) {
    let exercise = try index(of: exerciseId)
    guard let set = exercises[exercise].sets.firstIndex(where: { $0.setNumber == setNumber })
    else { throw .unknownSet(exerciseId: exerciseId, setNumber: setNumber) }
    return (exercise, set)
  }

  mutating func markStarted(now: Date) {
    guard !started else { return }
    started = true
    startedAt = now
  }

  mutating func satisfyTechniquePrompt(
    _ exerciseId: String, url: String?
  ) throws(ActionRefusal) -> [WorkoutEffect] {
    let index = try index(of: exerciseId)
    var effects: [WorkoutEffect] = []
    if let url {
      let trimmed = url.trimmingCharacters(in: .whitespaces)
      guard trimmed.count <= 2048, !trimmed.contains(where: \.isWhitespace),
        let parsed = URL(string: trimmed),
        ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil
      else { throw .invalidVideoURL(url) }
      effects.append(.submitTechniqueVideo(url: trimmed, exerciseId: exerciseId))
    }
    exercises[index].videoSent = true
    return effects
  }
}
