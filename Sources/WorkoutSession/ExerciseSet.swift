import Foundation
import TraineeAPI

/// One set of a session exercise: the coach's target, what the trainee entered, and what they did
/// last time.
///
/// Entered values are raw strings, in the trainee's unit; an empty string means "use the
/// placeholder". A strength set uses `weight`, `reps`, `rir` and `rm`; a cardio set uses
/// `duration`, `distance` and `rpe`.
public struct ExerciseSet: Codable, Equatable, Sendable {
  public var setNumber: Int
  public var type: SetType
  /// The first number of the coach's reps (`8` for `8-10`), when there is one.
  public var targetReps: Int?
  /// The coach's reps as written (`8-10`).
  public var targetRepsLabel: String
  /// The coach's weight in the trainee's unit, when there is one.
  public var targetWeight: Double?
  public var weight: String
  public var reps: String
  public var rir: String
  public var rm: String
  public var duration: String
  public var distance: String
  public var rpe: String
  /// Last time's weight for this set, in the trainee's unit; the greyed placeholder.
  public var lastWeight: String
  /// Last time's weight in kilograms as the server sent it, when `lastWeight` shows it converted
  /// (imperial): what the unchanged placeholder stands for, so it is logged exactly.
  public var lastWeightKg: Double?
  /// Last time's reps for this set; the greyed placeholder.
  public var lastReps: String
  public var done: Bool
  public var isPr: Bool
  /// The trainee's note on the set, for the coach (one line); left out of the encoding while
  /// there is none.
  public var note: String?

  public init(
    setNumber: Int, type: SetType = .working, targetReps: Int? = nil,
    targetRepsLabel: String = "", targetWeight: Double? = nil, weight: String = "",
    reps: String = "", rir: String = "", rm: String = "", duration: String = "",
    distance: String = "", rpe: String = "", lastWeight: String = "", lastWeightKg: Double? = nil,
    lastReps: String = "", done: Bool = false, isPr: Bool = false, note: String? = nil
  ) {
    self.setNumber = setNumber
    self.type = type
    self.targetReps = targetReps
    self.targetRepsLabel = targetRepsLabel
    self.targetWeight = targetWeight
    self.weight = weight
    self.reps = reps
    self.rir = rir
    self.rm = rm
    self.duration = duration
    self.distance = distance
    self.rpe = rpe
    self.lastWeight = lastWeight
    self.lastWeightKg = lastWeightKg
    self.lastReps = lastReps
    self.done = done
    self.isPr = isPr
    self.note = note
  }

  /// The set with everything the trainee entered or did removed: what a fresh set looks like.
  var cleared: ExerciseSet {
    var set = self
    set.weight = ""
    set.reps = ""
    set.rir = ""
    set.rm = ""
    set.duration = ""
    set.distance = ""
    set.rpe = ""
    set.done = false
    set.isPr = false
    set.note = nil
    return set
  }

  /// The raw entered string of `field`.
  public subscript(field: SetField) -> String {
    get {
      switch field {
      case .weight: weight
      case .reps: reps
      case .rir: rir
      case .rm: rm
      case .duration: duration
      case .distance: distance
      case .rpe: rpe
      }
    }
    set {
      switch field {
      case .weight: weight = newValue
      case .reps: reps = newValue
      case .rir: rir = newValue
      case .rm: rm = newValue
      case .duration: duration = newValue
      case .distance: distance = newValue
      case .rpe: rpe = newValue
      }
    }
  }
}

/// A field of a set the trainee can type into.
public enum SetField: String, Codable, Equatable, Sendable, CaseIterable, WireEnum {
  case weight, reps, rir, rm, duration, distance, rpe

  /// The fields a set of `kind` has.
  public static func fields(of kind: ExerciseKind) -> [SetField] {
    switch kind {
    case .strength: [.weight, .reps, .rir, .rm]
    case .cardio: [.duration, .distance, .rpe]
    }
  }

  /// What the field's entered text must be when its set is checked.
  public var entry: SetFieldEntry {
    switch self {
    case .weight: .decimal(max: 2000)
    case .reps: .wholeNumber(max: 1000)
    case .rir, .rm: .text
    case .duration: .duration(maxSeconds: 24 * 3600)
    case .distance: .decimal(max: 1000)
    case .rpe: .decimal(max: 10)
    }
  }
}

/// What a set field's entered text must be (an empty field always passes: it means the
/// placeholder).
public enum SetFieldEntry: Equatable, Sendable {
  /// A decimal number (`,` or `.`), at most `max`.
  case decimal(max: Double)
  /// A whole number, at most `max`.
  case wholeNumber(max: Int)
  /// A duration (`m:ss`, `h:mm:ss` or seconds), at most `maxSeconds`.
  case duration(maxSeconds: Int)
  /// Any text.
  case text
}
