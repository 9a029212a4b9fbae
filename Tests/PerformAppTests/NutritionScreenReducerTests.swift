import Foundation
import NutritionLog
import TerminalUI
import Testing
import TraineeAPI
import TraineeClient

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// The Nutrition tab's reducer on values alone: a state and an action in, the next state and the
/// effects out; no engine, no file, no network (docs/architecture.md, "State is a value; actions
/// are pure").
@MainActor
struct NutritionScreenReducerTests {
  nonisolated static let utc = TimeZone(identifier: "UTC")!
  nonisolated static let now = NutritionScreenHarness.now
  nonisolated static let today = NutritionScreenHarness.today
  nonisolated static let yesterday = today.adding(days: -1)
  nonisolated static let english = AppText(.en)

  /// A context on an empty store, in English, ids `id1`, `id2`…
  static func context(
    edits: NutritionEdits = NutritionEdits(), canLogMeals: Bool = false
  ) -> NutritionScreenContext {
    var ids = 0
    return NutritionScreenContext(
      edits: edits, timeZone: utc, text: english, canLogMeals: canLogMeals,
      newID: {
        ids += 1
        return "id\(ids)"
      })
  }

  /// The tab showing today with the fixtures' plans loaded and nothing in flight.
  static func loaded() -> NutritionScreenState {
    var state = NutritionScreenState(now: now, timeZone: utc)
    state.plans = .loaded(NutritionFixtures.plans.plans)
    state.plansAsOf = NutritionPlansAsOf(fetchedAt: now)
    return state
  }

  /// An edit made now on `shown`.
  nonisolated static func moment(shown: CalendarDay = today, at instant: Date = now) -> EditMoment {
    EditMoment(
      now: instant, todayKey: today.dayKey.rawValue, shownKey: shown.dayKey.rawValue,
      nextRollover: NutritionCalendar(timeZone: utc).nextNutritionRollover(after: instant))
  }

