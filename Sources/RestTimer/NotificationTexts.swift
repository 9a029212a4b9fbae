import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "Alert texts and configs" and "Idle and unfinished reminders":
// the coach's templates with the app's strings as fallbacks, `enabled` defaulting to true.

/// The kinds of workout notification the server configures.
public enum WorkoutNotificationKind: String, Codable, Equatable, Sendable, CaseIterable {
  case restTimer = "REST_TIMER"
  case workoutIdle = "WORKOUT_IDLE"
  case workoutUnfinished = "WORKOUT_UNFINISHED"

  /// The app's own title, used when the server gives none.
  public var fallbackTitle: String {
    switch self {
    case .restTimer: "Rest is over"
    case .workoutIdle: "Still training?"
    case .workoutUnfinished: "Finish your workout"
    }
  }

  /// The app's own body, used when the server gives none.
  public var fallbackBody: String {
    switch self {
    case .restTimer: "Time for your next set of {{ exercise }}."
    case .workoutIdle: "Your workout is still open. Log your next set or finish it."
    case .workoutUnfinished: "Every set is done. Finish the workout to save it."
    }
  }
}

/// A notification's switch and text templates after the fallbacks are applied.
public struct NotificationTexts: Equatable, Sendable {
  public var enabled: Bool
  public var titleTemplate: String
  public var bodyTemplate: String

  public init(enabled: Bool, titleTemplate: String, bodyTemplate: String) {
    self.enabled = enabled
    self.titleTemplate = titleTemplate
    self.bodyTemplate = bodyTemplate
  }

  /// The entry of `kind` in `configs`, with the app's strings for whatever it lacks (a missing
  /// or blank template) and `enabled` true unless the server says false.
  public init(_ kind: WorkoutNotificationKind, configs: [NotificationConfigDto]) {
    let entry = configs.first { $0.type == kind.rawValue }
    func chosen(_ template: String?, _ fallback: String) -> String {
      guard let template, !template.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        return fallback
      }
      return template
    }
    self.init(
      enabled: entry?.enabled ?? true,
      titleTemplate: chosen(entry?.titleTemplate, kind.fallbackTitle),
      bodyTemplate: chosen(entry?.bodyTemplate, kind.fallbackBody))
  }

  /// The rest-over alert for `exerciseName`, or `nil` when the alert is switched off.
  public func restAlert(exerciseName: String) -> RestAlertContent? {
    guard enabled else { return nil }
    let variables = ["exercise": exerciseName]
    return RestAlertContent(
      title: applyTemplate(titleTemplate, variables), body: applyTemplate(bodyTemplate, variables))
  }
}

/// Replaces each `{{ name }}` (spaces inside the braces optional) whose name is in `variables`;
/// any other placeholder is left as written.
public func applyTemplate(_ template: String, _ variables: [String: String]) -> String {
  var result = ""
  var rest = Substring(template)
  while let open = rest.range(of: "{{") {
    result += rest[..<open.lowerBound]
    let afterOpen = rest[open.upperBound...]
    guard let close = afterOpen.range(of: "}}") else {
      rest = rest[open.lowerBound...]
      break
    }
    let name = afterOpen[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
    if let value = variables[name] {
      result += value
    } else {
      result += rest[open.lowerBound..<close.upperBound]
    }
    rest = afterOpen[close.upperBound...]
  }
  return result + rest
}
