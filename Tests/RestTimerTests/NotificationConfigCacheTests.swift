import Foundation
import PerformTestSupport
import Testing
import TraineeAPI

@testable import RestTimer

/// The 10-minute cache of the notification configs.
@Suite struct NotificationConfigCacheTests {
  private static let start = Date(timeIntervalSince1970: 1_767_607_200)
  private static let rest = NotificationConfigDto(
    type: "REST_TIMER", enabled: true, titleTemplate: "Go", bodyTemplate: "{{ exercise }}")
  private static let restOff = NotificationConfigDto(type: "REST_TIMER", enabled: false)

  @Test func freshConfigsAreNotFetchedAgainWithinTenMinutes() async {
    let source = ScriptedSource([.success([Self.rest]), .success([Self.restOff])])
    let time = WallClock(Self.start)
    let cache = NotificationConfigCache(source: source, now: { time.now })

    #expect(await cache.configs() == [Self.rest])
    time.now = Self.start + 599
    #expect(await cache.configs() == [Self.rest])
    #expect(source.fetches == 1)

    time.now = Self.start + 600
    #expect(await cache.configs() == [Self.restOff])
    #expect(source.fetches == 2)
  }

  @Test func aFailedFetchKeepsTheConfigsFetchedBefore() async {
    let source = ScriptedSource([.success([Self.rest]), .failure, .success([Self.restOff])])
    let time = WallClock(Self.start)
    let cache = NotificationConfigCache(source: source, now: { time.now })
    _ = await cache.configs()

    time.now = Self.start + 601
    #expect(await cache.configs() == [Self.rest])
    // The failure cached nothing: the next call tries again.
    #expect(await cache.configs() == [Self.restOff])
    #expect(source.fetches == 3)
  }

  @Test func withNothingFetchedAFailureGivesNoConfigsSoTheAppsStringsApply() async {
    let cache = NotificationConfigCache(
      source: ScriptedSource([.failure]), now: { Self.start })

    let configs = await cache.configs()

    #expect(configs == [])
    #expect(
      NotificationTexts(.restTimer, configs: configs)
        == NotificationTexts(
          enabled: true, titleTemplate: WorkoutNotificationKind.restTimer.fallbackTitle,
          bodyTemplate: WorkoutNotificationKind.restTimer.fallbackBody))
  }

  @Test func invalidatingFetchesOnTheNextCall() async {
    let source = ScriptedSource([.success([Self.rest]), .success([Self.restOff])])
    let cache = NotificationConfigCache(source: source, now: { Self.start })
    _ = await cache.configs()

    await cache.invalidate()

    #expect(await cache.configs() == [Self.restOff])
    #expect(source.fetches == 2)
  }

  @Test func concurrentCallersShareOneFetch() async {
    let source = ScriptedSource([.success([Self.rest])])
    let cache = NotificationConfigCache(source: source, now: { Self.start })

    async let first = cache.configs()
    async let second = cache.configs()
    let both = await [first, second]

    #expect(both == [[Self.rest], [Self.rest]])
    #expect(source.fetches == 1)
  }
}

/// A source answering from a script, one answer a fetch (the last one repeats).
private final class ScriptedSource: NotificationConfigSource, @unchecked Sendable {
  // @unchecked: the mutable state is only touched under `lock`.
  enum Answer {
    case success([NotificationConfigDto])
    case failure
  }

  struct Unreachable: Error {}

  private let lock = NSLock()
  private var answers: [Answer]
  private var count = 0

  init(_ answers: [Answer]) { self.answers = answers }

  var fetches: Int { lock.withLock { count } }

  func fetchNotificationConfigs() async throws -> [NotificationConfigDto] {
    let answer = lock.withLock { () -> Answer in
      count += 1
      return answers.count > 1 ? answers.removeFirst() : answers[0]
    }
    switch answer {
    case .success(let configs): return configs
    case .failure: throw Unreachable()
    }
  }
}
