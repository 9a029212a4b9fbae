import Foundation
import PerformTestSupport
import Testing

@testable import NutritionLog

/// Zone sources whose answers a test sets, counting how often they are asked.
final class ZoneSourceStub: @unchecked Sendable {
  // @unchecked: every stored property is only touched under `lock`.
  private let lock = NSLock()
  private var answers: [String?]
  private var asked: [Int]

  init(_ answers: String?...) {
    self.answers = answers
    asked = answers.map { _ in 0 }
  }

  /// One source per answer, in order.
  var sources: [@Sendable () -> String?] {
    answers.indices.map { index in
      { [self] in
        lock.withLock {
          asked[index] += 1
          return answers[index]
        }
      }
    }
  }

  /// How often each source was asked.
  var reads: [Int] { lock.withLock { asked } }

  func answer(_ index: Int, _ identifier: String?) {
    lock.withLock { answers[index] = identifier }
  }
}

/// The device zone: read through its sources, cached for 60 s, sent as `X-Timezone`.
struct DeviceTimeZoneTests {
  private let t0 = Wall.at("2026-01-05T11:00:00Z")

  @Test func aZoneIsReusedForSixtySecondsThenReadAgain() {
    let stub = ZoneSourceStub("Europe/Berlin")
    var device = DeviceTimeZone(sources: stub.sources)
    #expect(device.timeZone(now: t0)?.identifier == "Europe/Berlin")
    stub.answer(0, "America/New_York")
    #expect(device.timeZone(now: t0 + 59.999)?.identifier == "Europe/Berlin")
    #expect(stub.reads == [1])
    #expect(device.timeZone(now: t0 + 60)?.identifier == "America/New_York")
    #expect(device.timeZone(now: t0 + 119.999)?.identifier == "America/New_York")
    #expect(stub.reads == [2])
  }

  @Test func theFallbackAnswersWhenTheFirstSourceDoesNotKnowAValidZone() {
    let stub = ZoneSourceStub(nil, "Europe/Berlin")
    var device = DeviceTimeZone(sources: stub.sources)
    #expect(device.header(now: t0) == ["X-Timezone": "Europe/Berlin"])
    stub.answer(0, "Mars/Olympus_Mons")
    device.invalidate()
    #expect(device.header(now: t0) == ["X-Timezone": "Europe/Berlin"])
    stub.answer(0, "America/New_York")
    device.invalidate()
    #expect(device.header(now: t0) == ["X-Timezone": "America/New_York"])
    #expect(stub.reads == [3, 2])
  }

  @Test func noKnownZoneSendsNoHeaderAndIsNotCached() {
    let stub = ZoneSourceStub(nil, "")
    var device = DeviceTimeZone(sources: stub.sources)
    #expect(device.timeZone(now: t0) == nil)
    #expect(device.header(now: t0 + 1) == [:])
    stub.answer(1, "Asia/Tokyo")
    #expect(device.header(now: t0 + 2) == ["X-Timezone": "Asia/Tokyo"])
    #expect(stub.reads == [3, 3])
  }

  @Test func aClockMovedBackReadsAgain() {
    let stub = ZoneSourceStub("Europe/Berlin")
    var device = DeviceTimeZone(sources: stub.sources)
    _ = device.timeZone(now: t0)
    stub.answer(0, "America/New_York")
    #expect(device.timeZone(now: t0 - 1)?.identifier == "America/New_York")
    #expect(stub.reads == [2])
  }

  @Test func theSystemZoneIsAKnownIanaZone() {
    var device = DeviceTimeZone.system()
    let zone = device.timeZone(now: t0)
    #expect(zone.map { TimeZone(identifier: $0.identifier) != nil } == true)
  }
}

/// One zone cache shared by every reader of a front end.
struct SharedDeviceTimeZoneTests {
  @Test func aZoneChangeReachesEveryReaderWithinAMinute() {
    let stub = ZoneSourceStub("Europe/Berlin")
    let clock = WallClock(Wall.at("2026-03-29T00:30:00Z"))
    let shared = SharedDeviceTimeZone(
      DeviceTimeZone(sources: stub.sources), fallback: TimeZone(identifier: "Pacific/Auckland")!,
      now: { clock.now })
    #expect(shared.current().identifier == "Europe/Berlin")
    stub.answer(0, "America/New_York")
    clock.advance(by: 59)
    #expect(shared.current().identifier == "Europe/Berlin")
    #expect(stub.reads == [1])
    clock.advance(by: 1)
    #expect(shared.current().identifier == "America/New_York")
    #expect(stub.reads == [2])
  }

  @Test func invalidateReadsAgainAtOnceAndAnUnknownZoneFallsBack() {
    let stub = ZoneSourceStub("Europe/Berlin")
    let clock = WallClock(Wall.at("2026-01-05T11:00:00Z"))
    let shared = SharedDeviceTimeZone(
      DeviceTimeZone(sources: stub.sources), fallback: TimeZone(identifier: "Pacific/Auckland")!,
      now: { clock.now })
    #expect(shared.current().identifier == "Europe/Berlin")
    stub.answer(0, "Not/AZone")
    shared.invalidate()
    #expect(shared.current().identifier == "Pacific/Auckland")
    stub.answer(0, "Asia/Tokyo")
    #expect(shared.current().identifier == "Asia/Tokyo")
  }

  @Test func readersOnManyThreadsShareOneCache() async {
    let stub = ZoneSourceStub("Europe/Berlin")
    let clock = WallClock(Wall.at("2026-01-05T11:00:00Z"))
    let shared = SharedDeviceTimeZone(
      DeviceTimeZone(sources: stub.sources), fallback: TimeZone(identifier: "Pacific/Auckland")!,
      now: { clock.now })
    let zones = await withTaskGroup(of: String.self) { group in
      for _ in 0..<64 { group.addTask { shared.current().identifier } }
      return await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(zones == ["Europe/Berlin"])
    #expect(stub.reads == [1])
  }
}
