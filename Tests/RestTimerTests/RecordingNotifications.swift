import Foundation
import Testing

@testable import RestTimer

/// A `LocalNotifications` that records every call in order, keeps what is scheduled and what is
/// shown, and can hold a `schedule` call in flight until the test releases it.
actor RecordingNotifications: LocalNotifications {
  /// One call the code under test made, with its arguments.
  enum Call: Equatable, Sendable {
    case schedule(LocalNotificationRequest)
    case cancel([String])
    case present(LocalNotificationRequest)
    case presented(kind: String)
    case removePresented([String])
    case authorization
    case importance(NotificationChannel)
  }

  /// A notification on screen.
  struct Shown: Equatable, Sendable {
    var id: String
    var kind: String
  }

  /// Thrown by `schedule` when the center is told to refuse.
  struct Refused: Error, Equatable {}

  /// Every call so far, oldest first.
  private(set) var calls: [Call] = []
  /// Ids whose `schedule` resolved and that were neither cancelled nor delivered, oldest first.
  private(set) var pending: [String] = []
  /// Notifications on screen, oldest first.
  private(set) var shown: [Shown] = []

  private var requests: [String: LocalNotificationRequest] = [:]
  private let authorizationStatus: NotificationAuthorization
  private let restChannelImportance: ChannelImportance?
  private var refusesSchedules = false
  private var scheduledCount = 0
  private var presentedCount = 0
  private var holdsNextSchedule = false
  private var heldSchedule: CheckedContinuation<Void, Never>?
  private var holdWaiters: [CheckedContinuation<Void, Never>] = []

  /// A center with `authorization` whose channels have `importance` (`nil`: no channels, as on
  /// Apple platforms).
  init(
    authorization: NotificationAuthorization = .granted, importance: ChannelImportance? = .max
  ) {
    authorizationStatus = authorization
    restChannelImportance = importance
  }

  // MARK: LocalNotifications

  func schedule(_ request: LocalNotificationRequest) async throws -> String {
    calls.append(.schedule(request))
    if refusesSchedules { throw Refused() }
    scheduledCount += 1
    let id = "scheduled-\(scheduledCount)"
    if holdsNextSchedule {
      holdsNextSchedule = false
      await withCheckedContinuation { continuation in
        heldSchedule = continuation
        for waiter in holdWaiters { waiter.resume() }
        holdWaiters = []
      }
    }
    pending.append(id)
    requests[id] = request
    return id
  }

  func cancel(_ ids: [String]) async {
    calls.append(.cancel(ids))
    pending.removeAll { ids.contains($0) }
  }

  func present(_ request: LocalNotificationRequest) async throws -> String {
    calls.append(.present(request))
    presentedCount += 1
    let id = "presented-\(presentedCount)"
    shown.append(Shown(id: id, kind: request.data["kind"] ?? ""))
    return id
  }

  func presented(kind: String) async -> [String] {
    calls.append(.presented(kind: kind))
    return shown.filter { $0.kind == kind }.map(\.id)
  }

  func removePresented(_ ids: [String]) async {
    calls.append(.removePresented(ids))
    shown.removeAll { ids.contains($0.id) }
  }

  func authorization() async -> NotificationAuthorization {
    calls.append(.authorization)
    return authorizationStatus
  }

  func importance(of channel: NotificationChannel) async -> ChannelImportance? {
    calls.append(.importance(channel))
    return restChannelImportance
  }

  // MARK: Test controls

  /// The calls since the last time they were taken; forgets them.
  func takeCalls() -> [Call] {
    defer { calls = [] }
    return calls
  }

  /// Makes the next `schedule` call wait, after it has picked its id, until
  /// `releaseHeldSchedule()`.
  func holdNextSchedule() {
    holdsNextSchedule = true
  }

  /// Returns once a `schedule` call is being held.
  func untilScheduleHeld() async {
    guard heldSchedule == nil else { return }
    await withCheckedContinuation { holdWaiters.append($0) }
  }

  /// Lets the held `schedule` call resolve.
  func releaseHeldSchedule() {
    guard let held = heldSchedule else {
      Issue.record("no schedule call is held")
      return
    }
    heldSchedule = nil
    held.resume()
  }

  /// Makes every later `schedule` call throw.
  func refuseSchedules() {
    refusesSchedules = true
  }

  /// The system delivers the scheduled notification `id`: it leaves `pending` and is shown.
  func deliver(_ id: String) {
    guard let request = requests[id], pending.contains(id) else {
      Issue.record("\(id) is not pending")
      return
    }
    pending.removeAll { $0 == id }
    shown.append(Shown(id: id, kind: request.data["kind"] ?? ""))
  }

  /// Ids of the shown notifications of `kind`, without recording a call.
  func shownIds(kind: String) -> [String] {
    shown.filter { $0.kind == kind }.map(\.id)
  }

  /// Something shown before the test began.
  func show(id: String, kind: String) {
    shown.append(Shown(id: id, kind: kind))
  }
}
