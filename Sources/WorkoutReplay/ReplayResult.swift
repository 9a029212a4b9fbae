import Foundation
import TraineeAPI
import WorkoutSession

/// What a replay prints: the final session and its derived values, every effect, and the log.
public struct ReplayResult: Encodable, Sendable {
  public var session: WorkoutSession?
  public var stats: SessionStats
  public var nextExercise: String?
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
    try container.encode(placeholders, forKey: .placeholders)
    try container.encode(effects, forKey: .effects)
    try container.encode(log, forKey: .log)
  }

  enum CodingKeys: String, CodingKey {
    case session, stats, nextExercise, placeholders, effects, log
  }

  /// The result as the JSON document `perform replay` prints: sorted keys, indented.
  public func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}

/// One effect with when it happened and which action caused it.
public struct ReplayEffect: Encodable, Equatable, Sendable {
  public var at: Date
  public var actionIndex: Int
  public var effect: WorkoutEffect

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(formatInstant(at), forKey: "at")
    try container.encode(actionIndex, forKey: "actionIndex")
    try container.encode(effect.name, forKey: "effect")
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
    }
  }

  private struct Key: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringLiteral value: String) { stringValue = value }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
