import Foundation
import Testing

@testable import NutritionReplay

/// The replay's clock: reads that never repeat, timers woken in the order they started, and
/// cancelled timers that arrive but never fire.
@MainActor
struct ReplayClockTests {
  @Test func readsOfNowNeverRepeatAndAreCounted() {
    let clock = ReplayClock()
    let first = clock.now
    let second = clock.now

    #expect(first < second)
    #expect(clock.readCount == 2)
    #expect(clock.elapsed == .zero)
  }

  @Test func timersStartedAtOneInstantFireInTheOrderTheyStarted() async {
    let clock = ReplayClock()
    let fired = Fired()
    for index in 0..<5 {
      let deadline = clock.now.advanced(by: .seconds(1))
      Task {
        try await clock.sleep(until: deadline)
        fired.order.append(index)
      }
    }
    await clock.untilArrivals(5)

    #expect(await clock.wakeDue())
    await drainMainActor()

    #expect(fired.order == [0, 1, 2, 3, 4])
    #expect(clock.nextDeadline == nil)
    #expect(clock.elapsed > .seconds(1) && clock.elapsed < .seconds(1) + .microseconds(1))
  }

  @Test func timersFireOneInstantAtATimeInDeadlineOrder() async {
    let clock = ReplayClock()
    let fired = Fired()
    for (index, delay) in [3, 1, 2].enumerated() {
      let deadline = clock.now.advanced(by: .seconds(delay))
      Task {
        try await clock.sleep(until: deadline)
        fired.order.append(index)
      }
    }
    await clock.untilArrivals(3)

    #expect(await clock.wakeDue())
    await drainMainActor()
    #expect(fired.order == [1])
    while await clock.wakeDue() { await drainMainActor() }

    #expect(fired.order == [1, 2, 0])
  }

  @Test func aCancelledTimerArrivesButNeverFires() async {
    let clock = ReplayClock()
    let fired = Fired()
    let deadline = clock.now.advanced(by: .seconds(1))
    let timer = Task {
      try await clock.sleep(until: deadline)
      fired.order.append(0)
    }
    timer.cancel()
    await clock.untilArrivals(1)

    #expect(await clock.wakeDue() == false)
    await drainMainActor()
    #expect(fired.order.isEmpty)
  }
}

/// What the timers of a test did, in order.
@MainActor
final class Fired {
  var order: [Int] = []
}
