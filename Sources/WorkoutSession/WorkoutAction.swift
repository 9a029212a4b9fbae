import Foundation
import TraineeAPI

/// Everything a trainee (or a replay script) can do to the live workout.
///
/// Encoded as `{ "do": "<action>", ...arguments }`, the form replay scripts and the crash-recovery
/// journal share.
public enum WorkoutAction: Equatable, Sendable {
  /// Creates an unstarted session for `workout` in `units`.
  case start(LiveWorkout, units: UnitSystem)
  case begin
  case setValue(exerciseId: String, setNumber: Int, field: SetField, value: String)
  case toggleSet(exerciseId: String, setNumber: Int)
  case completeExercise(exerciseId: String)
  /// Swaps in `option`, an exercise id from `exerciseOptions`.
  case substitute(exerciseId: String, option: String)
  case addSet(exerciseId: String)
  /// Puts `sets` (weights in the session's units) before the exercise's sets, as warm-ups.
  case addWarmUpSets(exerciseId: String, sets: [WarmUpSet])
  case removeSet(exerciseId: String, setNumber: Int)
  /// The trainee sent a technique video, at `url` when the front end uploaded one.
  case satisfyTechniquePrompt(exerciseId: String, url: String?)
  case skipTechniquePrompt(exerciseId: String)
  case dismissCoachFeedback(exerciseId: String)
  /// Writes the trainee's note on the workout, for the coach; an empty `text` removes it.
  case writeWorkoutNote(text: String)
  /// Writes the trainee's note on set `setNumber` of `exerciseId`; an empty `text` removes it.
  case writeSetNote(exerciseId: String, setNumber: Int, text: String)
  /// Writes why the substitute in `exerciseId`'s row was done instead of the program's
  /// exercise ("machine taken"); an empty `text` removes it.
  case writeSubstitutionReason(exerciseId: String, text: String)
  /// Sets the session to `nil` (docs/specs/workout-session.md, "Finishing": after the server
  /// accepted the log).
  case reset
  /// The trainee finishes the workout: its log is built (`workoutFinished`), the rest and its
  /// alert and both reminders end, and the session stays, unchangeable, until it is reset.
  case finish
  /// The trainee throws the open workout away: as `reset`, but refused without one.
  case discard
  /// Moves the running rest's end by `seconds` (the bar's and the card's -15s / +15s).
  case adjustRest(seconds: Int)
  /// Skips the rest.
  case skipRest
  /// The 250 ms tick while a rest runs: notices the rest's end.
  case tick
  /// The app started again or came back to the foreground: rebuilds the rest from its end.
  case resume
  /// The server's notification configs arrived.
  case notificationConfigsLoaded([NotificationConfigDto])

  /// The action's name in the `do` field.
  public var name: String {
    switch self {
    case .start: "start"
    case .begin: "begin"
    case .setValue: "setValue"
    case .toggleSet: "toggleSet"
    case .completeExercise: "completeExercise"
    case .substitute: "substitute"
    case .addSet: "addSet"
    case .addWarmUpSets: "addWarmUpSets"
    case .removeSet: "removeSet"
    case .satisfyTechniquePrompt: "satisfyTechniquePrompt"
    case .skipTechniquePrompt: "skipTechniquePrompt"
    case .dismissCoachFeedback: "dismissCoachFeedback"
    case .writeWorkoutNote: "writeWorkoutNote"
    case .writeSetNote: "writeSetNote"
    case .writeSubstitutionReason: "writeSubstitutionReason"
    case .reset: "reset"
    case .finish: "finish"
    case .discard: "discard"
    case .adjustRest: "adjustRest"
    case .skipRest: "skipRest"
    case .tick: "tick"
    case .resume: "resume"
    case .notificationConfigsLoaded: "notificationConfigs"
    }
  }
}

