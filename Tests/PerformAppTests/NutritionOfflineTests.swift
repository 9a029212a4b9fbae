import Foundation
import LiveWorkoutScreens
import NutritionLog
import NutritionScreens
import PerformApp
import PerformTestSupport
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI
import TraineeClient

/// The Nutrition tab with the server away: the plan from its kept copy, marked; ticks kept; a
/// day never loaded said plainly.
@MainActor
struct NutritionOfflineTests {
  @Test func offlineThePlanShowsFromTheCopyMarkedAndATickIsKeptAndSavedLater() async throws {
    let harness = try NutritionScreenHarness()
    await harness.api.failPlans(1)
    await harness.api.keepPlansCopy(fetchedAt: NutritionScreenHarness.now - 5_400)  // 08:30
    await harness.days.setOffline(true)
    harness.open()
    #expect(await harness.settle { harness.text.contains("Breakfast 08:00") })
    #expect(harness.text.contains("Offline, as of 08:30"))

    harness.press(.character("j"), .character(" "))
    #expect(harness.text.contains("[✓] Oats 80 g"))

    await harness.days.setOffline(false)
    harness.sync.networkBecameReachable()
    // The day loads, the tick is merged in, and its save waits out the debounce.
    for _ in 0..<3 {
      await harness.untilSyncSettled()
      await harness.clock.advance(by: .seconds(1))
    }
    #expect(await harness.settle { harness.text.contains("✓ saved") })
    #expect(
      await harness.days.days[NutritionScreenHarness.today]?.eaten == ["2026-0-5__it_oats": true])
  }

  @Test func theMarkGoesWhenThePlansAreFetchedAgainByThemselves() async throws {
    let harness = try NutritionScreenHarness()
    await harness.api.failPlans(1)
    await harness.api.keepPlansCopy(fetchedAt: NutritionScreenHarness.now - 5_400)
    harness.open()
    #expect(await harness.settle { harness.text.contains("Offline, as of 08:30") })
    // Not before the retry time; then by itself.
    harness.screen.upkeep(now: NutritionScreenHarness.now)
    #expect(harness.text.contains("Offline, as of 08:30"))
    harness.screen.upkeep(now: NutritionScreenHarness.now + 60)
    #expect(await harness.settle { !harness.text.contains("Offline, as of") })
    #expect(harness.text.contains("Breakfast 08:00"))
  }

  @Test func aDayNeverLoadedSaysSoAndStillTakesTicks() async throws {
    let harness = try NutritionScreenHarness()
    await harness.days.setOffline(true)
    harness.open()
    let never = "Never loaded from the server: ticks are kept and merged with it later."
    #expect(await harness.settle { harness.text.contains(never) })
    harness.press(.character("j"), .character(" "))
    #expect(harness.text.contains("[✓] Oats 80 g"))
    #expect(harness.text.contains(never))
  }

  @Test func plansThatFailAreTriedAgainAfter5ThenDoublingSeconds() async throws {
    let harness = try NutritionScreenHarness()
    await harness.api.failPlans(3)
    harness.open()
    let start = NutritionScreenHarness.now
    for (pause, next) in [(5.0, 10.0), (10, 20), (20, nil)] as [(Double, Double?)] {
      #expect(await harness.settle { harness.screen.plansRetryAt == start + pause })
      let loads = await harness.api.planLoads
      harness.screen.upkeep(now: start + pause - 1)
      #expect(await harness.api.planLoads == loads)
      harness.screen.upkeep(now: start + pause)
      #expect(await until { await harness.api.planLoads == loads + 1 })
      #expect(await harness.settle { harness.screen.plansRetryAt == next.map { start + $0 } })
    }
    #expect(await harness.settle { harness.text.contains("Breakfast 08:00") })
  }

  @Test func withThePlanFromItsCopyADayNeverLoadedSaysBoth() async throws {
    let harness = try NutritionScreenHarness()
    await harness.api.failPlans(1)
    await harness.api.keepPlansCopy(fetchedAt: NutritionScreenHarness.now - 5_400)
    await harness.days.setOffline(true)
    harness.open()
    #expect(await harness.settle { harness.text.contains("Never loaded from the server") })
    #expect(harness.text.contains("Offline, as of 08:30"))
  }

  @Test func aDayLoadedBeforeIsNotSaidToBeNeverLoaded() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    await harness.days.setOffline(true)
    harness.press(.character("j"), .character(" "))
    await harness.clock.advance(by: .milliseconds(600))
    #expect(
      await harness.settle {
        harness.sync.status(of: NutritionScreenHarness.today) == .offlineWillRetry
      })
    #expect(!harness.text.contains("Never loaded"))
  }

  @Test func plansOlderThanTheirStaleTimeAreFetchedAgainInTheBackground() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    let loads = await harness.api.planLoads
    let stale = KeptRead.nutritionPlans.staleAfter
    harness.screen.upkeep(now: NutritionScreenHarness.now + stale)
    #expect(await harness.api.planLoads == loads)
    harness.screen.upkeep(now: NutritionScreenHarness.now + stale + 1)
    #expect(await until { await harness.api.planLoads == loads + 1 })
    // The plan stays on screen while it is fetched again.
    #expect(harness.text.contains("Breakfast 08:00"))
  }

  @Test func whenAnotherScreenSeesTheServerBackThePlansFromTheCopyAreFetchedAgain() async throws {
    let harness = try NutritionScreenHarness()
    await harness.api.failPlans(1)
    await harness.api.keepPlansCopy(fetchedAt: NutritionScreenHarness.now - 5_400)
    harness.open()
    #expect(await harness.settle { harness.text.contains("Offline, as of 08:30") })
    harness.screen.serverIsBack()
    #expect(await harness.settle { !harness.text.contains("Offline, as of") })
  }
}
