import Foundation

/// The body of `POST /v1/trainee/workouts/log`. Weights are in kilograms, distances in kilometres.
public struct LogWorkoutPayload: Codable, Equatable, Sendable {
  public var programId: String?
  public var dayId: String?
  public var label: String?
  public var durationSec: Int?
  public var completed: Bool
  public var entries: [LogEntry]
  /// When the workout was done, ISO 8601 (`2025-07-26T07:06:00Z`), for a workout logged after
  /// the fact (an import); absent, the server dates it when it stores it. Sent only when set.
  public var performedAt: String?
  /// The version of the coach's program the workout was done from, as the plan the app showed
  /// said (`ProgramPlanDto.version`); absent for an imported program or an older app.
  public var programVersion: Int?
  /// The trainee's note on the workout, for the coach (one line). Sent only when written.
  public var note: String?

  public init(
    programId: String?, dayId: String?, label: String?, durationSec: Int?, completed: Bool,
    entries: [LogEntry], performedAt: String? = nil, programVersion: Int? = nil,
    note: String? = nil
  ) {
    self.programId = programId
    self.dayId = dayId
    self.label = label
    self.durationSec = durationSec
    self.completed = completed
    self.entries = entries
    self.performedAt = performedAt
    self.programVersion = programVersion
    self.note = note
  }

  package enum CodingKeys: String, CodingKey, CaseIterable {
    case programId, dayId, label, durationSec, completed, entries, performedAt, programVersion
    case note
  }
}

/// One exercise of a logged workout.
public struct LogEntry: Codable, Equatable, Sendable {
  public var exerciseId: String
  public var name: String
  public var done: Bool
  public var tempo: String?
  public var sets: [LogSet]
  /// Why the trainee did this exercise instead of the program's ("machine taken", "knee").
  /// Sent only when written.
  public var substitutionReason: String?

  public init(
    exerciseId: String, name: String, done: Bool, tempo: String?, sets: [LogSet],
    substitutionReason: String? = nil
  ) {
    self.exerciseId = exerciseId
    self.name = name
    self.done = done
    self.tempo = tempo
    self.sets = sets
    self.substitutionReason = substitutionReason
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(exerciseId, forKey: .exerciseId)
    try container.encode(name, forKey: .name)
    try container.encode(done, forKey: .done)
    try container.encode(tempo, forKey: .tempo)
    try container.encode(sets, forKey: .sets)
    try container.encodeIfPresent(substitutionReason, forKey: .substitutionReason)
  }

  package enum CodingKeys: String, CodingKey, CaseIterable {
    case exerciseId, name, done, tempo, sets
    case substitutionReason
  }
}

/// One logged set: a strength set (weight, reps, RIR) or a cardio set (duration, distance, RPE).
///
/// Absent values are sent as explicit `null`s, as the server expects every key of the shape.
public enum LogSet: Codable, Equatable, Sendable {
  case strength(StrengthLogSet)
  case cardio(CardioLogSet)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    if container.contains(AnyKey("durationSec")) || container.contains(AnyKey("distanceKm")) {
      self = .cardio(try CardioLogSet(from: decoder))
    } else {
      self = .strength(try StrengthLogSet(from: decoder))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .strength(let set): try set.encode(to: encoder)
    case .cardio(let set): try set.encode(to: encoder)
    }
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

/// A logged strength set; see docs/specs/workout-session.md, "The workout log" for when each value
/// is `nil`.
///
/// `setType` and `isRecord` came later than the spec's shape: a client that does not know them
/// leaves them out (`nil`), and they are sent only when known.
public struct StrengthLogSet: Codable, Equatable, Sendable {
  public var setNumber: Int
  public var reps: Int?
  public var targetReps: Int?
  public var weight: Double?
  public var rir: String?
  public var rm: String?
  public var done: Bool
  /// The set's type as the program gave it (`warmup`, `working`, ...).
  public var setType: SetType?
  /// Whether the set beat the exercise's best: the engine's record flag when it was logged.
  public var isRecord: Bool?
  /// The trainee's note on the set, for the coach (one line). Sent only when written.
  public var note: String?

