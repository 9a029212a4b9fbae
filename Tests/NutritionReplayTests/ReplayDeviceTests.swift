import Foundation
import NutritionLog
import Testing

@testable import NutritionReplay

/// The scripted device: a wall clock that `setClock` moves (even back) while the monotonic one
/// runs on, and a zone read again at once on a significant time change.
@MainActor
struct ReplayDeviceTests {
  @Test func theWallClockRunsOnFromWhereSetClockPutIt() {
    let device = ReplayDevice(start: Sample.start, timeZone: Sample.berlin)
    device.clock.advance(to: .milliseconds(2500))
    #expect(device.wallNow == Sample.start + 2.5)

    let earlier = Sample.instant("2026-01-03T08:00:00Z")
    device.setClock(at: earlier, timeZone: nil)
    device.clock.advance(to: .milliseconds(3500))

    #expect(device.wallNow == earlier + 1)
    #expect(device.elapsed(atWallTime: earlier + 10) == .milliseconds(12_500))
    #expect(device.elapsed(atWallTime: earlier) == .milliseconds(3500), "a past time is now")
  }

  @Test func aNewZoneIsSentAtOnceNotAfterTheCacheMinute() {
    let device = ReplayDevice(start: Sample.start, timeZone: Sample.berlin)
    #expect(device.timeZoneHeader() == "Europe/Berlin")

    device.setClock(at: nil, timeZone: Sample.newYork)

    #expect(device.timeZoneHeader() == "America/New_York")
    #expect(device.calendar.timeZone == Sample.newYork)
  }
}