extension WorkoutAction: Codable {
  enum CodingKeys: String, CodingKey {
    case action = "do"
    case workout, units, exerciseId, setNumber, field, value, option, url, seconds, configs, sets
    case text
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .action)
    func exerciseId() throws -> String { try container.decode(String.self, forKey: .exerciseId) }
    func setNumber() throws -> Int { try container.decode(Int.self, forKey: .setNumber) }
    switch name {
    case "start":
      self = .start(
        try container.decode(LiveWorkout.self, forKey: .workout),
        units: try container.decodeIfPresent(UnitSystem.self, forKey: .units) ?? .metric)
    case "begin": self = .begin
    case "setValue":
      self = .setValue(
        exerciseId: try exerciseId(), setNumber: try setNumber(),
        field: try container.decode(SetField.self, forKey: .field),
        value: try container.decode(String.self, forKey: .value))
    case "toggleSet": self = .toggleSet(exerciseId: try exerciseId(), setNumber: try setNumber())
    case "completeExercise": self = .completeExercise(exerciseId: try exerciseId())
    case "substitute":
      self = .substitute(
        exerciseId: try exerciseId(), option: try container.decode(String.self, forKey: .option))
    case "addSet": self = .addSet(exerciseId: try exerciseId())
    case "addWarmUpSets":
      self = .addWarmUpSets(
        exerciseId: try exerciseId(), sets: try container.decode([WarmUpSet].self, forKey: .sets))
    case "removeSet": self = .removeSet(exerciseId: try exerciseId(), setNumber: try setNumber())
    case "satisfyTechniquePrompt":
      self = .satisfyTechniquePrompt(
        exerciseId: try exerciseId(), url: try container.decodeIfPresent(String.self, forKey: .url))
    case "skipTechniquePrompt": self = .skipTechniquePrompt(exerciseId: try exerciseId())
    case "dismissCoachFeedback": self = .dismissCoachFeedback(exerciseId: try exerciseId())
    case "writeWorkoutNote":
      self = .writeWorkoutNote(text: try container.decode(String.self, forKey: .text))
    case "writeSetNote":
      self = .writeSetNote(
        exerciseId: try exerciseId(), setNumber: try setNumber(),
        text: try container.decode(String.self, forKey: .text))
    case "writeSubstitutionReason":
      self = .writeSubstitutionReason(
        exerciseId: try exerciseId(), text: try container.decode(String.self, forKey: .text))
    case "reset": self = .reset
    case "finish": self = .finish
    case "discard": self = .discard
    case "adjustRest":
      self = .adjustRest(seconds: try container.decode(Int.self, forKey: .seconds))
    case "skipRest": self = .skipRest
    case "tick": self = .tick
    case "resume": self = .resume
    case "notificationConfigs":
      self = .notificationConfigsLoaded(
        try container.decode([NotificationConfigDto].self, forKey: .configs))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .action, in: container, debugDescription: "unknown action \"\(name)\"")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .action)
    switch self {
    case .start(let workout, let units):
      try container.encode(workout, forKey: .workout)
      try container.encode(units, forKey: .units)
    case .begin, .reset, .finish, .discard, .skipRest, .tick, .resume:
      break
    case .adjustRest(let seconds):
      try container.encode(seconds, forKey: .seconds)
    case .notificationConfigsLoaded(let configs):
      try container.encode(configs, forKey: .configs)
    case .setValue(let exerciseId, let setNumber, let field, let value):
      try container.encode(exerciseId, forKey: .exerciseId)
      try container.encode(setNumber, forKey: .setNumber)
      try container.encode(field, forKey: .field)
      try container.encode(value, forKey: .value)
    case .toggleSet(let exerciseId, let setNumber), .removeSet(let exerciseId, let setNumber):
      try container.encode(exerciseId, forKey: .exerciseId)
      try container.encode(setNumber, forKey: .setNumber)
    case .completeExercise(let exerciseId), .addSet(let exerciseId),
      .skipTechniquePrompt(let exerciseId), .dismissCoachFeedback(let exerciseId):
      try container.encode(exerciseId, forKey: .exerciseId)
    case .substitute(let exerciseId, let option):
      try container.encode(exerciseId, forKey: .exerciseId)
      try container.encode(option, forKey: .option)
    case .addWarmUpSets(let exerciseId, let sets):
      try container.encode(exerciseId, forKey: .exerciseId)
      try container.encode(sets, forKey: .sets)
    case .satisfyTechniquePrompt(let exerciseId, let url):
      try container.encode(exerciseId, forKey: .exerciseId)
      try container.encodeIfPresent(url, forKey: .url)
    case .writeWorkoutNote(let text):
      try container.encode(text, forKey: .text)
    case .writeSetNote(let exerciseId, let setNumber, let text):
      try container.encode(exerciseId, forKey: .exerciseId)
      try container.encode(setNumber, forKey: .setNumber)
      try container.encode(text, forKey: .text)
    case .writeSubstitutionReason(let exerciseId, let text):
      try container.encode(exerciseId, forKey: .exerciseId)
      try container.encode(text, forKey: .text)
    }
  }
}
