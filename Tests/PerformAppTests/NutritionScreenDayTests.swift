import Foundation
import LiveWorkoutScreens
import NutritionLog
import NutritionScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI

/// Days on the Nutrition screen: navigation, read-only older days, the plan day, the sync
/// state and failures.
@MainActor
struct NutritionScreenDayTests {
  static let olderDay = CalendarDay(year: 2026, month: 1, day: 2)!
  static let yesterday = CalendarDay(year: 2026, month: 1, day: 4)!

  @Test func yesterdayIsEditableAndTheFutureCannotBePicked() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.press(.character("]"))
    #expect(harness.host.messages.last == "Tue, 6 Jan 2026 is after today and cannot be picked.")
    #expect(harness.text.contains("Mon, 5 Jan 2026 · today"))

    harness.press(.character("h"))
    #expect(await harness.settle { harness.sync.status(of: Self.yesterday) == .saved })
    #expect(harness.text.contains("‹ Sun, 4 Jan 2026 · yesterday ›"))
    #expect(!harness.text.contains("Read-only"))
    harness.press(.character("j"), .enter)
    #expect(harness.snapshot(Self.yesterday).eaten == ["2026-0-4__it_oats": true])
    #expect(harness.snapshot().eaten == [:])
    // Eating yesterday does not lock today's plan day.
    #expect(harness.sync.edits.preferredDay == nil)

