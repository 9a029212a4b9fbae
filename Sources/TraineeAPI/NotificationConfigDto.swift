import Foundation

/// One entry of `GET /v1/trainee/notification-configs`: a kind of device-local notification
/// the coach's platform lets the trainee receive, with its text templates.
public struct NotificationConfigDto: Codable, Equatable, Sendable {
  /// `REST_TIMER`, `WORKOUT_IDLE` or `WORKOUT_UNFINISHED`; other kinds are kept and ignored.
  public var type: String
  public var enabled: Bool?
  public var titleTemplate: String?
  public var bodyTemplate: String?

  public init(
    type: String, enabled: Bool? = nil, titleTemplate: String? = nil, bodyTemplate: String? = nil
  ) {
    self.type = type
    self.enabled = enabled
    self.titleTemplate = titleTemplate
    self.bodyTemplate = bodyTemplate
  }

  enum CodingKeys: String, CodingKey { case type, enabled, titleTemplate, bodyTemplate }
}

/// The body of a coach's `PUT` of a notification config (the type is the path's): the switch
/// and the text templates; an absent template means the app's own text.
public struct NotificationConfigRequestDto: Codable, Equatable, Sendable {
  public var enabled: Bool
  public var titleTemplate: String?
  public var bodyTemplate: String?

  public init(enabled: Bool, titleTemplate: String? = nil, bodyTemplate: String? = nil) {
    self.enabled = enabled
    self.titleTemplate = titleTemplate
    self.bodyTemplate = bodyTemplate
  }

  enum CodingKeys: String, CodingKey { case enabled, titleTemplate, bodyTemplate }
}
