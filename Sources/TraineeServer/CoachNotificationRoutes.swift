import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-words.md, "Notification texts": a coach of the session's studio
// sets the studio's texts and switches per type, and overrides any of them for one trainee of
// the studio. A type the app does not know is 404 like an id; a trainee the studio cannot see is
// the same 404 as on the coach's reads, whatever the type; a bad template is 400 naming the
// field, checked before anything is written.

extension TraineeAPIRoutes {
  /// Registers the studio's notification configs and its overrides per trainee.
  func registerCoachNotificationRoutes(on router: inout Router) {
    let store = store
    router.add(endpoints.getStudioNotificationConfigs, roles: .only(.coach), routes: self) {
      _, admitted, accounts in
      .json(.ok, try store.studioNotificationConfigs(of: coachedStudio(admitted, accounts)))
    }
    router.add(endpoints.setStudioNotificationConfig, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let type = try Self.notificationType(request)
      let body = try Self.checkedNotificationConfig(request, as: type)
      return .json(.ok, try store.setStudioNotificationConfig(type, body, of: studio))
    }
    router.add(endpoints.getNotificationOverrides, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      guard
        let overrides = try store.notificationOverrides(
          of: Self.coachedTrainee(request), in: studio)
      else { throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"]) }
      return .json(.ok, overrides)
    }
    router.add(endpoints.setNotificationOverride, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let trainee = try Self.coachedTrainee(request)
      let type = try Self.notificationType(request, of: trainee, in: studio, store)
      let body = try Self.checkedNotificationConfig(request, as: type)
      guard let set = try store.setNotificationOverride(type, body, of: trainee, in: studio) else {
        throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
      }
      return .json(.ok, set)
    }
    router.add(endpoints.removeNotificationOverride, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let trainee = try Self.coachedTrainee(request)
      let type = try Self.notificationType(request, of: trainee, in: studio, store)
      guard try store.removeNotificationOverride(type, of: trainee, in: studio) != nil else {
        throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
      }
      return HTTPResponse(status: .noContent)
    }
  }

  /// The path's notification type; 404 for one the app does not know.
  static func notificationType(_ request: HTTPRequest) throws -> CoachNotificationType {
    let named = request.pathParameters["type"]
    guard let type = named.flatMap(CoachNotificationType.init(rawValue:)) else {
      throw WorkoutRoutes.notFound("notification type", named)
    }
    return type
  }

  /// The path's notification type; an unknown one is the trainee's 404 while the studio cannot
  /// see the trainee, so a type says nothing about other studios' trainees.
  static func notificationType(
    _ request: HTTPRequest, of trainee: TraineeID, in studio: StudioID, _ store: any TraineeStore
  ) throws -> CoachNotificationType {
    do {
      return try notificationType(request)
    } catch {
      guard try store.studioVisibility(of: trainee, to: studio) != nil else {
        throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
      }
      throw error
    }
  }

  /// The body of a config's `PUT`, its templates checked for `type`: 400 naming the first bad
  /// field.
  static func checkedNotificationConfig(
    _ request: HTTPRequest, as type: CoachNotificationType
  ) throws -> NotificationConfigRequestDto {
    let body = try request.decodeJSON(NotificationConfigRequestDto.self)
    if let first = NotificationTemplateRules.problems(of: body, as: type).first {
      throw HTTPError(
        .badRequest, code: "invalid_body", message: "Body: \(first.field) \(first.problem).")
    }
    return body
  }
}
