import Foundation

/// Local notifications delivered by this process itself, for Linux and the terminal app: a
/// scheduled notification fires on `clock` at its time and is handed to `deliver`, which shows it
/// (the terminal app draws the alert and rings the bell). Nothing is delivered while the process
/// is not running; the app's resume covers that, as it does for a rest that ended meanwhile.
/// A request without a banner is delivered the same way; `deliver` plays only its sound.
public actor InProcessNotifications: LocalNotifications {
  public typealias Delivery = @Sendable (LocalNotificationRequest) -> Void

  /// A sleep of the given length on the clock, its deadline taken when this is called.
  private let makeSleep: @Sendable (Duration) -> @Sendable () async throws -> Void
  private let now: @Sendable () -> Date
  private let deliver: Delivery
  private var pending: [String: LocalNotificationRequest] = [:]
  private var timers: [String: Task<Void, Never>] = [:]
  private var shown: [String: LocalNotificationRequest] = [:]

  /// Notifications timed on `clock`, due by the wall time `now`, shown through `deliver`.
  public init<C: Clock>(
    clock: C, now: @escaping @Sendable () -> Date, deliver: @escaping Delivery
  ) where C.Duration == Duration {
    makeSleep = { duration in sleeper(on: clock, for: duration) }
    self.now = now
    self.deliver = deliver
  }

  public func schedule(_ request: LocalNotificationRequest) async throws -> String {
    timers.removeValue(forKey: request.id)?.cancel()
    pending[request.id] = request
    let delay = max(0, request.fireAt.timeIntervalSince(now()))
    // The deadline is fixed now, not when the timer task first runs.
    let sleep = makeSleep(.milliseconds(Int64((delay * 1000).rounded())))
    timers[request.id] = Task { [weak self] in
      do {
        try await sleep()
      } catch {
        return
      }
      await self?.fire(request.id)
    }
    return request.id
  }

  public func cancel(_ ids: [String]) async {
    for id in ids {
      timers.removeValue(forKey: id)?.cancel()
      pending[id] = nil
    }
  }

  public func present(_ request: LocalNotificationRequest) async throws -> String {
    show(request)
    return request.id
  }

  public func presented(kind: String) async -> [String] {
    shown.values.filter { $0.data["kind"] == kind }.map(\.id).sorted()
  }

  public func removePresented(_ ids: [String]) async {
    for id in ids { shown[id] = nil }
  }

  public func authorization() async -> NotificationAuthorization { .granted }

  public func importance(of channel: NotificationChannel) async -> ChannelImportance? { nil }

  /// Ids of the notifications scheduled and not yet delivered.
  public var scheduledIds: [String] { pending.keys.sorted() }

  private func fire(_ id: String) {
    timers[id] = nil
    guard let request = pending.removeValue(forKey: id) else { return }
    show(request)
  }

  /// Shows `request` and hands it to `deliver`. Only one rest alert is ever shown: a rest alert
  /// arriving removes the older ones (docs/specs/workout-session.md, "Moving or cancelling the
  /// alert": a delivered rest alert removes the ones before it).
  private func show(_ request: LocalNotificationRequest) {
    if request.data["kind"] == RestAlertScheduler.kind {
      shown = shown.filter {
        $0.key == request.id || $0.value.data["kind"] != RestAlertScheduler.kind
      }
    }
    shown[request.id] = request
    deliver(request)
  }
}

/// A sleep until `duration` from now on `clock`, its deadline taken at the call.
private func sleeper<C: Clock>(
  on clock: C, for duration: Duration
) -> @Sendable () async throws -> Void where C.Duration == Duration {
  let deadline = clock.now.advanced(by: duration)
  return { try await clock.sleep(until: deadline, tolerance: nil) }
}