  public init(
    setNumber: Int, reps: Int?, targetReps: Int?, weight: Double?, rir: String?, rm: String?,
    done: Bool, setType: SetType? = nil, isRecord: Bool? = nil, note: String? = nil
  ) {
    self.setNumber = setNumber
    self.reps = reps
    self.targetReps = targetReps
    self.weight = weight
    self.rir = rir
    self.rm = rm
    self.done = done
    self.setType = setType
    self.isRecord = isRecord
    self.note = note
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(setNumber, forKey: .setNumber)
    try container.encode(reps, forKey: .reps)
    try container.encode(targetReps, forKey: .targetReps)
    try container.encode(weight, forKey: .weight)
    try container.encode(rir, forKey: .rir)
    try container.encode(rm, forKey: .rm)
    try container.encode(done, forKey: .done)
    try container.encodeIfPresent(setType, forKey: .setType)
    try container.encodeIfPresent(isRecord, forKey: .isRecord)
    try container.encodeIfPresent(note, forKey: .note)
  }

  package enum CodingKeys: String, CodingKey, CaseIterable {
    case setNumber, reps, targetReps, weight, rir, rm, done, setType, isRecord
    case note
  }
}

/// A logged cardio set.
public struct CardioLogSet: Codable, Equatable, Sendable {
  public var setNumber: Int
  public var durationSec: Int?
  public var distanceKm: Double?
  public var rpe: String?
  public var done: Bool
  /// The trainee's note on the set, for the coach (one line). Sent only when written.
  public var note: String?

  public init(
    setNumber: Int, durationSec: Int?, distanceKm: Double?, rpe: String?, done: Bool,
    note: String? = nil
  ) {
    self.setNumber = setNumber
    self.durationSec = durationSec
    self.distanceKm = distanceKm
    self.rpe = rpe
    self.done = done
    self.note = note
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(setNumber, forKey: .setNumber)
    try container.encode(durationSec, forKey: .durationSec)
    try container.encode(distanceKm, forKey: .distanceKm)
    try container.encode(rpe, forKey: .rpe)
    try container.encode(done, forKey: .done)
    try container.encodeIfPresent(note, forKey: .note)
  }

  package enum CodingKeys: String, CodingKey, CaseIterable {
    case setNumber, durationSec, distanceKm, rpe, done
    case note
  }
}

extension StrengthLogSet {
  /// Every member with what the server accepts for it, in the order of their names: the one
  /// list the server reads, stores and checks a strength set by (docs/architecture.md, "One
  /// field list per wire type").
  @inlinable package mutating func visitMembers(_ members: inout some LogSetMemberVisitor) {
    members.flag("done", &done)
    members.flag("isRecord", &isRecord, whenNil: .leftOut)
    members.text("note", &note, maxLength: LogNote.maxLength, whenNil: .leftOut)
    members.wholeNumber("reps", &reps, allowed: 0...1000, whenNil: .null)
    members.text("rir", &rir, maxLength: 50, whenNil: .null)
    members.text("rm", &rm, maxLength: 50, whenNil: .null)
    members.wholeNumber("setNumber", &setNumber, allowed: 1...100)
    members.setType("setType", &setType, whenNil: .leftOut)
    members.wholeNumber("targetReps", &targetReps, allowed: 0...1000, whenNil: .null)
    members.number("weight", &weight, allowed: 0...1000, whenNil: .null)
  }
}

extension CardioLogSet {
  /// Every member with what the server accepts for it, in the order of their names: the one
  /// list the server reads, stores and checks a cardio set by (docs/architecture.md, "One field
  /// list per wire type").
  @inlinable package mutating func visitMembers(_ members: inout some LogSetMemberVisitor) {
    members.number("distanceKm", &distanceKm, allowed: 0...1000, whenNil: .null)
    members.flag("done", &done)
    members.wholeNumber("durationSec", &durationSec, allowed: 0...86_400, whenNil: .null)
    members.text("note", &note, maxLength: LogNote.maxLength, whenNil: .leftOut)
    members.text("rpe", &rpe, maxLength: 50, whenNil: .null)
    members.wholeNumber("setNumber", &setNumber, allowed: 1...100)
  }
}
