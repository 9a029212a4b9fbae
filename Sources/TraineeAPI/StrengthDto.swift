import Foundation

/// One strength row of a program day. `sets`, `reps`, `weight` and `rest` are a coach's free text.
public struct StrengthDto: Codable, Equatable, Sendable {
  public var id: String
  public var exerciseId: String
  public var name: String
  public var image: String?
  @WireText public var sets: String?
  @WireText public var reps: String?
  @WireText public var weight: String?
  @WireText public var rest: String?
  @WireText public var tempo: String?
  @WireText public var supersetGroup: String?
  public var videoRequired: Bool?
  public var coachFeedback: CoachFeedbackDto?
  @DefaultEmpty public var setRows: [SetRowDto]
  @DefaultEmpty public var lastSets: [LastSetDto]
  public var best: BestDto?
  @DefaultEmpty public var substitutes: [SubstituteDto]

  public init(
    id: String, exerciseId: String, name: String, image: String? = nil, sets: String? = nil,
    reps: String? = nil, weight: String? = nil, rest: String? = nil, tempo: String? = nil,
    supersetGroup: String? = nil, videoRequired: Bool? = nil,
    coachFeedback: CoachFeedbackDto? = nil, setRows: [SetRowDto] = [],
    lastSets: [LastSetDto] = [], best: BestDto? = nil, substitutes: [SubstituteDto] = []
  ) {
    self.id = id
    self.exerciseId = exerciseId
    self.name = name
    self.image = image
    self.sets = sets
    self.reps = reps
    self.weight = weight
    self.rest = rest
    self.tempo = tempo
    self.supersetGroup = supersetGroup
    self.videoRequired = videoRequired
    self.coachFeedback = coachFeedback
    self.setRows = setRows
    self.lastSets = lastSets
    self.best = best
    self.substitutes = substitutes
  }

  enum CodingKeys: String, CodingKey {
    case id, exerciseId, name, image, sets, reps, weight, rest, tempo, supersetGroup
    case videoRequired, coachFeedback, setRows, lastSets, best, substitutes
  }
}

/// One cardio row of a program day. Routines store no target duration or distance yet.
public struct CardioDto: Codable, Equatable, Sendable {
  public var id: String
  public var exerciseId: String
  public var name: String
  public var image: String?
  @WireText public var sets: String?
  @WireText public var rest: String?

  public init(
    id: String, exerciseId: String, name: String, image: String? = nil, sets: String? = nil,
    rest: String? = nil
  ) {
    self.id = id
    self.exerciseId = exerciseId
    self.name = name
    self.image = image
    self.sets = sets
    self.rest = rest
  }

  enum CodingKeys: String, CodingKey { case id, exerciseId, name, image, sets, rest }
}

/// The kind of a set. An unknown kind from a newer server reads as `working`.
public enum SetType: String, Codable, Equatable, Sendable, CaseIterable {
  case warmup, working, drop, failure, other

  public init(from decoder: any Decoder) throws {
    let raw = try decoder.singleValueContainer().decode(String.self)
    self = SetType(rawValue: raw) ?? .working
  }
}

/// A set the coach spelled out row by row.
public struct SetRowDto: Codable, Equatable, Sendable {
  public var setNumber: Int
  @Defaulted<WorkingSet> public var type: SetType
  @WireText public var reps: String?
  @WireText public var weight: String?
  /// Target reps in reserve (0 to 10), from a program a coach built.
  public var rir: Int?
  /// Target rate of perceived exertion (1 to 10), from a program a coach built.
  public var rpe: Double?

  public init(
    setNumber: Int, type: SetType = .working, reps: String? = nil, weight: String? = nil,
    rir: Int? = nil, rpe: Double? = nil
  ) {
    self.setNumber = setNumber
    self.type = type
    self.reps = reps
    self.weight = weight
    self.rir = rir
    self.rpe = rpe
  }

  enum CodingKeys: String, CodingKey { case setNumber, type, reps, weight, rir, rpe }
}

/// A set row's type when absent or `null`: a working set.
public enum WorkingSet: WireFallback {
  public static var value: SetType { .working }
}

/// What the trainee did in this set last time, in kilograms.
public struct LastSetDto: Codable, Equatable, Sendable {
  public var setNumber: Int
  @WireText public var weight: String?
  @WireText public var reps: String?

  public init(setNumber: Int, weight: String? = nil, reps: String? = nil) {
    self.setNumber = setNumber
    self.weight = weight
    self.reps = reps
  }

  enum CodingKeys: String, CodingKey { case setNumber, weight, reps }
}

/// The trainee's best set of an exercise so far, in kilograms.
public struct BestDto: Codable, Equatable, Sendable {
  public var weight: Double
  public var reps: Int

  public init(weight: Double, reps: Int) {
    self.weight = weight
    self.reps = reps
  }
}

/// An exercise the coach allows in place of the prescribed one.
public struct SubstituteDto: Codable, Equatable, Sendable {
  public var exerciseId: String
  public var name: String
  public var image: String?
  @DefaultEmpty public var lastSets: [LastSetDto]
  public var best: BestDto?

  public init(
    exerciseId: String, name: String, image: String? = nil, lastSets: [LastSetDto] = [],
    best: BestDto? = nil
  ) {
    self.exerciseId = exerciseId
    self.name = name
    self.image = image
    self.lastSets = lastSets
    self.best = best
  }

  enum CodingKeys: String, CodingKey { case exerciseId, name, image, lastSets, best }
}

/// A coach's answer to a technique video the trainee sent.
public struct CoachFeedbackDto: Codable, Equatable, Sendable {
  public var videoId: String
  public var message: String

  public init(videoId: String, message: String) {
    self.videoId = videoId
    self.message = message
  }
}
