import Foundation
import NutritionLog
import TraineeAPI

@testable import NutritionReplay

/// Fixed times, zones and scripts for the replay tests.
enum Sample {
  static let berlin = TimeZone(identifier: "Europe/Berlin")!
  static let newYork = TimeZone(identifier: "America/New_York")!
  /// 2026-01-05T11:00:00Z: noon in Berlin.
  static let start = instant("2026-01-05T11:00:00Z")
  static let today = day("2026-01-05")
  static let yesterday = day("2026-01-04")
  static let tomorrow = day("2026-01-06")

  static func instant(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text)!
  }

  static func day(_ text: String) -> CalendarDay {
    CalendarDay(isoDate: text)!
  }

  /// A script in Berlin from `start`, without plans.
  static func script(
    _ steps: [NutritionReplayStep], serverDays: [CalendarDay: NutritionDaySnapshot] = [:]
  ) -> NutritionReplayScript {
    NutritionReplayScript(
      timeZone: berlin, startAt: start, serverDays: serverDays, steps: steps)
  }

  static func tick(_ itemId: String, _ eaten: Bool = true) -> NutritionReplayStep {
    .edit(.setEaten(itemId: itemId, eaten: eaten))
  }

  /// The requests as `METHOD date status @milliseconds-after-start`.
  static func summary(_ requests: [ReplayRequest]) -> [String] {
    requests.map {
      let offset = $0.at.milliseconds - start.milliseconds
      return "\($0.method) \($0.date) \($0.status.map(String.init) ?? "-") @\(offset)"
    }
  }
}

/// Lets tasks started on the main actor run their steps there (the replay's own drain).
@MainActor
func drainMainActor() async {
  for _ in 0..<ReplaySession.drainYields { await Task.yield() }
}
