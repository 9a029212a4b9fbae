import Foundation
import TraineeAPI

/// The live workout: a program day plus what the trainee has done in it so far.
///
/// Encoded with the spec's field names; `startedAt` is milliseconds since 1970, `null` until the
/// workout begins; `finishedAt`, in milliseconds too, is left out until it is finished.
public struct WorkoutSession: Codable, Equatable, Sendable {
  public var dayId: String
  public var programId: String?
  public var dayLabel: String
  public var title: String
  public var subtitle: String
  public var heroImage: String
  public var rirColumn: Bool
  /// The trainee's unit system, fixed for the session so entered values keep one meaning.
  public var units: UnitSystem
  public var started: Bool
  public var startedAt: Date?
  /// When the trainee finished the workout; from then on its log is built and nothing in it
  /// changes (`nil` while it is open).
  public var finishedAt: Date?
  public var exercises: [SessionExercise]
  /// The current id of the exercise whose set was checked (or which was completed) last: the
  /// set due next continues it, or its superset round (`SetLocation.due(in:)`). Left out of the
  /// encoding until a set is checked.
  public var lastChecked: String?
  /// The version of the coach's program the session was started from: the plan it holds, which
  /// an edit of the program after the start does not change (docs/decisions/the-coachs-programs.md,
  /// "Versions"). Left out of the encoding when `nil`.
  public var programVersion: Int?
  /// The trainee's note on the workout, for the coach (one line); left out of the encoding
  /// while there is none.
  public var note: String?

  public init(
    dayId: String, programId: String?, dayLabel: String = "", title: String = "",
    subtitle: String = "", heroImage: String = "", rirColumn: Bool = false,
    units: UnitSystem = .metric, started: Bool = false, startedAt: Date? = nil,
    finishedAt: Date? = nil, exercises: [SessionExercise] = [], lastChecked: String? = nil,
    programVersion: Int? = nil, note: String? = nil
  ) {
    self.dayId = dayId
    self.programId = programId
    self.dayLabel = dayLabel
    self.title = title
    self.subtitle = subtitle
    self.heroImage = heroImage
    self.rirColumn = rirColumn
    self.units = units
    self.started = started
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.exercises = exercises
    self.lastChecked = lastChecked
    self.programVersion = programVersion
    self.note = note
  }

  /// An unstarted session for `workout`, in `units`.
  public init(workout: LiveWorkout, units: UnitSystem) {
    self.init(
      dayId: workout.dayId, programId: workout.programId, dayLabel: workout.dayLabel,
      title: workout.title, subtitle: workout.subtitle, heroImage: workout.heroImage,
      rirColumn: workout.rirColumn, units: units,
      exercises: workout.exercises.map(toSessionExercise), programVersion: workout.programVersion)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    dayId = try container.decode(String.self, forKey: .dayId)
    programId = try container.decodeOptional(String.self, forKey: .programId)
    dayLabel = try container.decode(String.self, forKey: .dayLabel)
    title = try container.decode(String.self, forKey: .title)
    subtitle = try container.decode(String.self, forKey: .subtitle)
    heroImage = try container.decode(String.self, forKey: .heroImage)
    rirColumn = try container.decode(Bool.self, forKey: .rirColumn)
    units = try container.decode(UnitSystem.self, forKey: .units)
    started = try container.decode(Bool.self, forKey: .started)
    startedAt = try container.decodeOptional(Int64.self, forKey: .startedAt).map {
      Date(milliseconds: $0)
    }
    finishedAt = try container.decodeOptional(Int64.self, forKey: .finishedAt).map {
      Date(milliseconds: $0)
    }
    exercises = try container.decode([SessionExercise].self, forKey: .exercises)
    lastChecked = try container.decodeOptional(String.self, forKey: .lastChecked)
    programVersion = try container.decodeOptional(Int.self, forKey: .programVersion)
    note = try container.decodeOptional(String.self, forKey: .note)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(dayId, forKey: .dayId)
    try container.encode(programId, forKey: .programId)
    try container.encode(dayLabel, forKey: .dayLabel)
    try container.encode(title, forKey: .title)
    try container.encode(subtitle, forKey: .subtitle)
    try container.encode(heroImage, forKey: .heroImage)
    try container.encode(rirColumn, forKey: .rirColumn)
    try container.encode(units, forKey: .units)
    try container.encode(started, forKey: .started)
    try container.encode(startedAt?.milliseconds, forKey: .startedAt)
    try container.encodeIfPresent(finishedAt?.milliseconds, forKey: .finishedAt)
    try container.encode(exercises, forKey: .exercises)
    try container.encodeIfPresent(lastChecked, forKey: .lastChecked)
    try container.encodeIfPresent(programVersion, forKey: .programVersion)
    try container.encodeIfPresent(note, forKey: .note)
  }

