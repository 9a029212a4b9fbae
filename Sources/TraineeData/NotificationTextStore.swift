import Foundation
import TraineeAPI

// NB: docs/decisions/the-coachs-words.md, "Notification texts": a studio's configs and its
// overrides per trainee, every method scoped by the studio first; a trainee the studio cannot
// see is `nil`, as on the coach's other routes.

/// The coach's notification texts: a studio's config per type, and its override per trainee.
///
/// The texts are checked by the routes (`NotificationTemplateRules`) before they are stored.
public protocol NotificationTextStore: Sendable {
  /// The configs `studio` set, one per type, in type order.
  func studioNotificationConfigs(of studio: StudioID) throws -> [NotificationConfigDto]
  /// Sets `studio`'s config of `type`, replacing the one before, and raises the answer version
  /// of every trainee linked to the studio; answers the config stored.
  func setStudioNotificationConfig(
    _ type: CoachNotificationType, _ config: NotificationConfigRequestDto, of studio: StudioID
  ) throws -> NotificationConfigDto
  /// `studio`'s overrides for `trainee`, one per type, in type order; `nil` while the trainee
  /// has no live link to the studio.
  func notificationOverrides(
    of trainee: TraineeID, in studio: StudioID
  ) throws -> [NotificationConfigDto]?
  /// Sets `studio`'s override of `type` for `trainee`; `nil` while the trainee has no live
  /// link to the studio.
  func setNotificationOverride(
    _ type: CoachNotificationType, _ config: NotificationConfigRequestDto,
    of trainee: TraineeID, in studio: StudioID
  ) throws -> NotificationConfigDto?
  /// Removes `studio`'s override of `type` for `trainee` (none is no error); `nil` while the
  /// trainee has no live link to the studio.
  func removeNotificationOverride(
    _ type: CoachNotificationType, of trainee: TraineeID, in studio: StudioID
  ) throws -> Bool?
  /// What `GET /v1/trainee/notification-configs` answers a trainee whose session uses
  /// `studio` (`nil`: no studio): `NotificationConfigLayers.resolved`, read in one transaction.
  func notificationConfigs(
    for trainee: TraineeID, using studio: StudioID?
  ) throws -> [NotificationConfigDto]
}
