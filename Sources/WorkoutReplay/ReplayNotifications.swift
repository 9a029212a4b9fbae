import Foundation
import RestTimer

/// The device's notification center in a replay: it keeps what is scheduled and shown, delivers
/// what falls due while the app is not in the foreground, and records every call as an event.
/// Without permission nothing is shown: scheduling is accepted, delivering and presenting are not.
actor ReplayNotifications: LocalNotifications {
  private var pending: [String: LocalNotificationRequest] = [:]
  private var shown: [String: LocalNotificationRequest] = [:]
  private var events: [NotificationEvent] = []
  private var permission: NotificationAuthorization

  init(permission: NotificationAuthorization) {
    self.permission = permission
  }

  func schedule(_ request: LocalNotificationRequest) async throws -> String {
    pending[request.id] = request
    events.append(.scheduled(request))
    return request.id
  }

  func cancel(_ ids: [String]) async {
    for id in ids where pending.removeValue(forKey: id) != nil {
      events.append(.cancelled(id: id))
    }
  }

  func present(_ request: LocalNotificationRequest) async throws -> String {
    // The system shows nothing the trainee did not allow.
    guard permission == .granted else { return request.id }
    shown[request.id] = request
    events.append(.presented(request))
    return request.id
  }

  func presented(kind: String) async -> [String] {
    shown.values.filter { $0.data["kind"] == kind }.map(\.id).sorted()
  }

  func removePresented(_ ids: [String]) async {
    let removed = ids.filter { shown.removeValue(forKey: $0) != nil }
    if !removed.isEmpty { events.append(.dismissed(ids: removed)) }
  }

  func authorization() async -> NotificationAuthorization { permission }

  func importance(of channel: NotificationChannel) async -> ChannelImportance? { nil }

  /// The earliest due time of a pending notification, if one falls due by `limit`.
  func nextDue(by limit: Date) -> Date? {
    pending.values.map(\.fireAt).filter { $0 <= limit }.min()
  }

  /// The system delivers every notification due by `now` (the app is not in the foreground);
  /// without permission they fall due unseen.
  func deliverDue(now: Date) {
    let due = pending.values.filter { $0.fireAt <= now }.sorted { $0.fireAt < $1.fireAt }
    for request in due {
      pending[request.id] = nil
      guard permission == .granted else { continue }
      shown[request.id] = request
      events.append(.delivered(request))
    }
  }

  /// The events since the last call.
  func drain() -> [NotificationEvent] {
    defer { events = [] }
    return events
  }
}

/// Something that happened at the notification center.
public enum NotificationEvent: Equatable, Sendable {
  case scheduled(LocalNotificationRequest)
  case cancelled(id: String)
  case presented(LocalNotificationRequest)
  case dismissed(ids: [String])
  case delivered(LocalNotificationRequest)
}
