import Foundation
import PerformTestSupport
import Testing
import TraineeAPI

@testable import RestTimer

/// `keepNotificationConfigsCurrent` on a manual clock: a coach's change reaches a running app
/// within 10 minutes.
struct NotificationConfigRefreshTests {
  private static let start = Date(timeIntervalSince1970: 1_767_607_200)
  private static let rest = NotificationConfigDto(
    type: "REST_TIMER", enabled: true, titleTemplate: "Go", bodyTemplate: "{{ exercise }}")
  private static let restOff = NotificationConfigDto(type: "REST_TIMER", enabled: false)

  /// The loop on `clock` over `server`, with the wall clock moving with `clock`.
  private func run(
    _ server: CoachServer, clock: ManualClock, applied: AppliedConfigs
  ) async -> Task<Void, Never> {
    let now: @Sendable () -> Date = { Self.start + clock.now.offset.seconds }
    let cache = NotificationConfigCache(source: server, now: now)
    let task = Task {
      await keepNotificationConfigsCurrent(cache: cache, clock: clock, now: now) {
        applied.append($0)
      }
    }
    #expect(await clock.untilSleepers(1))
    return task
  }

  /// Moves `clock` on and waits until the loop sleeps again.
  private func advance(_ clock: ManualClock, by duration: Duration) async {
    await clock.advance(by: duration)
    #expect(await clock.untilSleepers(1))
  }

  private func stop(_ task: Task<Void, Never>, clock: ManualClock) async {
    task.cancel()
    await task.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func aCoachsChangeReachesTheAppWhenTheConfigsAreTenMinutesOld() async {
    let server = CoachServer(.success([Self.rest]))
    let clock = ManualClock()
    let applied = AppliedConfigs()
    let task = await run(server, clock: clock, applied: applied)
    server.answer = .success([Self.restOff])

    await advance(clock, by: .seconds(600) - .milliseconds(1))
    #expect(applied.all == [[Self.rest]])
    await advance(clock, by: .milliseconds(1))

    #expect(applied.all == [[Self.rest], [Self.restOff]])
    #expect(server.fetches == 2)
    await stop(task, clock: clock)
  }

  @Test func unchangedConfigsAreNotHandedOnAgain() async {
    let server = CoachServer(.success([Self.rest]))
    let clock = ManualClock()
    let applied = AppliedConfigs()
    let task = await run(server, clock: clock, applied: applied)

    await advance(clock, by: .seconds(600))
    await advance(clock, by: .seconds(600))

    #expect(applied.all == [[Self.rest]])
    #expect(server.fetches == 3)
    await stop(task, clock: clock)
  }

  @Test func aFailedFetchHandsOnNothingAndIsTriedAgainAMinuteLater() async {
    let server = CoachServer(.failure)
    let clock = ManualClock()
    let applied = AppliedConfigs()
    let task = await run(server, clock: clock, applied: applied)
    #expect(applied.all == [])
    server.answer = .success([Self.restOff])

    await advance(clock, by: notificationConfigRetryDelay)

    #expect(applied.all == [[Self.restOff]])
    #expect(server.fetches == 2)
    await stop(task, clock: clock)
  }

  @Test func aFailureAfterASuccessKeepsTheConfigsHandedOn() async {
    let server = CoachServer(.success([Self.rest]))
    let clock = ManualClock()
    let applied = AppliedConfigs()
    let task = await run(server, clock: clock, applied: applied)
    server.answer = .failure

    await advance(clock, by: .seconds(600))
    await advance(clock, by: notificationConfigRetryDelay)

    #expect(applied.all == [[Self.rest]])
    #expect(server.fetches == 3)
    await stop(task, clock: clock)
  }

  @Test func waitsAreRoundedUpCappedAndNeverNone() {
    #expect(notificationConfigWait(599.0001) == .milliseconds(599_001))
    #expect(notificationConfigWait(3600) == .seconds(600))
    #expect(notificationConfigWait(0) == notificationConfigRetryDelay)
  }
}

/// The coach's side of the configs: answers every fetch with `answer`, which a test changes.
private final class CoachServer: NotificationConfigSource, @unchecked Sendable {
  // @unchecked: the mutable state is only touched under `lock`.
  enum Answer {
    case success([NotificationConfigDto])
    case failure
  }

  struct Unreachable: Error {}

  private let lock = NSLock()
  private var current: Answer
  private var count = 0

  init(_ answer: Answer) { current = answer }

  var answer: Answer {
    get { lock.withLock { current } }
    set { lock.withLock { current = newValue } }
  }

  var fetches: Int { lock.withLock { count } }

  func fetchNotificationConfigs() async throws -> [NotificationConfigDto] {
    let answer = lock.withLock { () -> Answer in
      count += 1
      return current
    }
    switch answer {
    case .success(let configs): return configs
    case .failure: throw Unreachable()
    }
  }
}

/// Every list of configs the loop handed on, in order.
private final class AppliedConfigs: @unchecked Sendable {
  // @unchecked: `lists` is only touched under `lock`.
  private let lock = NSLock()
  private var lists: [[NotificationConfigDto]] = []

  var all: [[NotificationConfigDto]] { lock.withLock { lists } }

  func append(_ configs: [NotificationConfigDto]) { lock.withLock { lists.append(configs) } }
}

extension Duration {
  /// The duration in seconds, as Foundation's `TimeInterval`.
  fileprivate var seconds: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
