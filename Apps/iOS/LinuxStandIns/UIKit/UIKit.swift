// Stand-in for Apple's UIKit, compiled on Linux only by scripts/typecheck-ios.sh so that
// RestTimer's Apple-only file (DeviceHaptics.swift, behind `#if canImport(UIKit)`) and the app
// that uses it type-check there. Never a package target (a target named UIKit would shadow
// Apple's on a Mac). Only the surface used, with the signatures Apple documents on the page cited
// beside each declaration; never run.

import Foundation

/// https://developer.apple.com/documentation/uikit/uifeedbackgenerator
@MainActor
open class UIFeedbackGenerator: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiimpactfeedbackgenerator
@MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
  /// https://developer.apple.com/documentation/uikit/uiimpactfeedbackgenerator/feedbackstyle
  public enum FeedbackStyle: Int, Sendable {
    case light = 0
    case medium = 1
    case heavy = 2
    case soft = 3
    case rigid = 4
  }

  /// https://developer.apple.com/documentation/uikit/uiimpactfeedbackgenerator/init(style:)
  public init(style: UIImpactFeedbackGenerator.FeedbackStyle) {}

  /// https://developer.apple.com/documentation/uikit/uiimpactfeedbackgenerator/impactoccurred()
  open func impactOccurred() {}
}

/// https://developer.apple.com/documentation/uikit/uinotificationfeedbackgenerator
@MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
  /// https://developer.apple.com/documentation/uikit/uinotificationfeedbackgenerator/feedbacktype
  public enum FeedbackType: Int, Sendable {
    case success = 0
    case warning = 1
    case error = 2
  }

  /// https://developer.apple.com/documentation/uikit/uifeedbackgenerator/init()
  public override init() {}

  /// https://developer.apple.com/documentation/uikit/uinotificationfeedbackgenerator/notificationoccurred(_:)
  open func notificationOccurred(_ notificationType: UINotificationFeedbackGenerator.FeedbackType) {
  }
}
