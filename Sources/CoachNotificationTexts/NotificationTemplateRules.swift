import Foundation
import TraineeAPI

// NB: docs/decisions/the-coachs-words.md, "Notification texts": a coach's template is one line of
// 1 to 100 characters (a title) or 1 to 500 (a body), without control characters, and every
// `{{ name }}` in it must be one the app fills for its type: `{{ exercise }}` in `REST_TIMER`,
// nothing in the reminders (docs/specs/workout-session.md, "Alert texts and configs";
// docs/decisions/rest-timer-alerts-and-reminders.md, "Alerts"). A `{{` never closed is refused
// too: the app would show it as written.

/// A kind of notification a coach configures: the three the app knows.
public enum CoachNotificationType: String, CaseIterable, Sendable {
  case restTimer = "REST_TIMER"
  case workoutIdle = "WORKOUT_IDLE"
  case workoutUnfinished = "WORKOUT_UNFINISHED"

  /// The placeholders the app fills in this type's texts.
  public var placeholders: Set<String> {
    switch self {
    case .restTimer: ["exercise"]
    case .workoutIdle, .workoutUnfinished: []
    }
  }
}

/// A bad value of a coach's notification config: the field and what is wrong with it.
public struct NotificationTemplateProblem: Error, Equatable, Sendable {
  /// The path of the value in the request's body (`titleTemplate`).
  public var field: String
  /// What is wrong, as the end of a sentence naming the field ("is empty").
  public var problem: String

  public init(field: String, problem: String) {
    self.field = field
    self.problem = problem
  }
}

/// The rules a coach's notification texts keep.
public enum NotificationTemplateRules {
  /// The most characters of a title template.
  public static let maxTitleLength = 100
  /// The most characters of a body template.
  public static let maxBodyLength = 500

  /// Every problem of `config` as a config of `type`, in the order of its fields; empty when
  /// it may be stored. An absent template means the app's own text.
  public static func problems(
    of config: NotificationConfigRequestDto, as type: CoachNotificationType
  ) -> [NotificationTemplateProblem] {
    var found: [NotificationTemplateProblem] = []
    for (field, template, max) in [
      ("titleTemplate", config.titleTemplate, maxTitleLength),
      ("bodyTemplate", config.bodyTemplate, maxBodyLength),
    ] {
      guard let template else { continue }
      if let problem = problem(of: template, max: max, placeholders: type.placeholders) {
        found.append(NotificationTemplateProblem(field: field, problem: problem))
      }
    }
    return found
  }

  /// What is wrong with one template, or `nil`.
  static func problem(of template: String, max: Int, placeholders: Set<String>) -> String? {
    if template.trimmingCharacters(in: .whitespaces).isEmpty {
      return "is blank (leave it out for the app's own text)"
    }
    if template.count > max { return "is longer than \(max) characters" }
    if ControlCharacters.found(in: template) { return "holds a control character" }
    for name in placeholderNames(in: template) {
      guard let name else { return "opens a placeholder with {{ and never closes it" }
      guard placeholders.contains(name) else {
        let allowed =
          placeholders.isEmpty
          ? "this type takes none" : "allowed: \(placeholders.sorted().map { "{{ \($0) }}" })"
        return "has the unknown placeholder {{ \(name) }} (\(allowed))"
      }
    }
    return nil
  }

  /// The name inside each `{{ … }}` of `template`, trimmed of spaces as the app reads it; `nil`
  /// for a `{{` with no `}}` after it.
  static func placeholderNames(in template: String) -> [String?] {
    var names: [String?] = []
    var rest = Substring(template)
    while let open = rest.range(of: "{{") {
      let afterOpen = rest[open.upperBound...]
      guard let close = afterOpen.range(of: "}}") else { return names + [nil] }
      names.append(afterOpen[..<close.lowerBound].trimmingCharacters(in: .whitespaces))
      rest = afterOpen[close.upperBound...]
    }
    return names
  }
}
