#if canImport(UserNotifications)
  import Foundation
  import Synchronization
  import UserNotifications

  // NB: docs/specs/workout-session.md, "Moving or cancelling the alert" (a delivered rest alert
  // removes the ones before it) and docs/specs/live-activity.md, "The rest on the card" (no banner
  // of the app's own while the card is visible). iOS asks the app how to
  // present a notification only while the app is in the foreground; in the background the system
  // shows the scheduled alert itself.

  /// `LocalNotifications` on Apple platforms: UserNotifications' current center, and its
  /// delegate once `becomeDelegate()` is called (before the app finishes launching; the center
  /// holds its delegate weakly, so the app keeps this object).
  ///
  /// As the delegate it presents a notification arriving while the app is in the foreground:
  /// a rest alert first removes the older rest alerts shown, then plays its sound without a
  /// banner when it was posted without one or the Live Activity card is visible (`cardVisible`),
  /// and with a banner otherwise; other notifications get a banner. A tap hands the
  /// notification's `target` (`activeWorkout`) to `onOpen`.
  public final class UserNotificationCenter: NSObject, LocalNotifications,
    UNUserNotificationCenterDelegate
  {
    /// The `userInfo` key marking a request posted without a banner (`"false"`).
    static let bannerKey = "banner"

    private let cardVisible: @Sendable () -> Bool
    private let onOpen: (@Sendable (String) -> Void)?
    /// Notifications presented with their sound only, by id, with their kind: iOS does not list
    /// them among the delivered ones, yet they count as presented until removed.
    private let soundOnly = Mutex<[String: String]>([:])

    /// The center; `cardVisible` answers, from any thread, whether the Live Activity card is on
    /// screen; `onOpen` receives the `target` of a tapped notification.
    public init(
      cardVisible: @escaping @Sendable () -> Bool = { false },
      onOpen: (@Sendable (String) -> Void)? = nil
    ) {
      self.cardVisible = cardVisible
      self.onOpen = onOpen
      super.init()
    }

    private var center: UNUserNotificationCenter { .current() }

    /// Makes this object the center's delegate.
    public func becomeDelegate() {
      center.delegate = self
    }

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
      let delivered = await center.deliveredNotifications()
        .filter { $0.request.content.userInfo["kind"] as? String == kind }
        .map(\.request.identifier)
      let heard = soundOnly.withLock { $0.filter { $0.value == kind }.keys.sorted() }
      return delivered + heard.filter { !delivered.contains($0) }
    }

    public func removePresented(_ ids: [String]) async {
      center.removeDeliveredNotifications(withIdentifiers: ids)
      soundOnly.withLock { heard in
        for id in ids { heard[id] = nil }
      }
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

    // MARK: UNUserNotificationCenterDelegate

    public func userNotificationCenter(
      _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
      withCompletionHandler completionHandler:
        @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
      let id = notification.request.identifier
      let info = notification.request.content.userInfo
      guard info["kind"] as? String == RestAlertScheduler.kind else {
        completionHandler([.banner, .list, .sound])
        return
      }
      removeRestAlerts(olderThan: id)
      let posted = info[Self.bannerKey] as? String != "false"
      if posted, !cardVisible() {
        completionHandler([.banner, .list, .sound])
      } else {
        soundOnly.withLock { $0[id] = RestAlertScheduler.kind }
        completionHandler([.sound])
      }
    }

    public func userNotificationCenter(
      _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
      withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
      if let target = response.notification.request.content.userInfo["target"] as? String {
        onOpen?(target)
      }
      completionHandler()
    }

    /// Removes every rest alert shown but the one with `id`: only one is ever visible.
    private func removeRestAlerts(olderThan id: String) {
      soundOnly.withLock { heard in
        heard = heard.filter { $0.key == id || $0.value != RestAlertScheduler.kind }
      }
      UNUserNotificationCenter.current().getDeliveredNotifications { delivered in
        let older =
          delivered
          .filter {
            $0.request.identifier != id
              && $0.request.content.userInfo["kind"] as? String == RestAlertScheduler.kind
          }
          .map(\.request.identifier)
        guard !older.isEmpty else { return }
        UNUserNotificationCenter.current().removeDeliveredNotifications(withIdentifiers: older)
      }
    }

    private static func notificationRequest(
      _ request: LocalNotificationRequest, immediately: Bool
    ) -> UNNotificationRequest {
      let content = UNMutableNotificationContent()
      content.title = request.title
      content.body = request.body
      var info = request.data
      if !request.banner { info[bannerKey] = "false" }
      content.userInfo = info
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