    harness.press(.character("t"))
    #expect(harness.text.contains("Mon, 5 Jan 2026 · today"))
  }

  @Test func anOlderDayIsReadOnlyWithItsReasonAndEveryEditIsRefused() async throws {
    let saved = NutritionDaySnapshot(
      eaten: ["2026-0-2__it_oats": true],
      portions: [
        "2026-0-2__it_oats": ItemPortion(foodId: "f_oats", qty: 40)
      ])
    let harness = try NutritionScreenHarness(serverDays: [Self.olderDay: saved])
    await harness.start()
    harness.press(.character("["), .character("["), .character("["))
    #expect(await harness.settle { harness.text.contains("Oats") })
    let text = harness.text
    #expect(text.contains("‹ Fri, 2 Jan 2026 · 3 days ago ›  Lean cut · Training day"))
    #expect(text.contains("read-only"))
    #expect(
      text.contains(
        "Read-only: Fri, 2 Jan 2026 is read-only: only today and yesterday can be edited."
          + " Shown as saved."))
    #expect(text.contains("[✓] Oats 40 g (plan 80 g)"))
    #expect(text.contains("Eaten 152 / 2400 kcal"))
    #expect(!harness.screen.keyHelp.contains(KeyHelp("Enter/space", "tick eaten")))

    let before = harness.sync.edits
    // The engine's refusal, with the day written as the tab writes days.
    let reason = "Fri, 2 Jan 2026 is read-only: only today and yesterday can be edited."
    for key: Key in [
      .enter, .character("s"), .character("p"), .character("x"), .character("a"),
      .character("b"), .character("c"), .character("r"), .character("d"),
    ] {
      let count = harness.host.messages.count
      harness.press(.character("j"), key)
      #expect(harness.host.messages.count == count + 1)
      #expect(harness.host.messages.last == reason)
      #expect(!harness.screen.isEditingText)
    }
    #expect(harness.sync.edits == before)
    #expect(harness.snapshot(Self.olderDay) == .empty)
    #expect(await harness.days.puts.isEmpty)
  }

  @Test func anOlderDayWithoutASavedSnapshotShowsTheDiary() async throws {
    let menu: NutritionMenuDto = NutritionFixtures.decode(
      """
      { "date": "2026-01-02", "planId": "np_cut", "dayId": "nd_training",
        "meals": [ { "id": "m_breakfast", "name": "Breakfast", "time": "08:00",
          "status": "PLANNED", "removed": false,
          "items": [ { "id": "it_oats", "optionId": "o_oats", "name": "Oats", "qty": 80,
            "unit": "g", "kcal": 303, "protein": 10.5, "carbs": 53, "fat": 5.5, "eaten": true } ],
          "added": [] } ],
        "otherFoods": {}, "customMeals": [],
        "logs": [ { "id": "7", "consumedAt": "2026-01-02T19:00:00Z", "items": [],
          "kcal": 500, "protein": 30, "carbs": 50, "fat": 20, "counted": true } ],
        "eaten": { "kcal": 803, "protein": 40.5, "carbs": 103, "fat": 25.5 } }
      """)
    let harness = try NutritionScreenHarness(menus: ["2026-01-02": menu])
    await harness.start()
    harness.press(.character("["), .character("["), .character("["))
    #expect(await harness.settle { harness.text.contains("Shown from the diary.") })
    #expect(harness.text.contains("[✓] Oats 80 g"))
    #expect(harness.text.contains("Logged meals"))
    // The log's instant as a time of day in the trainee's zone (UTC here) and region (GB).
    #expect(harness.text.contains("  19:00"))
    #expect(!harness.text.contains("2026-01-02T19:00:00Z"))
    #expect(harness.text.contains("Eaten 803 / 2400 kcal"))
  }

  @Test func thePlanDayIsPickedWithVAndBecomesTodaysPick() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    #expect(
      harness.sync.edits.todayPick
        == TodayNutritionDay(dateKey: "2026-0-5", planId: "np_cut", dayId: "nd_training"))
    harness.press(.character("v"))
    #expect(harness.text.contains("Lean cut · Rest day"))
    #expect(harness.text.contains("Brunch 11:00"))
    #expect(harness.text.contains("Eaten 0 / 2000 kcal"))
    #expect(!harness.text.contains("Breakfast"))
    #expect(
      harness.sync.edits.todayPick
        == TodayNutritionDay(dateKey: "2026-0-5", planId: "np_cut", dayId: "nd_rest"))
    #expect(harness.sync.edits.viewDayId == "nd_rest")
    harness.press(.character("v"))
    #expect(harness.text.contains("Lean cut · Training day"))
  }

  @Test func thePreferredDayOnDiskChoosesTodaysPlanDay() async throws {
    let until = NutritionScreenHarness.now.addingTimeInterval(20 * 3600)
    let harness = try NutritionScreenHarness(
      preferredDay: PreferredNutritionDay(
        planId: "np_cut", dayId: "nd_rest", untilMs: until.timeIntervalSince1970 * 1000))
    harness.open()
    #expect(await harness.settle { harness.text.contains("Brunch 11:00") })
    #expect(harness.sync.edits.preferredDay?.dayId == "nd_rest")
    #expect(harness.text.contains("Lean cut · Rest day"))
  }

  @Test func aSaveThatCannotReachTheServerSaysOfflineAndIsSentWhenItIsBack() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    await harness.days.setOffline(true)
    harness.press(.character("j"), .enter)
    await harness.clock.advance(by: .milliseconds(600))
    #expect(
      await harness.settle {
        harness.sync.status(of: NutritionScreenHarness.today) == .offlineWillRetry
      })
    #expect(harness.text.contains("offline, will retry"))

    await harness.days.setOffline(false)
    await harness.clock.advance(by: .seconds(1))
    #expect(await harness.settle { harness.text.contains("✓ saved") })
    #expect(
      await harness.days.days[NutritionScreenHarness.today]?.eaten == ["2026-0-5__it_oats": true])
  }

  @Test func atMidnightTheShownTodayFollowsAndTheOldTodayStaysEditable() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    let nextMorning = NutritionScreenHarness.now.addingTimeInterval(15 * 3600)
    let size = TerminalSize(rows: 60, columns: 110)
    #expect(
      harness.screen.body(size: size, now: nextMorning).plainText
        .contains("‹ Tue, 6 Jan 2026 · today ›"))
    _ = harness.screen.handle(.character("h"), now: nextMorning)
    let text = harness.screen.body(size: size, now: nextMorning).plainText
    #expect(text.contains("‹ Mon, 5 Jan 2026 · yesterday ›"))
    #expect(!text.contains("Read-only"))
  }

  @Test func plansThatFailToLoadAreSaidAndReloadedWithG() async throws {
    let harness = try NutritionScreenHarness()
    await harness.api.failPlans(1)
    harness.open()
    #expect(
      await harness.settle {
        harness.text.contains(
          "The nutrition plans could not be loaded: the server cannot be reached. g tries again.")
      })
    harness.press(.character("g"))
    #expect(await harness.settle { harness.text.contains("Breakfast 08:00") })
    #expect(!harness.text.contains("could not be loaded"))
  }
}
