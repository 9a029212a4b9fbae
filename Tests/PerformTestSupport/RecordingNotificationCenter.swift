import Foundation
import RestTimer
import Testing

/// A `LocalNotifications` that records every call in order, keeps what is scheduled and what is
/// shown, and can refuse schedules or hold one in flight until the test releases it. The one
/// recording notification center of the tests.
///
/// Its ids are either numbered (`scheduled-1`, `presented-1`: a center that names what it is
/// given, as Android's does) or the callers' (`LocalNotificationRequest.id`, as UserNotifications
/// keeps them, so an alert can be named across a relaunch; scheduling an id again replaces it).
public actor RecordingNotificationCenter: LocalNotifications {
  /// Who names a notification.
  public enum IDs: Sendable {
    /// The center: `scheduled-N` and `presented-N`.
    case numbered
    /// The caller: the request's own id.
    case callers
  }

  /// One call the code under test made, with its arguments.
  public enum Call: Equatable, Sendable {
    case schedule(LocalNotificationRequest)
    case cancel([String])
    case present(LocalNotificationRequest)
    case presented(kind: String)
    case removePresented([String])
    case authorization
    case importance(NotificationChannel)
  }

  /// A notification on screen.
  public struct Shown: Equatable, Sendable {
    public var id: String
    public var kind: String

    public init(id: String, kind: String) {
      self.id = id
      self.kind = kind
    }
  }

  /// Thrown by `schedule` when the center is told to refuse.
  public struct Refused: Error, Equatable {}

  /// Every call since the last `takeCalls()`, oldest first.
  public private(set) var calls: [Call] = []
  /// Scheduled and neither cancelled nor delivered yet, oldest first.
  private var scheduled: [(id: String, request: LocalNotificationRequest)] = []
  /// On screen, oldest first; the request is `nil` for one shown before the test began.
  private var onScreen: [(shown: Shown, request: LocalNotificationRequest?)] = []
  private let ids: IDs
  private let authorizationStatus: NotificationAuthorization
  private let restChannelImportance: ChannelImportance?
  private var refusesSchedules = false
  private var scheduledCount = 0
  private var presentedCount = 0
  private var holdsNextSchedule = false
  private var heldSchedule: CheckedContinuation<Void, Never>?
  private var holdWaiters: [CheckedContinuation<Void, Never>] = []

  /// A center with `authorization` whose rest channel has `importance` (`nil`: no channels, as
  /// on Apple platforms), naming notifications as `ids` says.
  public init(
    authorization: NotificationAuthorization = .granted, importance: ChannelImportance? = .max,
    ids: IDs = .numbered
  ) {
    self.ids = ids
    authorizationStatus = authorization
    restChannelImportance = importance
  }

  /// The ids scheduled and neither cancelled nor delivered, oldest first.
  public var pending: [String] { scheduled.map(\.id) }
  /// The requests scheduled and neither cancelled nor delivered, oldest first.
  public var pendingRequests: [LocalNotificationRequest] { scheduled.map(\.request) }
  /// What is on screen, oldest first.
  public var shown: [Shown] { onScreen.map(\.shown) }
  /// The requests on screen, oldest first.
  public var shownRequests: [LocalNotificationRequest] { onScreen.compactMap(\.request) }

  // MARK: LocalNotifications

  public func schedule(_ request: LocalNotificationRequest) async throws -> String {
    calls.append(.schedule(request))
    if refusesSchedules { throw Refused() }
    scheduledCount += 1
    let id = ids == .numbered ? "scheduled-\(scheduledCount)" : request.id
    if holdsNextSchedule {
      holdsNextSchedule = false
      await withCheckedContinuation { continuation in
        heldSchedule = continuation
        for waiter in holdWaiters { waiter.resume() }
        holdWaiters = []
      }
    }
    scheduled.removeAll { $0.id == id }
    scheduled.append((id, request))
    return id
  }

  public func cancel(_ ids: [String]) async {
    calls.append(.cancel(ids))
    scheduled.removeAll { ids.contains($0.id) }
  }

  public func present(_ request: LocalNotificationRequest) async throws -> String {
    calls.append(.present(request))
    presentedCount += 1
    let id = ids == .numbered ? "presented-\(presentedCount)" : request.id
    onScreen.append((Shown(id: id, kind: request.data["kind"] ?? ""), request))
    return id
  }

  public func presented(kind: String) async -> [String] {
    calls.append(.presented(kind: kind))
    return shownIds(kind: kind)
  }

  public func removePresented(_ ids: [String]) async {
    calls.append(.removePresented(ids))
    onScreen.removeAll { ids.contains($0.shown.id) }
  }

  public func authorization() async -> NotificationAuthorization {
    calls.append(.authorization)
    return authorizationStatus
  }

  public func importance(of channel: NotificationChannel) async -> ChannelImportance? {
    calls.append(.importance(channel))
    return restChannelImportance
  }

  // MARK: Test controls

  /// The calls since the last time they were taken; forgets them.
  public func takeCalls() -> [Call] {
    defer { calls = [] }
    return calls
  }

  /// Makes the next `schedule` call wait, after it has picked its id, until
  /// `releaseHeldSchedule()`.
  public func holdNextSchedule() {
    holdsNextSchedule = true
  }

  /// Returns once a `schedule` call is being held.
  public func untilScheduleHeld() async {
    guard heldSchedule == nil else { return }
    await withCheckedContinuation { holdWaiters.append($0) }
  }

  /// Lets the held `schedule` call resolve.
  public func releaseHeldSchedule() {
    guard let held = heldSchedule else {
      Issue.record("no schedule call is held")
      return
    }
    heldSchedule = nil
    held.resume()
  }

  /// Makes every later `schedule` call throw.
  public func refuseSchedules() {
    refusesSchedules = true
  }

  /// The system delivers the scheduled notification `id`: it leaves `pending` and is shown.
  public func deliver(_ id: String) {
    guard let index = scheduled.firstIndex(where: { $0.id == id }) else {
      Issue.record("\(id) is not pending")
      return
    }
    let request = scheduled.remove(at: index).request
    onScreen.append((Shown(id: id, kind: request.data["kind"] ?? ""), request))
  }

  /// The system delivers every scheduled notification due by `now`, in the order scheduled.
  public func deliver(dueBy now: Date) {
    let due = scheduled.filter { $0.request.fireAt <= now }
    scheduled.removeAll { $0.request.fireAt <= now }
    for (id, request) in due {
      onScreen.append((Shown(id: id, kind: request.data["kind"] ?? ""), request))
    }
  }

  /// Ids of the shown notifications of `kind`, without recording a call.
  public func shownIds(kind: String) -> [String] {
    onScreen.filter { $0.shown.kind == kind }.map(\.shown.id)
  }

  /// Something shown before the test began.
  public func show(id: String, kind: String) {
    onScreen.append((Shown(id: id, kind: kind), nil))
  }
}
