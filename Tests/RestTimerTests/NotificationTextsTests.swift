import Foundation
import Testing
import TraineeAPI

@testable import RestTimer

/// A server entry whose templates leave the app's own strings in place.
struct MissingTemplates: Sendable, CustomTestStringConvertible {
  let title: String?
  let body: String?

  var testDescription: String {
    "title \(String(describing: title)), body \(String(describing: body))"
  }
}

/// The app's strings for `kind`, switched on.
private func fallback(_ kind: WorkoutNotificationKind) -> NotificationTexts {
  NotificationTexts(
    enabled: true, titleTemplate: kind.fallbackTitle, bodyTemplate: kind.fallbackBody)
}

/// Notification configs: the server's entry per kind, the app's strings for what it lacks, and
/// the templates filled in.
struct NotificationTextsTests {
  @Test(arguments: WorkoutNotificationKind.allCases)
  func aMissingEntryFallsBackToTheAppStrings(kind: WorkoutNotificationKind) {
    #expect(NotificationTexts(kind, configs: []) == fallback(kind))
  }

  @Test(
    arguments: WorkoutNotificationKind.allCases,
    [
      MissingTemplates(title: nil, body: nil), MissingTemplates(title: "", body: ""),
      MissingTemplates(title: "   ", body: "\t"), MissingTemplates(title: " \n ", body: "\n"),
    ])
  func aNullOrBlankTemplateFallsBackToTheAppString(
    kind: WorkoutNotificationKind, templates: MissingTemplates
  ) {
    let configs = [
      NotificationConfigDto(
        type: kind.rawValue, enabled: true, titleTemplate: templates.title,
        bodyTemplate: templates.body)
    ]

    #expect(NotificationTexts(kind, configs: configs) == fallback(kind))
  }

  @Test func eachTemplateFallsBackOnItsOwn() {
    let configs = [
      NotificationConfigDto(type: "REST_TIMER", titleTemplate: "Go", bodyTemplate: " "),
      NotificationConfigDto(type: "WORKOUT_IDLE", titleTemplate: nil, bodyTemplate: "Still there?"),
    ]

    #expect(
      NotificationTexts(.restTimer, configs: configs)
        == NotificationTexts(
          enabled: true, titleTemplate: "Go",
          bodyTemplate: WorkoutNotificationKind.restTimer.fallbackBody))
    #expect(
      NotificationTexts(.workoutIdle, configs: configs)
        == NotificationTexts(
          enabled: true, titleTemplate: WorkoutNotificationKind.workoutIdle.fallbackTitle,
          bodyTemplate: "Still there?"))
  }

  /// `(the server's enabled, the resulting switch)`: only an explicit false switches off.
  @Test(arguments: [(Bool?.none, true), (true, true), (false, false)])
  func enabledDefaultsToTrue(serverEnabled: Bool?, enabled: Bool) {
    let configs = [NotificationConfigDto(type: "REST_TIMER", enabled: serverEnabled)]

    #expect(NotificationTexts(.restTimer, configs: configs).enabled == enabled)
  }

  @Test func aSwitchedOffRestTimerGivesNoAlert() {
    let configs = [NotificationConfigDto(type: "REST_TIMER", enabled: false, titleTemplate: "Go")]

    #expect(NotificationTexts(.restTimer, configs: configs).restAlert(exerciseName: "Squat") == nil)
  }

  @Test func theRestAlertFillsTheAppStringsWithTheExercise() {
    let alert = NotificationTexts(.restTimer, configs: []).restAlert(exerciseName: "Bench press")

    #expect(
      alert
        == RestAlertContent(title: "Rest is over", body: "Time for your next set of Bench press."))
  }

  /// `(template, filled with exercise Squat)`.
  @Test(arguments: [
    ("{{ exercise }}", "Squat"),
    ("{{exercise}}", "Squat"),
    ("{{  exercise  }}", "Squat"),
    ("{{\texercise }}", "Squat"),
    ("Next: {{ exercise }}. Then {{exercise}} again", "Next: Squat. Then Squat again"),
    ("{{exercise}}{{ exercise }}", "SquatSquat"),
    ("{{ weight }} kg of {{ exercise }}", "{{ weight }} kg of Squat"),
    ("{{ Exercise }}", "{{ Exercise }}"),
    ("Go {{ exercise", "Go {{ exercise"),
    ("{{ exercise }} then {{", "Squat then {{"),
    ("}} exercise {{", "}} exercise {{"),
    ("{{}}", "{{}}"),
    ("No placeholder", "No placeholder"),
    ("", ""),
  ])
  func applyTemplateReplacesOnlyTheExercise(template: String, filled: String) {
    #expect(applyTemplate(template, ["exercise": "Squat"]) == filled)
  }

  @Test func aValueIsNotFilledInAgain() {
    #expect(
      applyTemplate("Next: {{ exercise }}", ["exercise": "{{ exercise }}"])
        == "Next: {{ exercise }}")
  }

  @Test func theDecodedWireListFillsTheRestAlert() throws {
    let json =
      #"[{"type":"REST_TIMER","enabled":true,"titleTemplate":"Go","#
      + #""bodyTemplate":"Next: {{ exercise }}"}]"#

    let configs = try JSONDecoder().decode([NotificationConfigDto].self, from: Data(json.utf8))
    let texts = NotificationTexts(.restTimer, configs: configs)

    #expect(
      texts
        == NotificationTexts(
          enabled: true, titleTemplate: "Go", bodyTemplate: "Next: {{ exercise }}"))
    #expect(
      texts.restAlert(exerciseName: "Bench press")
        == RestAlertContent(title: "Go", body: "Next: Bench press"))
    #expect(NotificationTexts(.workoutIdle, configs: configs) == fallback(.workoutIdle))
    #expect(NotificationTexts(.workoutUnfinished, configs: configs) == fallback(.workoutUnfinished))
  }

  @Test func theWireListWithNullsAndUnknownTypesDecodes() throws {
    let json = #"""
      [
        {"type":"MEAL_REMINDER","enabled":false,"titleTemplate":"Eat","bodyTemplate":"Now"},
        {"type":"WORKOUT_IDLE","enabled":false,"titleTemplate":null,"bodyTemplate":null},
        {"type":"WORKOUT_UNFINISHED","titleTemplate":"Done?"}
      ]
      """#

    let configs = try JSONDecoder().decode([NotificationConfigDto].self, from: Data(json.utf8))

    #expect(NotificationTexts(.restTimer, configs: configs) == fallback(.restTimer))
    #expect(
      NotificationTexts(.workoutIdle, configs: configs)
        == NotificationTexts(
          enabled: false, titleTemplate: WorkoutNotificationKind.workoutIdle.fallbackTitle,
          bodyTemplate: WorkoutNotificationKind.workoutIdle.fallbackBody))
    #expect(
      NotificationTexts(.workoutUnfinished, configs: configs)
        == NotificationTexts(
          enabled: true, titleTemplate: "Done?",
          bodyTemplate: WorkoutNotificationKind.workoutUnfinished.fallbackBody))
  }

  @Test(arguments: WorkoutNotificationKind.allCases)
  func unknownTypesAreIgnored(kind: WorkoutNotificationKind) {
    let configs = [
      NotificationConfigDto(
        type: "MEAL_REMINDER", enabled: false, titleTemplate: "Eat", bodyTemplate: "Now"),
      NotificationConfigDto(
        type: kind.rawValue.lowercased(), enabled: false, titleTemplate: "Lower",
        bodyTemplate: "Case"),
    ]

    #expect(NotificationTexts(kind, configs: configs) == fallback(kind))
  }
}
