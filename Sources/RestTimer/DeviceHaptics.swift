#if canImport(UIKit)
  import UIKit

  /// `Haptics` on iPhone: UIKit's feedback generators.
  @MainActor
  public final class DeviceHaptics: Haptics {
    private let impact = UIImpactFeedbackGenerator(style: .light)
    private let notification = UINotificationFeedbackGenerator()

    public init() {}

    public func play(_ haptic: Haptic) {
      switch haptic {
      case .light: impact.impactOccurred()
      case .success: notification.notificationOccurred(.success)
      }
    }
  }
#endif
