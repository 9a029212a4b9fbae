import Foundation
import RestTimer
import TraineeAPI
import WorkoutSession

/// What a replay prints: the final session and its derived values, every effect, and the log.
public struct ReplayResult: Encodable, Sendable {
  public var session: WorkoutSession?
  public var stats: SessionStats
  public var nextExercise: String?
  /// The set due next (`SetLocation.due(in:)`): the one the card shows and the cursor sits on.
  public var dueSet: SetLocation?
  public var placeholders: [String: Placeholder]
  public var effects: [ReplayEffect]
  /// The payload the last `finish` step would post, or `nil` without one.
  public var log: LogWorkoutPayload?
  /// What restoring the journal directory reported; not part of the JSON document.
  public var notices: [RecoveryNotice] = []

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(session, forKey: .session)
    try container.encode(stats, forKey: .stats)
    try container.encode(nextExercise, forKey: .nextExercise)
    try container.encode(dueSet.map(DueSetOutput.init), forKey: .dueSet)
    try container.encode(placeholders, forKey: .placeholders)
    try container.encode(effects, forKey: .effects)
    try container.encode(log, forKey: .log)
  }

  enum CodingKeys: String, CodingKey {
    case session, stats, nextExercise, dueSet, placeholders, effects, log
  }

  /// The due set as printed: the names the actions use, not its indices.
  private struct DueSetOutput: Encodable {
    var exerciseId: String
    var setNumber: Int

    init(_ location: SetLocation) {
      exerciseId = location.exerciseId
      setNumber = location.setNumber
    }
  }

  /// The result as the JSON document `perform replay` prints: sorted keys, indented.
  public func json() throws -> Data {
    try ReadableJSON.document(self)
  }
}

/// One effect with when it happened and which step caused it: an effect of the engine, an event
/// at the notification center, or the finding that alerts are blocked.
public struct ReplayEffect: Encodable, Equatable, Sendable {
  public var at: Date
  public var actionIndex: Int
  public var event: Event

  public enum Event: Equatable, Sendable {
    case engine(WorkoutEffect)
    case notification(NotificationEvent)
    case alertsBlocked(RestAlertBlockReason)
  }

  public init(at: Date, actionIndex: Int, event: Event) {
    self.at = at
    self.actionIndex = actionIndex
    self.event = event
  }

  /// The effect of the session itself (not of the rest, the reminders or the notification
  /// center), if this is one.
  public var sessionEffect: WorkoutEffect? {
    switch event {
    case .engine(.rest), .engine(.reminder), .notification, .alertsBlocked: nil
    case .engine(let effect): effect
    }
  }

  /// The effect's name in the output.
  public var name: String {
    switch event {
    case .engine(let effect): effect.name
    case .alertsBlocked: "alertsBlocked"
    case .notification(.scheduled(let request)):
      Self.isReminder(request) ? "reminderScheduled" : "alertScheduled"
    case .notification(.cancelled(let id)):
      id.hasPrefix("reminder-") ? "reminderCancelled" : "alertCancelled"
    case .notification(.presented): "alertPresented"
    case .notification(.dismissed): "alertDismissed"
    case .notification(.delivered(let request)):
      Self.isReminder(request) ? "reminderDelivered" : "alertDelivered"
    }
  }

  private static func isReminder(_ request: LocalNotificationRequest) -> Bool {
    request.data["kind"] == WorkoutAlerts.reminderKind
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(ISO8601Instant.text(at), forKey: "at")
    try container.encode(actionIndex, forKey: "actionIndex")
    try container.encode(name, forKey: "effect")
    switch event {
    case .engine(let effect):
      try Self.encode(effect, into: &container)
    case .alertsBlocked(let reason):
      try container.encode(reason.rawValue, forKey: "reason")
    case .notification(.scheduled(let request)), .notification(.presented(let request)),
      .notification(.delivered(let request)):
      try container.encode(request.id, forKey: "id")
      try container.encode(ISO8601Instant.text(request.fireAt), forKey: "fireAt")
      try container.encode(request.title, forKey: "title")
      try container.encode(request.body, forKey: "body")
      if let reminder = request.data["reminder"] {
        try container.encode(reminder, forKey: "reminder")
      }
    case .notification(.cancelled(let id)):
      try container.encode(id, forKey: "id")
    case .notification(.dismissed(let ids)):
      try container.encode(ids, forKey: "ids")
    }
  }

  private static func encode(
    _ effect: WorkoutEffect, into container: inout KeyedEncodingContainer<Key>
  ) throws {
    switch effect {
    case .personalRecord(let exerciseId, let setNumber, let weightKg, let reps, let estimate):
      try container.encode(exerciseId, forKey: "exerciseId")
      try container.encode(setNumber, forKey: "setNumber")
      try container.encode(weightKg, forKey: "weightKg")
      try container.encode(reps, forKey: "reps")
      try container.encode(estimate, forKey: "estimatedOneRepMaxKg")
    case .restStarted(let seconds, let exerciseId, let exerciseName, let setNumber):
      try container.encode(seconds, forKey: "seconds")
      try container.encode(exerciseId, forKey: "exerciseId")
      try container.encode(exerciseName, forKey: "exerciseName")
      try container.encode(setNumber, forKey: "setNumber")
    case .techniquePrompt(let exerciseId), .exerciseCompleted(let exerciseId):
      try container.encode(exerciseId, forKey: "exerciseId")
    case .actionRefused(let refusal):
      try container.encode(refusal.code, forKey: "reason")
      try container.encode(refusal.message, forKey: "message")
    case .saveSubstitution(let request):
      try container.encode(request, forKey: "request")
    case .submitTechniqueVideo(let url, let exerciseId):
      try container.encode(url, forKey: "url")
      try container.encode(exerciseId, forKey: "exerciseId")
    case .markCoachFeedbackSeen(let videoId):
      try container.encode(videoId, forKey: "videoId")
    case .workoutFinished:
      // The log itself is the document's `log`.
      break
    case .rest(let rest):
      switch rest {
      case .started(let clock), .replaced(let clock), .adjusted(let clock), .skipped(let clock),
        .cleared(let clock):
        try encode(clock, into: &container)
      case .ended(let clock, let late):
        try encode(clock, into: &container)
        try container.encode(late, forKey: "late")
      }
    case .reminder(.schedule(let kind, let at)):
      try container.encode(kind.rawValue, forKey: "reminder")
      try container.encode(ISO8601Instant.text(at), forKey: "fireAt")
    case .reminder(.cancel(let kind)):
      try container.encode(kind.rawValue, forKey: "reminder")
    }
  }

  private static func encode(
    _ clock: RestClock, into container: inout KeyedEncodingContainer<Key>
  ) throws {
    try container.encode(clock.exerciseId, forKey: "exerciseId")
    try container.encode(clock.setNumber, forKey: "setNumber")
    try container.encode(ISO8601Instant.text(clock.startedAt), forKey: "startedAt")
    try container.encode(ISO8601Instant.text(clock.endsAt), forKey: "endsAt")
  }

  private struct Key: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringLiteral value: String) { stringValue = value }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
