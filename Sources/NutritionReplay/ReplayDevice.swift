import Foundation
import NutritionLog
import TraineeAPI

// NB: `perform nutrition-replay` (docs/replay.md): the device's wall clock and zone are scripted
// (`startAt`, `timeZone`, `setClock`), apart from the monotonic clock the engine's timers run
// on, as on a phone: `setClock` moves the wall clock (even back) and the zone, and time keeps
// flowing from there as `wait` advances the monotonic clock. Wall times are whole milliseconds.

/// The scripted device: its wall clock, its time zone, and the `X-Timezone` it sends.
@MainActor
final class ReplayDevice {
  /// The monotonic clock the engine's timers sleep on.
  let clock = ReplayClock()
  /// The device's zone and the calendar of its local days.
  private(set) var calendar: NutritionCalendar
  /// The wall clock at `anchorElapsed`, in milliseconds since 1970.
  private var anchorMilliseconds: Int64
  private var anchorElapsed = Duration.zero
  private var zoneHeader: DeviceTimeZone
  private let zoneSource: ZoneSource

  /// A device whose wall clock reads `start` in `timeZone`.
  init(start: Date, timeZone: TimeZone) {
    calendar = NutritionCalendar(timeZone: timeZone)
    anchorMilliseconds = start.milliseconds
    zoneSource = ZoneSource(timeZone.identifier)
    let source = zoneSource
    zoneHeader = DeviceTimeZone(sources: [{ source.identifier }])
  }

  /// Time on the monotonic clock since the replay started.
  var elapsed: Duration { clock.elapsed }

  /// The wall clock now, in whole milliseconds (the attoseconds the clock's reads add vanish).
  var wallNow: Date {
    let offset = Int64(((elapsed - anchorElapsed) / .milliseconds(1)).rounded())
    return Date(milliseconds: anchorMilliseconds + offset)
  }

  /// The instant on the monotonic clock at which the wall clock reads `date` (now, when that
  /// has passed).
  func elapsed(atWallTime date: Date) -> Duration {
    let wait = date.milliseconds - wallNow.milliseconds
    return elapsed + .milliseconds(max(0, wait))
  }

  /// A significant time change: the wall clock now reads `date` and the zone is `timeZone`
  /// (each kept when `nil`); the cached zone is read again.
  func setClock(at date: Date?, timeZone: TimeZone?) {
    if let date {
      anchorMilliseconds = date.milliseconds
      anchorElapsed = elapsed
    }
    if let timeZone {
      calendar = NutritionCalendar(timeZone: timeZone)
      zoneSource.identifier = timeZone.identifier
    }
    zoneHeader.invalidate()
  }

  /// The `X-Timezone` the next request carries (the device zone, cached for 60 s).
  func timeZoneHeader() -> String? {
    zoneHeader.header(now: wallNow)[DeviceTimeZone.headerName]
  }

  /// Today as the server sees it: the date now in the request's `X-Timezone`, UTC without one.
  func serverToday() -> CalendarDay {
    let zone = timeZoneHeader().flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
    return NutritionCalendar(timeZone: zone).day(of: wallNow)
  }
}

/// The zone the system reports, as `DeviceTimeZone` reads it.
private final class ZoneSource: @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value: String

  init(_ identifier: String) { value = identifier }

  var identifier: String {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