  enum CodingKeys: String, CodingKey {
    case dayId, programId, dayLabel, title, subtitle, heroImage, rirColumn, units, started
    case startedAt, finishedAt, exercises, lastChecked, programVersion, note
  }
}

/// A workout exercise with the session's flags added.
///
/// Encoded flat, as the spec's `SessionExercise extends WorkoutExercise`; the exercise's fields
/// are reachable directly (`exercise.sets`) through dynamic member lookup.
@dynamicMemberLookup
public struct SessionExercise: Codable, Equatable, Sendable {
  public var exercise: WorkoutExercise
  public var done: Bool
  public var videoSent: Bool
  public var videoSkipped: Bool
  /// Whether the technique prompt was already shown for this exercise (it is shown once).
  public var techniquePrompted: Bool
  /// The prescribed exercise, exactly as it was, while a substitute is active.
  public var origin: ExerciseOrigin?
  /// Why the trainee did this substitute instead of the prescribed exercise; only with an
  /// `origin`, and left out of the encoding while there is none.
  public var substitutionReason: String?

  public init(
    exercise: WorkoutExercise, done: Bool = false, videoSent: Bool = false,
    videoSkipped: Bool = false, techniquePrompted: Bool = false, origin: ExerciseOrigin? = nil,
    substitutionReason: String? = nil
  ) {
    self.exercise = exercise
    self.done = done
    self.videoSent = videoSent
    self.videoSkipped = videoSkipped
    self.techniquePrompted = techniquePrompted
    self.origin = origin
    self.substitutionReason = substitutionReason
  }

  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<WorkoutExercise, Value>) -> Value
  {
    get { exercise[keyPath: keyPath] }
    set { exercise[keyPath: keyPath] = newValue }
  }

  public init(from decoder: any Decoder) throws {
    exercise = try WorkoutExercise(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    done = try container.decode(Bool.self, forKey: .done)
    videoSent = try container.decode(Bool.self, forKey: .videoSent)
    videoSkipped = try container.decode(Bool.self, forKey: .videoSkipped)
    techniquePrompted =
      try container.decodeOptional(Bool.self, forKey: .techniquePrompted) ?? false
    origin = try container.decodeOptional(ExerciseOrigin.self, forKey: .origin)
    substitutionReason = try container.decodeOptional(String.self, forKey: .substitutionReason)
  }

  public func encode(to encoder: any Encoder) throws {
    try exercise.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(done, forKey: .done)
    try container.encode(videoSent, forKey: .videoSent)
    try container.encode(videoSkipped, forKey: .videoSkipped)
    try container.encode(techniquePrompted, forKey: .techniquePrompted)
    try container.encode(origin, forKey: .origin)
    try container.encodeIfPresent(substitutionReason, forKey: .substitutionReason)
  }

  enum CodingKeys: String, CodingKey {
    case done, videoSent, videoSkipped, techniquePrompted, origin, substitutionReason
  }
}

/// The prescribed exercise kept while a substitute is active, so the swap can be undone exactly.
public struct ExerciseOrigin: Codable, Equatable, Sendable {
  // A struct cannot hold itself; an immutable box breaks the recursion and keeps value semantics.
  private final class Box: Sendable {
    let exercise: SessionExercise
    init(_ exercise: SessionExercise) { self.exercise = exercise }
  }

  private let box: Box

  /// The prescribed exercise as it was when it was swapped out.
  public var exercise: SessionExercise { box.exercise }

  public init(_ exercise: SessionExercise) {
    var kept = exercise
    kept.origin = nil
    kept.substitutionReason = nil
    box = Box(kept)
  }

  public init(from decoder: any Decoder) throws {
    self.init(try SessionExercise(from: decoder))
  }

  public func encode(to encoder: any Encoder) throws {
    try exercise.encode(to: encoder)
  }

  public static func == (lhs: ExerciseOrigin, rhs: ExerciseOrigin) -> Bool {
    lhs.box === rhs.box || lhs.exercise == rhs.exercise
  }
}

/// Adds the session flags to a prescribed exercise.
public func toSessionExercise(_ exercise: WorkoutExercise) -> SessionExercise {
  SessionExercise(exercise: exercise)
}
