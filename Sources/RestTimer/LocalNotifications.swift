import Foundation

/// A device-local notification to deliver at a time.
public struct LocalNotificationRequest: Equatable, Sendable {
  /// The caller's identifier for it; scheduling again with the same id replaces it.
  public var id: String
  public var title: String
  public var body: String
  /// When it should be delivered.
  public var fireAt: Date
  /// Seconds from the moment it was scheduled (the time-interval trigger's interval), at least 1.
  public var interval: TimeInterval
  public var channel: NotificationChannel
  /// iOS's `timeSensitive` interruption level: delivered through Focus modes.
  public var timeSensitive: Bool
  public var sound: Bool
  /// Routing data: `kind` (`rest-timer`, `workout-reminder`) and `target` (`activeWorkout`).
  public var data: [String: String]
  /// Whether it is shown. `false` is a sound without a banner: the rest-over alert the app posts
  /// while the Live Activity card says the rest is over. A center plays it and shows nothing, but
  /// counts it as presented (so the backstop does not sound twice) until it is removed.
  public var banner: Bool

  public init(
    id: String, title: String, body: String, fireAt: Date, interval: TimeInterval,
    channel: NotificationChannel, timeSensitive: Bool, sound: Bool, data: [String: String],
    banner: Bool = true
  ) {
    self.id = id
    self.title = title
    self.body = body
    self.fireAt = fireAt
    self.interval = interval
    self.channel = channel
    self.timeSensitive = timeSensitive
    self.sound = sound
    self.data = data
    self.banner = banner
  }
}

/// The notification channels Perform posts on (Android's channels; a category elsewhere).
public enum NotificationChannel: String, Codable, Equatable, Sendable {
  case restTimer = "rest-timer"
  case workoutReminders = "workout-reminders"
}

/// Whether the trainee lets Perform notify.
public enum NotificationAuthorization: Equatable, Sendable {
  case granted, denied, notDetermined
}

/// A channel's importance where the platform has channels.
public enum ChannelImportance: Int, Comparable, Equatable, Sendable {
  case none, min, low, normal, high, max

  public static func < (lhs: ChannelImportance, rhs: ChannelImportance) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// Why a rest-over alert would not reach the trainee.
public enum RestAlertBlockReason: String, Equatable, Sendable {
  /// Notifications are not permitted.
  case permission
  /// The rest-timer channel is switched to none or min importance.
  case channel
}

/// The device's local notification center: UserNotifications on Apple platforms, the terminal on
/// Linux, a recording fake in tests.
public protocol LocalNotifications: AnyObject, Sendable {
  /// Schedules `request` and returns the id the center gave it.
  func schedule(_ request: LocalNotificationRequest) async throws -> String
  /// Cancels scheduled notifications that have not been delivered.
  func cancel(_ ids: [String]) async
  /// Posts `request` at once and returns its id; without a banner when `request.banner` is false
  /// (its sound only).
  func present(_ request: LocalNotificationRequest) async throws -> String
  /// Ids of delivered notifications still shown whose `kind` is `kind`.
  func presented(kind: String) async -> [String]
  /// Removes delivered notifications.
  func removePresented(_ ids: [String]) async
  func authorization() async -> NotificationAuthorization
  /// The channel's importance, or `nil` where the platform has no channels.
  func importance(of channel: NotificationChannel) async -> ChannelImportance?
}

/// `restAlertBlockReason()`: `permission` without permission, `channel` when the rest-timer
/// channel is muted to none or min, `nil` when an alert can reach the trainee.
public func restAlertBlockReason(_ center: any LocalNotifications) async -> RestAlertBlockReason? {
  guard await center.authorization() == .granted else { return .permission }
  if let importance = await center.importance(of: .restTimer), importance <= .min {
    return .channel
  }
  return nil
}

/// A haptic the workout plays.
public enum Haptic: String, Equatable, Sendable {
  /// A rest started.
  case light
  /// A rest ran out while the app watched.
  case success
}

/// The device's haptic engine (UIKit's feedback generators on iPhone; the bell or nothing
/// elsewhere).
@MainActor
public protocol Haptics: AnyObject {
  func play(_ haptic: Haptic)
}
