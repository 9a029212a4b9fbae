import DurableFiles
import Foundation

// NB: docs/architecture.md, "Durability and bad input": a pending command is input from outside the
// app.
// One that cannot be read, or reads as nonsense, is moved aside with this reason and changes
// nothing.

/// Why a pending-command file is not a command.
public enum PendingCommandProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(FileError)
  /// The file is larger than any command.
  case tooLarge(maximumBytes: Int)
  /// The file is not a command's JSON; `detail` says where.
  case notACommand(detail: String)
  /// A field holds a value no card writes.
  case invalidField(field: String, value: String)

  /// What is wrong, for the set-aside reason file and the UI.
  public var description: String {
    switch self {
    case .unreadable(let error): "unreadable: \(error)"
    case .tooLarge(let maximum): "larger than \(maximum) bytes"
    case .notACommand(let detail): "not a command: \(detail)"
    case .invalidField(let field, let value): "invalid \(field): \"\(value)\""
    }
  }
}

/// Limits on what a card can have written.
enum CommandLimits {
  static let fileBytes = 16 * 1024
  static let identifier = 128
  static let shownValue = 64
  static let setNumber = 1_000_000
  static let restSeconds = 3600
  /// 10000-01-01T00:00:00Z in seconds since 1970: no card is tapped after it.
  static let latestTime: TimeInterval = 253_402_300_800
}

extension PendingCommand {
  /// Throws when a field holds a value no card writes.
  func validate() throws(PendingCommandProblem) {
    guard version >= 0 else { throw .invalidField(field: "version", value: "\(version)") }
    guard isCardTime(issuedAt) else {
      throw .invalidField(field: "issuedAt", value: "\(issuedAt.timeIntervalSince1970)")
    }
    if let start = workoutStartedAt, !isCardTime(start) {
      throw .invalidField(field: "workoutStartedAt", value: "\(start.timeIntervalSince1970)")
    }
    switch self {
    case .completeSet(let command):
      let id = command.exerciseId
      guard !id.isEmpty, id.count <= CommandLimits.identifier,
        !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      else { throw .invalidField(field: "exerciseId", value: String(id.prefix(40))) }
      guard (1...CommandLimits.setNumber).contains(command.setNumber) else {
        throw .invalidField(field: "setNumber", value: "\(command.setNumber)")
      }
      let shown: [(String, String?)] = [
        ("weight", command.values.weight), ("reps", command.values.reps),
        ("rir", command.values.rir), ("duration", command.values.duration),
        ("distance", command.values.distance), ("rpe", command.values.rpe),
      ]
      for case (let field, let value?) in shown where value.count > CommandLimits.shownValue {
        throw .invalidField(field: "values.\(field)", value: String(value.prefix(40)))
      }
    case .adjustRest(let command):
      guard command.seconds != 0, abs(command.seconds) <= CommandLimits.restSeconds else {
        throw .invalidField(field: "seconds", value: "\(command.seconds)")
      }
      try validateRest(startedAt: command.restStartedAt, endsAt: command.restEndsAt)
    case .skipRest(let command):
      try validateRest(startedAt: command.restStartedAt, endsAt: command.restEndsAt)
    }
  }

  // NB: found by fuzzing (docs/fuzzing.md): a time past Int64 milliseconds (`1e40`) decoded,
  // then trapped where the applier compares times at whole milliseconds.
  /// Whether `date` is a time a card can have written: after 1970 and before the year 10000,
  /// so its whole milliseconds are an `Int64`.
  private func isCardTime(_ date: Date) -> Bool {
    let seconds = date.timeIntervalSince1970
    return seconds.isFinite && seconds > 0 && seconds < CommandLimits.latestTime
  }

  private func validateRest(startedAt: Date, endsAt: Date) throws(PendingCommandProblem) {
    guard isCardTime(startedAt) else {
      throw .invalidField(field: "restStartedAt", value: "\(startedAt.timeIntervalSince1970)")
    }
    guard isCardTime(endsAt), endsAt >= startedAt else {
      throw .invalidField(
        field: "restEndsAt",
        value: "\(endsAt.timeIntervalSince1970) before \(startedAt.timeIntervalSince1970)")
    }
  }
}
