import Foundation
import TraineeAPI

@testable import HTTPServer
@testable import TraineeServer

// The notification overrides in the attack matrix (docs/decisions/the-coachs-words.md,
// "Notification texts"): an override is no record of the trainee's, so a coach who sees the
// trainee is answered (its own studio's overrides only), and every other coach is 404.

extension CoachRead {
  static let getNotificationOverrides = CoachRead(
    name: "getNotificationOverrides", kind: "overrides",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.getNotificationOverrides, ["traineeId": trainee], token: token)
    },
    sees: { fixture, trainee, _, token in
      let answer = try fixture.send(
        fixture.endpoints.getNotificationOverrides, ["traineeId": trainee], token: token)
      guard answer.status == .ok else { return (answer.status, []) }
      let overrides = try fixture.read([NotificationConfigDto].self, answer)
      guard overrides.allSatisfy({ $0.titleTemplate == overrideTitle(token) }) else {
        throw UnexpectedAnswer(response: answer)
      }
      return (.ok, [])
    })

  static let setNotificationOverride = CoachRead(
    name: "setNotificationOverride", kind: "overrides",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.setNotificationOverride,
        ["traineeId": trainee, "type": "REST_TIMER"], token: token,
        json: NotificationConfigRequestDto(enabled: true, titleTemplate: "Go"))
    },
    sees: { fixture, trainee, _, token in
      let answer = try fixture.send(
        fixture.endpoints.setNotificationOverride,
        ["traineeId": trainee, "type": "WORKOUT_IDLE"], token: token,
        json: NotificationConfigRequestDto(enabled: false, titleTemplate: overrideTitle(token)))
      guard answer.status == .ok else { return (answer.status, []) }
      guard
        try fixture.read(NotificationConfigDto.self, answer).titleTemplate
          == overrideTitle(token)
      else { throw UnexpectedAnswer(response: answer) }
      return (.ok, [])
    })

  static let removeNotificationOverride = CoachRead(
    name: "removeNotificationOverride", kind: "overrides",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.removeNotificationOverride,
        ["traineeId": trainee, "type": "REST_TIMER"], token: token)
    },
    sees: { fixture, trainee, _, token in
      let answer = try fixture.send(
        fixture.endpoints.removeNotificationOverride,
        ["traineeId": trainee, "type": "REST_TIMER"], token: token)
      guard answer.status == .noContent else {
        guard answer.status == .notFound else { throw UnexpectedAnswer(response: answer) }
        return (answer.status, [])
      }
      return (.ok, [])
    })

  /// The title a coach (by token) gives its overrides: each coach's own.
  private static func overrideTitle(_ token: String) -> String {
    "Override by \(token.suffix(12))"
  }
}
