import Foundation
import WorkoutSession

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity interactions": the card's buttons run
// in the widget's process, which cannot reach the workout store. Each tap becomes one of these,
// written to the shared container and applied by the app. The rest commands carry the rest they
// were tapped on, so a command that outlived its rest (or was already applied) changes nothing.

/// The checkmark tapped: complete the set with the values the card showed.
public struct CompleteSetCommand: Codable, Hashable, Sendable {
  /// The exercise the set belongs to.
  public var exerciseId: String
  /// The set's number within the exercise.
  public var setNumber: Int
  /// The numbers as the card showed them.
  public var values: CardSetValues
  /// The language the card was written in (the values are compared in it).
  public var language: ActivityLanguage
  /// The unit system the card was written in.
  public var units: UnitSystem
  /// The content version the checkmark was tapped on.
  public var version: Int
  /// When the checkmark was tapped.
  public var issuedAt: Date
  /// The start of the workout the card showed; `nil` in a command written before commands
  /// carried it.
  public var workoutStartedAt: Date?

  /// Creates a command from its parts.
  public init(
    exerciseId: String, setNumber: Int, values: CardSetValues, language: ActivityLanguage,
    units: UnitSystem, version: Int, issuedAt: Date, workoutStartedAt: Date? = nil
  ) {
    self.exerciseId = exerciseId
    self.setNumber = setNumber
    self.values = values
    self.language = language
    self.units = units
    self.version = version
    self.issuedAt = issuedAt
    self.workoutStartedAt = workoutStartedAt
  }

  /// The checkmark of `content` tapped at `issuedAt`; `nil` when the card shows no set.
  public init?(tapping content: WorkoutActivityContent, at issuedAt: Date) {
    guard let set = content.currentSet else { return nil }
    self.init(
      exerciseId: set.exerciseId, setNumber: set.setNumber, values: set.values,
      language: content.language, units: content.units, version: content.version,
      issuedAt: issuedAt, workoutStartedAt: content.workoutStartedAt)
  }
}

/// `-15s` or `+15s` tapped: move the end of the rest the card showed.
public struct AdjustRestCommand: Codable, Hashable, Sendable {
  /// Seconds to move the rest's end by: negative shortens it.
  public var seconds: Int
  /// The start of the rest the card showed.
  public var restStartedAt: Date
  /// The end of the rest the card showed.
  public var restEndsAt: Date
  /// The content version the button was tapped on.
  public var version: Int
  /// When the button was tapped.
  public var issuedAt: Date
  /// The start of the workout the card showed; `nil` in a command written before commands
  /// carried it.
  public var workoutStartedAt: Date?

  /// Creates a command from its parts.
  public init(
    seconds: Int, restStartedAt: Date, restEndsAt: Date, version: Int, issuedAt: Date,
    workoutStartedAt: Date? = nil
  ) {
    self.seconds = seconds
    self.restStartedAt = restStartedAt
    self.restEndsAt = restEndsAt
    self.version = version
    self.issuedAt = issuedAt
    self.workoutStartedAt = workoutStartedAt
  }
}

/// `Skip` tapped: end the rest the card showed.
public struct SkipRestCommand: Codable, Hashable, Sendable {
  /// The start of the rest the card showed.
  public var restStartedAt: Date
  /// The end of the rest the card showed.
  public var restEndsAt: Date
  /// The content version the button was tapped on.
  public var version: Int
  /// When the button was tapped.
  public var issuedAt: Date
  /// The start of the workout the card showed; `nil` in a command written before commands
  /// carried it.
  public var workoutStartedAt: Date?

  /// Creates a command from its parts.
  public init(
    restStartedAt: Date, restEndsAt: Date, version: Int, issuedAt: Date,
    workoutStartedAt: Date? = nil
  ) {
    self.restStartedAt = restStartedAt
    self.restEndsAt = restEndsAt
    self.version = version
    self.issuedAt = issuedAt
    self.workoutStartedAt = workoutStartedAt
  }
}

/// One tap on the card, waiting for the app. Encoded as `{"command": "<name>", …fields}`.
public enum PendingCommand: Hashable, Sendable {
  case completeSet(CompleteSetCommand)
  case adjustRest(AdjustRestCommand)
  case skipRest(SkipRestCommand)

  /// The command's name in the `command` field.
  public var name: String {
    switch self {
    case .completeSet: "completeSet"
    case .adjustRest: "adjustRest"
    case .skipRest: "skipRest"
    }
  }

  /// When the button was tapped.
  public var issuedAt: Date {
    switch self {
    case .completeSet(let command): command.issuedAt
    case .adjustRest(let command): command.issuedAt
    case .skipRest(let command): command.issuedAt
    }
  }

  /// The start of the workout whose card was tapped; `nil` in a command written before
  /// commands carried it.
  public var workoutStartedAt: Date? {
    switch self {
    case .completeSet(let command): command.workoutStartedAt
    case .adjustRest(let command): command.workoutStartedAt
    case .skipRest(let command): command.workoutStartedAt
    }
  }

  /// The content version the button was tapped on.
  public var version: Int {
    switch self {
    case .completeSet(let command): command.version
    case .adjustRest(let command): command.version
    case .skipRest(let command): command.version
    }
  }
}

extension PendingCommand: Codable {
  enum CodingKeys: String, CodingKey {
    case command
  }

  /// Decodes a command; an unknown `command` name is a decoding error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .command)
    switch name {
    case "completeSet": self = .completeSet(try CompleteSetCommand(from: decoder))
    case "adjustRest": self = .adjustRest(try AdjustRestCommand(from: decoder))
    case "skipRest": self = .skipRest(try SkipRestCommand(from: decoder))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .command, in: container, debugDescription: "unknown command \"\(name)\"")
    }
  }

  /// Encodes the command's fields beside its name.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .completeSet(let command): try command.encode(to: encoder)
    case .adjustRest(let command): try command.encode(to: encoder)
    case .skipRest(let command): try command.encode(to: encoder)
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .command)
  }
}
