#if canImport(UserNotifications)
  import Foundation
  import UserNotifications

  /// `LocalNotifications` on Apple platforms: UserNotifications' current center. The app's
  /// notification delegate routes a tap with `target: activeWorkout` to the live workout.
  public final class UserNotificationCenter: LocalNotifications {
    public init() {}

    private var center: UNUserNotificationCenter { .current() }

    public func schedule(_ request: LocalNotificationRequest) async throws -> String {
      try await center.add(Self.notificationRequest(request, immediately: false))
      return request.id
    }

    public func cancel(_ ids: [String]) async {
      center.removePendingNotificationRequests(withIdentifiers: ids)
    }

    public func present(_ request: LocalNotificationRequest) async throws -> String {
      try await center.add(Self.notificationRequest(request, immediately: true))
      return request.id
    }

    public func presented(kind: String) async -> [String] {
      await center.deliveredNotifications()
        .filter { $0.request.content.userInfo["kind"] as? String == kind }
        .map(\.request.identifier)
    }

    public func removePresented(_ ids: [String]) async {
      center.removeDeliveredNotifications(withIdentifiers: ids)
    }

    public func authorization() async -> NotificationAuthorization {
      switch await center.notificationSettings().authorizationStatus {
      case .authorized, .provisional, .ephemeral: .granted
      case .denied: .denied
      default: .notDetermined
      }
    }

    public func importance(of channel: NotificationChannel) async -> ChannelImportance? {
      nil  // Apple platforms have no channels.
    }

    private static func notificationRequest(
      _ request: LocalNotificationRequest, immediately: Bool
    ) -> UNNotificationRequest {
      let content = UNMutableNotificationContent()
      content.title = request.title
      content.body = request.body
      content.userInfo = request.data
      content.threadIdentifier = request.channel.rawValue
      if request.sound { content.sound = .default }
      if request.timeSensitive { content.interruptionLevel = .timeSensitive }
      let trigger =
        immediately
        ? nil : UNTimeIntervalNotificationTrigger(timeInterval: request.interval, repeats: false)
      return UNNotificationRequest(identifier: request.id, content: content, trigger: trigger)
    }
  }
#endif
