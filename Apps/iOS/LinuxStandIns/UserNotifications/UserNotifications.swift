// Stand-in for Apple's UserNotifications, compiled on Linux only by scripts/typecheck-ios.sh so
// that RestTimer's Apple-only file (UserNotificationCenter.swift, behind
// `#if canImport(UserNotifications)`) and the app that uses it type-check there. Never a package
// target (a target named UserNotifications would shadow Apple's on a Mac). Only the surface used,
// with the Swift signatures Apple documents on the page cited beside each declaration; the
// delegate's methods, optional in Objective-C, get empty default implementations; never run.

import Foundation

/// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter
public final class UNUserNotificationCenter: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/current()
  public class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }

  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate
  public weak var delegate: (any UNUserNotificationCenterDelegate)?

  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/add(_:withcompletionhandler:)
  public func add(_ request: UNNotificationRequest) async throws {}

  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removependingnotificationrequests(withidentifiers:)
  public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {}

  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getdeliverednotifications(completionhandler:)
  public func deliveredNotifications() async -> [UNNotification] { [] }

  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getdeliverednotifications(completionhandler:)
  public func getDeliveredNotifications(
    completionHandler: @escaping @Sendable ([UNNotification]) -> Void
  ) {}

  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removedeliverednotifications(withidentifiers:)
  public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {}

  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationsettings(completionhandler:)
  public func notificationSettings() async -> UNNotificationSettings { UNNotificationSettings() }
}

/// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler:
      @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
}

extension UNUserNotificationCenterDelegate {
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler:
      @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {}

  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {}
}

/// https://developer.apple.com/documentation/usernotifications/unnotification
public final class UNNotification: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unnotification/request
  public var request: UNNotificationRequest { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationresponse
public final class UNNotificationResponse: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unnotificationresponse/notification
  public var notification: UNNotification { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationrequest
public final class UNNotificationRequest: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/identifier
  public let identifier: String
  /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/content
  public let content: UNNotificationContent

  /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/init(identifier:content:trigger:)
  public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
    self.identifier = identifier
    self.content = content
  }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationcontent
open class UNNotificationContent: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/userinfo
  open var userInfo: [AnyHashable: Any] { [:] }
}

/// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent
open class UNMutableNotificationContent: UNNotificationContent {
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/title
  open var title: String = ""
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/body
  open var body: String = ""
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/userinfo
  open override var userInfo: [AnyHashable: Any] {
    get { [:] }
    set {}
  }
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/threadidentifier
  open var threadIdentifier: String = ""
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/sound
  open var sound: UNNotificationSound?
  /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/interruptionlevel
  open var interruptionLevel: UNNotificationInterruptionLevel = .active
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationsound
open class UNNotificationSound: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsound/default
  open class var `default`: UNNotificationSound { UNNotificationSound() }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel
public enum UNNotificationInterruptionLevel: UInt, Sendable {
  case passive = 0
  case active = 1
  case timeSensitive = 2
  case critical = 3
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationtrigger
open class UNNotificationTrigger: NSObject {}

/// https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
  /// https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger/init(timeinterval:repeats:)
  public init(timeInterval: TimeInterval, repeats: Bool) {}
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/sound
  public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
  /// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/list
  public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
  /// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/banner
  public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationsettings
open class UNNotificationSettings: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/authorizationstatus
  open var authorizationStatus: UNAuthorizationStatus { .notDetermined }
}

/// https://developer.apple.com/documentation/usernotifications/unauthorizationstatus
public enum UNAuthorizationStatus: Int, Sendable {
  case notDetermined = 0
  case denied = 1
  case authorized = 2
  case provisional = 3
  case ephemeral = 4
}
