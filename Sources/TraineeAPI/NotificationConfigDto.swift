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
