import Foundation
import RestTimer
import TraineeAPI
import WorkoutSession

// NB: `perform replay`. The script format is a stable interface, documented in
// docs/replay.md; change it only by adding.

/// A scripted workout: the programs, the day to do, the start time, and the steps.
public struct ReplayScript: Sendable {
  public var workouts: TrainingProgramsDto
  public var dayId: String
  public var planId: String?
  public var startAt: Date
  public var units: UnitSystem
  /// The server's notification configs, loaded before the first step.
  public var notificationConfigs: [NotificationConfigDto]?
  /// Whether the trainee allowed notifications.
  public var notificationsAllowed: Bool
  public var steps: [ReplayStep]
}

/// One step of a script.
public enum ReplayStep: Equatable, Sendable {
  /// Start the script's day (`{ "do": "start" }`).
  case start
  /// Any other engine action.
  case action(WorkoutAction)
  /// Let `seconds` pass.
  case wait(seconds: Double)
  /// Build the log payload finishing would send.
  case finish
  /// The app is killed and, `after` seconds later, launched again: the state is reloaded from
  /// the crash-recovery journal and the rest resumed.
  case restart(after: Double)
  /// The app leaves the foreground: no ticks run, the system delivers what falls due.
  case background
  /// The app comes back: the rest is resumed from its end time.
  case foreground
}

/// Why a script cannot run: the step (when there is one) and the problem.
public struct ReplayScriptError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The index of the offending action in `actions`, or `nil` for the document itself.
  public var actionIndex: Int?
  public var problem: String

  public init(actionIndex: Int?, problem: String) {
    self.actionIndex = actionIndex
    self.problem = problem
  }

  public var description: String {
    actionIndex.map { "action \($0): \(problem)" } ?? problem
  }
}

extension ReplayScript {
  /// Reads a script, naming the action index and field of anything wrong in it.
  public init(json data: Data) throws(ReplayScriptError) {
    let document: Document
    do {
      document = try JSONDecoder().decodePayload(Document.self, from: data)
    } catch {
      throw ReplayScriptError(actionIndex: nil, problem: error.description)
    }
    guard let startAt = ISO8601Instant.date(from: document.startAt) else {
      throw ReplayScriptError(
        actionIndex: nil,
        problem: "startAt \"\(document.startAt)\" is not an ISO 8601 time such as "
          + "2026-01-05T10:00:00Z")
    }
    var steps: [ReplayStep] = []
    for (index, raw) in document.actions.enumerated() {
      steps.append(try Self.step(raw, index: index))
    }
    self.init(
      workouts: document.workouts, dayId: document.dayId, planId: document.planId,
      startAt: startAt, units: document.units ?? .metric,
      notificationConfigs: document.notificationConfigs,
      notificationsAllowed: document.notificationsAllowed ?? true, steps: steps)
  }

  private static func step(_ raw: JSONValue, index: Int) throws(ReplayScriptError) -> ReplayStep {
    guard case .object(let fields) = raw else {
      throw ReplayScriptError(actionIndex: index, problem: "is not an object")
    }
    guard case .string(let name)? = fields["do"] else {
      throw ReplayScriptError(actionIndex: index, problem: "\"do\" is missing or not text")
    }
    switch name {
    case "start":
      return .start
    case "finish":
      return .finish
    case "background":
      return .background
    case "foreground":
      return .foreground
    case "restart":
      // docs/replay.md: `after` is optional; absent or null is 0, as other optional fields.
      var after = 0.0
      if let value = fields["after"], value != .null {
        guard case .number(let seconds) = value, seconds.isFinite, seconds >= 0,
          seconds <= 7 * 24 * 3600
        else {
          throw ReplayScriptError(
            actionIndex: index, problem: "restart: \"after\" must be a number from 0 to 604800")
        }
        after = seconds
      }
      return .restart(after: after)
    case "wait":
      guard case .number(let seconds)? = fields["seconds"], seconds.isFinite, seconds >= 0,
        seconds <= 7 * 24 * 3600
      else {
        throw ReplayScriptError(
          actionIndex: index, problem: "wait needs \"seconds\", a number from 0 to 604800")
      }
      return .wait(seconds: seconds)
    default:
      do {
        let data = try JSONEncoder().encode(raw)
        return .action(try JSONDecoder().decodePayload(WorkoutAction.self, from: data))
      } catch let error as PayloadError {
        let problem =
          error.field == "do" ? "unknown action \"\(name)\"" : "\(name): \(error.description)"
        throw ReplayScriptError(actionIndex: index, problem: problem)
      } catch {
        throw ReplayScriptError(actionIndex: index, problem: "\(error)")
      }
    }
  }

  private struct Document: Decodable {
    var workouts: TrainingProgramsDto
    var dayId: String
    var planId: String?
    var startAt: String
    var units: UnitSystem?
    var notificationConfigs: [NotificationConfigDto]?
    var notificationsAllowed: Bool?
    var actions: [JSONValue]
  }
}