  /// One row of a table: a state, an action, and what should come of them.
  struct Step: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var state: @Sendable @MainActor () -> NutritionScreenState
    var action: NutritionScreenAction
    var at: Date = NutritionScreenReducerTests.now
    var expectedState: @Sendable @MainActor (inout NutritionScreenState) -> Void
    var expectedEffects: [NutritionScreenEffect]
  }

  nonisolated static let steps: [Step] = [
    Step(
      testDescription: "opening shows today and fetches the plans",
      state: { NutritionScreenState(now: now, timeZone: utc) }, action: .opened,
      expectedState: { $0.plansInFlight = true }, expectedEffects: [.showDay(today), .fetchPlans]),
    Step(
      testDescription: "plans in flight are not asked for twice",
      state: {
        var state = NutritionScreenState(now: now, timeZone: utc)
        state.plansInFlight = true
        return state
      }, action: .serverIsBack, expectedState: { _ in }, expectedEffects: [.serverAnswered]),
    Step(
      testDescription: "plans that fail are said and tried again in 5 s, then 10 s",
      state: {
        var state = NutritionScreenState(now: now, timeZone: utc)
        state.plansInFlight = true
        return state
      }, action: .plansFetched(.failure(.offline)),
      expectedState: {
        $0.plansInFlight = false
        $0.plans = .failed(
          english(
            .nutritionPlansFailed, ["problem": NutritionText.describe(TraineeAPIError.offline)]))
        $0.plansRetryAt = now + 5
        $0.plansRetryDelay = 10
      }, expectedEffects: [.redraw]),
    Step(
      testDescription: "the upkeep waits for the retry time",
      state: {
        var state = NutritionScreenState(now: now, timeZone: utc)
        state.plansRetryAt = now + 5
        return state
      }, action: .upkeep, at: now + 4, expectedState: { _ in }, expectedEffects: []),
    Step(
      testDescription: "the upkeep fetches the plans at the retry time",
      state: {
        var state = NutritionScreenState(now: now, timeZone: utc)
        state.plansRetryAt = now + 5
        return state
      }, action: .upkeep, at: now + 5, expectedState: { $0.plansInFlight = true },
      expectedEffects: [.fetchPlans]),
    Step(
      testDescription: "a future day is refused and nothing moves",
      state: { loaded() }, action: .key(.character("]")), expectedState: { _ in },
      expectedEffects: [
        .say(english(.nutritionAfterToday, ["date": NutritionText.date(today.adding(days: 1))]))
      ]),
    Step(
      testDescription: "yesterday is shown through the engine against its plan day",
      state: { loaded() }, action: .key(.character("h")),
      expectedState: { $0.shown = yesterday },
      expectedEffects: [
        .showDay(yesterday), .changeStore(.view(planId: "np_cut", dayId: "nd_training")),
      ]),
    Step(
      testDescription: "an older day is read from the server",
      state: {
        var state = loaded()
        state.shown = yesterday
        return state
      }, action: .key(.character("[")),
      expectedState: {
        $0.shown = yesterday.adding(days: -1)
        $0.readOnlyDays[yesterday.adding(days: -1)] = .loading
      },
      expectedEffects: [
        .fetchReadOnlyDay(
          yesterday.adding(days: -1), plans: NutritionFixtures.plans.plans, hint: nil)
      ]),
    Step(
      testDescription: "an older day is not edited: the refusal is said",
      state: {
        var state = loaded()
        state.shown = yesterday.adding(days: -1)
        return state
      }, action: .key(.character("x")), expectedState: { _ in },
      expectedEffects: [
        .say(
          NutritionText.describe(
            NutritionEditRefusal.readOnlyDay(date: yesterday.adding(days: -1), today: today)))
      ]),
    Step(
      testDescription: "a key the tab does not use is passed on",
      state: { loaded() }, action: .key(.character("q")), expectedState: { _ in },
      expectedEffects: [.passKeyOn]),
    Step(
      testDescription: "meal logs need an outbox",
      state: { loaded() }, action: .key(.character("L")), expectedState: { _ in },
      expectedEffects: [.say(english(.nutritionLogsNeedServer))]),
    Step(
      testDescription: "a search waits for its own numbered answer",
      state: {
        var state = loaded()
        state.requestCount = 2
        state.mode = .searchText(target, LineEditor("kale", maxLength: 64))
        return state
      }, action: .key(.enter),
      expectedState: {
        $0.requestCount = 3
        $0.mode = .searching(
          target, what: english(.nutritionFoodsMatching, ["query": "kale"]), request: 3)
      }, expectedEffects: [.searchFoods("kale", for: target, request: 3)]),
    Step(
      testDescription: "a barcode look-up waits for its own numbered answer",
      state: {
        var state = loaded()
        state.requestCount = 2
        state.mode = .barcodeText(target, LineEditor("40012345", maxLength: 14))
        return state
      }, action: .key(.enter),
      expectedState: {
        $0.requestCount = 3
        $0.mode = .searching(
          target, what: english(.nutritionBarcodeWhat, ["barcode": "40012345"]), request: 3)
      }, expectedEffects: [.lookUpBarcode("40012345", for: target, request: 3)]),
    Step(
      testDescription: "a late search answer is dropped",
      state: {
        var state = loaded()
        state.requestCount = 2
        state.mode = .searching(target, what: "chicken", request: 2)
        return state
      }, action: .foodsFound(query: "chicken", for: target, request: 1, .success([])),
      expectedState: { _ in }, expectedEffects: []),
    Step(
      testDescription: "a late barcode answer is dropped",
      state: {
        var state = loaded()
        state.requestCount = 2
        state.mode = .searching(target, what: "4001", request: 2)
        return state
      },
      action: .barcodeFound(
        barcode: "4001", for: target, request: 1, .success(NutritionFixtures.chicken)),
      expectedState: { _ in }, expectedEffects: []),
    Step(
      testDescription: "a search with no foods goes back to the field and says so",
      state: {
        var state = loaded()
        state.requestCount = 2
        state.mode = .searching(target, what: "kale", request: 2)
        return state
      }, action: .foodsFound(query: "kale", for: target, request: 2, .success([])),
      expectedState: { $0.mode = .searchText(target, LineEditor("kale", maxLength: 64)) },
      expectedEffects: [.say(english(.nutritionNoFoodMatches, ["query": "kale"])), .redraw]),
    Step(
      testDescription: "the foods found are listed and the server counts as back",
      state: {
        var state = loaded()
        state.requestCount = 2
        state.mode = .searching(target, what: "chicken", request: 2)
        return state
      },
      action: .foodsFound(
        query: "chicken", for: target, request: 2, .success([NutritionFixtures.chicken])),
      expectedState: {
        $0.mode = .results(target, query: "chicken", foods: [NutritionFixtures.chicken], index: 0)
      }, expectedEffects: [.serverAnswered, .redraw]),
    Step(
      testDescription: "midnight moves today and the day shown with it",
      state: { loaded() }, action: .scheduledRefresh, at: now + 14 * 3600,
      expectedState: {
        $0.today = today.adding(days: 1)
        $0.shown = today.adding(days: 1)
      },
      expectedEffects: [
        .todayChanged, .showDay(today.adding(days: 1)),
        .changeStore(.view(planId: "np_cut", dayId: "nd_training")),
        .changeStore(
          .setTodayPick(
            planId: "np_cut", dayId: "nd_training",
            at: EditMoment(
              now: now + 14 * 3600, todayKey: today.adding(days: 1).dayKey.rawValue,
              shownKey: today.adding(days: 1).dayKey.rawValue,
              nextRollover: NutritionCalendar(timeZone: utc).nextNutritionRollover(
                after: now + 14 * 3600)))),
        .redraw,
      ]),
    Step(
      testDescription: "a look at the clock on the same day changes nothing",
      state: { loaded() }, action: .scheduledRefresh, at: now + 60, expectedState: { _ in },
      expectedEffects: []),
  ]

  nonisolated static let target = NutritionFoodTarget(
    date: today, kind: .planMeal(id: "m_breakfast"), title: "Add to Breakfast")

  @Test(arguments: steps)
  func step(_ step: Step) {
    var state = step.state()
    var expected = state
    step.expectedState(&expected)

    let effects = state.reduce(step.action, now: step.at, context: Self.context())

    #expect(state == expected)
    #expect(effects == step.expectedEffects)
  }

  @Test func aTickIsTakenByTheStoresCopyAndSentToTheEngineAfterThePlanDayInView() {
    var state = Self.loaded()
    var context = Self.context()
    _ = state.reduce(.key(.character("j")), now: Self.now, context: context)
    #expect(state.selectedRow == .item(mealId: "m_breakfast", itemId: "it_oats"))

    let effects = state.reduce(.key(.enter), now: Self.now, context: context)

    let moment = Self.moment()
    let edit = NutritionEdit.setEaten(itemId: "it_oats", eaten: true)
    #expect(
      Array(effects.prefix(3)) == [
        .changeStore(.view(planId: "np_cut", dayId: "nd_training")),
        .changeStore(.setTodayPick(planId: "np_cut", dayId: "nd_training", at: moment)),
        .edit(edit, on: Self.today, at: moment),
      ])
    // The edit locks the plan day as preferred, which goes to its file.
    guard case .keepPreferredDay(let day, let instant)? = effects.dropFirst(3).first else {
      Issue.record("no preferred day kept: \(effects)")
      return
    }
    #expect(day.dayId == "nd_training" && instant == Self.now)
    #expect(effects.count == 4)

    // The driver applies the same changes to the engine's store; the reducer reads it back.
    for effect in effects {
      if case .changeStore(let change) = effect { change.apply(to: &context.edits) }
      if case .edit(let edit, let date, let moment) = effect {
        _ = try? context.edits.edit(edit, on: date, at: moment)
      }
    }
    let content = state.currentContent(context)
    #expect(content.item("it_oats", in: "m_breakfast")?.eaten == true)
  }

  @Test func aRefusedEditIsSaidAndAsksTheEngineForNothing() {
    var state = Self.loaded()
    state.shown = Self.yesterday.adding(days: -1)

    let effects = state.reduce(
      .edit(.setEaten(itemId: "it_oats", eaten: true), on: state.shown), now: Self.now,
      context: Self.context())

    #expect(
      effects == [
        .say(
          NutritionText.describe(
            NutritionEditRefusal.readOnlyDay(date: state.shown, today: Self.today)))
      ])
  }

  @Test func aLoggedMealIsPutInTheDayAndKeptForTheServerWithNewIDsInOrder() {
    var state = Self.loaded()
    let context = Self.context(canLogMeals: true)
    _ = state.reduce(.key(.character("L")), now: Self.now, context: context)
    #expect(state.mealLogEntry == MealLogEntry(date: Self.today))
    for key in "Soup".map(Key.character) + [.enter, .enter] + "300".map(Key.character) {
      _ = state.reduce(.key(key), now: Self.now, context: context)
    }
    for _ in 0..<4 { _ = state.reduce(.key(.enter), now: Self.now, context: context) }
    #expect(state.mealLogEntry?.food?.name == "Soup")

    // An empty photo path logs at once; a path is checked by the driver first.
    let effects = state.reduce(.key(.enter), now: Self.now, context: context)

    #expect(state.mealLogEntry == nil)
    guard case .keepMealLog(let log, let name)? = effects.last else {
      Issue.record("no meal log kept: \(effects)")
      return
    }
    #expect(name == "Soup")
    #expect(log.key == "id3" && log.mealId == "id2")
    #expect(log.request.consumedAt == "2026-01-05T12:00:00Z")
    #expect(
      effects.contains {
        if case .edit(.setCustomMeal(let meal), Self.today, _) = $0 {
          meal.id == "id2"
        } else {
          false
        }
      })
  }

  @Test func aPhotoPathIsCheckedBeforeTheMealIsLogged() {
    var state = Self.loaded()
    var entry = MealLogEntry(date: Self.today)
    entry.food = NutritionManualFood(
      name: "Soup", grams: nil, macros: MacrosDto(kcal: 300, protein: 0, carbs: 0, fat: 0))
    entry.photo = LineEditor("/no/such/photo.jpg", maxLength: 1024)
    state.mealLogEntry = entry
    let context = Self.context(canLogMeals: true)

    let asked = state.reduce(.key(.enter), now: Self.now, context: context)
    #expect(asked == [.checkPhoto(path: "/no/such/photo.jpg")])
    #expect(state.mealLogEntry?.food != nil)

    let refused = state.reduce(
      .photoChecked(path: "/no/such/photo.jpg", readable: false), now: Self.now, context: context)
    #expect(refused == [])
    #expect(
      state.mealLogEntry?.problem
        == Self.english(.nutritionNoPhotoFile, ["path": "/no/such/photo.jpg"]))
  }
}
