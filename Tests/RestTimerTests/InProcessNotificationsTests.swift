import Foundation
import PerformTestSupport
import Synchronization
import Testing

@testable import RestTimer

/// The notification center Linux uses: delivers on its clock, at the request's time.
@Suite(.timeLimit(.minutes(1))) struct InProcessNotificationsTests {
  private static let base = Date(timeIntervalSince1970: 1_767_607_200)

  private static func request(
    id: String, after seconds: TimeInterval, kind: String = "rest-timer"
  ) -> LocalNotificationRequest {
    LocalNotificationRequest(
      id: id, title: "Rest is over", body: "Next: Bench press", fireAt: base + seconds,
      interval: seconds, channel: .restTimer, timeSensitive: true, sound: true,
      data: ["kind": kind, "target": "activeWorkout"])
  }

  private static func center(_ clock: ManualClock, _ inbox: Inbox) -> InProcessNotifications {
    InProcessNotifications(
      clock: clock, now: { base + Double(clock.now.offset.components.seconds) },
      deliver: { inbox.append($0.id) })
  }

  @Test func aScheduledNotificationIsDeliveredAtItsTimeAndShown() async throws {
    let clock = ManualClock()
    let inbox = Inbox()
    let center = Self.center(clock, inbox)
    _ = try await center.schedule(Self.request(id: "rest-1", after: 90))
    #expect(await clock.untilSleepers(1))

    await clock.advance(by: .seconds(89))
    // Still asleep, so nothing can be on its way to the inbox.
    #expect(clock.sleeperDeadlines == [.seconds(90)])
    #expect(inbox.ids == [])
    #expect(await center.scheduledIds == ["rest-1"])

    await clock.advance(by: .seconds(1))
    #expect(await until { inbox.ids == ["rest-1"] })
    #expect(await center.presented(kind: "rest-timer") == ["rest-1"])
    #expect(await center.scheduledIds == [])
    #expect(clock.sleeperCount == 0)
  }

  @Test func aCancelledNotificationIsNeverDelivered() async throws {
    let clock = ManualClock()
    let inbox = Inbox()
    let center = Self.center(clock, inbox)
    _ = try await center.schedule(Self.request(id: "rest-1", after: 90))
    #expect(await clock.untilSleepers(1))
    await clock.advance(by: .seconds(30))

    await center.cancel(["rest-1"])
    // The timer left the clock when it was cancelled: no advance can wake it.
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(120))

    #expect(inbox.ids == [])
    #expect(clock.sleeperCount == 0)
  }

  @Test func schedulingTheSameIdAgainReplacesIt() async throws {
    let clock = ManualClock()
    let inbox = Inbox()
    let center = Self.center(clock, inbox)
    _ = try await center.schedule(Self.request(id: "reminder", after: 60))
    #expect(await clock.untilSleepers(1))
    await clock.advance(by: .seconds(10))
    _ = try await center.schedule(Self.request(id: "reminder", after: 100))
    // The first timer left the clock when it was replaced; only the new one sleeps.
    #expect(await clock.untilSleepers(1))
    #expect(clock.sleeperDeadlines == [.seconds(100)])

    await clock.advance(by: .seconds(60))
    #expect(clock.sleeperDeadlines == [.seconds(100)])
    #expect(inbox.ids == [])
    await clock.advance(by: .seconds(30))
    #expect(await until { inbox.ids == ["reminder"] })
  }

  @Test func presentingShowsAtOnceAndRemovingHidesIt() async throws {
    let clock = ManualClock()
    let inbox = Inbox()
    let center = Self.center(clock, inbox)

    _ = try await center.present(Self.request(id: "rest-now", after: 0))
    #expect(inbox.ids == ["rest-now"])
    #expect(await center.presented(kind: "rest-timer") == ["rest-now"])

    await center.removePresented(["rest-now"])
    #expect(await center.presented(kind: "rest-timer") == [])
  }

  /// docs/specs/workout-session.md, "Moving or cancelling the alert": only one rest alert is ever
  /// visible; a listener removes the older ones when a new one arrives, whether it was scheduled or
  /// posted at once.
  @Test func aRestAlertArrivingRemovesTheOlderRestAlertsShownAndNothingElse() async throws {
    let clock = ManualClock()
    let inbox = Inbox()
    let center = Self.center(clock, inbox)
    _ = try await center.present(Self.request(id: "rest-1", after: 0))
    _ = try await center.present(Self.request(id: "idle", after: 0, kind: "workout-reminder"))
    _ = try await center.schedule(Self.request(id: "rest-2", after: 90))
    #expect(await clock.untilSleepers(1))

    await clock.advance(by: .seconds(90))
    #expect(await until { inbox.ids == ["rest-1", "idle", "rest-2"] })
    #expect(await center.presented(kind: "rest-timer") == ["rest-2"])
    #expect(await center.presented(kind: "workout-reminder") == ["idle"])

    _ = try await center.present(Self.request(id: "rest-now", after: 90))
    #expect(await center.presented(kind: "rest-timer") == ["rest-now"])
    #expect(await center.presented(kind: "workout-reminder") == ["idle"])

    // A reminder arriving leaves the rest alert alone.
    _ = try await center.present(Self.request(id: "idle-2", after: 90, kind: "workout-reminder"))
    #expect(await center.presented(kind: "rest-timer") == ["rest-now"])
    #expect(await center.presented(kind: "workout-reminder") == ["idle", "idle-2"])
  }

  /// A request without a banner reaches `deliver` as such (the terminal rings the bell only),
  /// and counts as presented, so the backstop does not sound twice.
  @Test func aRequestWithoutABannerIsDeliveredAsSuchAndCountsAsPresented() async throws {
    let clock = ManualClock()
    let received = Mutex<[LocalNotificationRequest]>([])
    let center = InProcessNotifications(
      clock: clock, now: { Self.base },
      deliver: { request in received.withLock { $0.append(request) } })
    var soundOnly = Self.request(id: "rest-now", after: 0)
    soundOnly.banner = false

    _ = try await center.present(soundOnly)

    #expect(received.withLock { $0 } == [soundOnly])
    #expect(await center.presented(kind: "rest-timer") == ["rest-now"])
  }
}

/// Collects delivered ids from any thread.
private final class Inbox: @unchecked Sendable {
  // @unchecked: `delivered` is only touched under `lock`.
  private let lock = NSLock()
  private var delivered: [String] = []

  func append(_ id: String) { lock.withLock { delivered.append(id) } }
  var ids: [String] { lock.withLock { delivered } }
}
