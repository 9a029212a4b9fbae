import Foundation
import PerformTestSupport
import Testing
import TraineeAPI

@testable import NutritionLog

/// The read-only day: edits refused before they reach the store on read-only and future days,
/// and the day rendered from the saved snapshot or, without one, from the menu.
struct ReadOnlyDayTests {
  typealias S = NutritionEditsSamples
  typealias P = NutritionEditsPreferredDayTests

  static let today = Wall.day("2026-01-05")

  // MARK: The gate

  static var everyEdit: [NutritionEdit] { P.eatingEdits + P.otherEdits }

  @Test(arguments: ["2026-01-03", "2025-12-31", "2026-01-06", "2026-02-01"])
  func editsOnAReadOnlyOrFutureDayAreRefusedAndChangeNothing(date: String) {
    let day = Wall.day(date)
    let state = S.applying(
      [.setEaten(itemId: "it1", eaten: true), .addFood(mealId: "m1", item: S.apple)],
      on: day.dayKey.rawValue)
    let expected: NutritionEditRefusal =
      day > Self.today
      ? .futureDay(date: day, today: Self.today) : .readOnlyDay(date: day, today: Self.today)
    for edit in Self.everyEdit {
      var edits = state
      #expect(throws: expected) { try edits.edit(edit, on: day, at: S.onToday) }
      #expect(edits == state)
    }
    #expect(expected.message.contains(date))
    #expect(["readOnlyDay", "futureDay"].contains(expected.code))
  }

  @Test(arguments: ["2026-01-05", "2026-01-04"])
  func todayAndYesterdayPassTheGate(date: String) throws {
    let day = Wall.day(date)
    var edits = S.viewing()
    let effects = try edits.edit(.setEaten(itemId: "it1", eaten: true), on: day, at: S.onToday)
    #expect(edits.eaten == [eatenKey(day.dayKey, "it1"): true])
    // Eating on today (with the tab on today) locks the preferred day; yesterday does not.
    #expect(effects.isEmpty == (day != Self.today))
  }

  @Test func theEditsOwnRefusalIsThrownToo() {
    var edits = S.viewing()
    #expect(throws: NutritionEditRefusal.emptyId(field: "itemId")) {
      try edits.edit(.setEaten(itemId: "", eaten: true), on: Self.today, at: S.onToday)
    }
    let iso = EditMoment(
      now: S.now, todayKey: "2026-01-05", shownKey: S.today, nextRollover: S.nextRollover)
    #expect(throws: NutritionEditRefusal.invalidDateKey("2026-01-05")) {
      try edits.edit(.setEaten(itemId: "it1", eaten: true), on: Self.today, at: iso)
    }
    #expect(edits == S.viewing())
  }

  /// Berlin, 00:30 on 6 January: today is the 6th, so the 4th has just become read-only while
  /// the preferred day of the 5th still holds until 05:00.
  @Test func afterMidnightInBerlinTheDayBeforeYesterdayIsReadOnly() throws {
    let night = Wall.at("2026-01-06T00:30:00+01:00")
    let calendar = Wall.berlin
    let today = calendar.day(of: night)
    let moment = EditMoment(
      now: night, todayKey: today.dayKey.rawValue, shownKey: today.dayKey.rawValue,
      nextRollover: calendar.nextNutritionRollover(after: night))
    var edits = NutritionEdits()
    #expect(throws: NutritionEditRefusal.readOnlyDay(date: Wall.day("2026-01-04"), today: today)) {
      try edits.edit(.setEaten(itemId: "it1", eaten: true), on: Wall.day("2026-01-04"), at: moment)
    }
    _ = try edits.edit(
      .setEaten(itemId: "it1", eaten: true), on: Wall.day("2026-01-05"), at: moment)
    #expect(edits.eaten == ["2026-0-5__it1": true])
    // At 23:30 the evening before, the 4th was yesterday and editable.
    let evening = Wall.at("2026-01-05T23:30:00+01:00")
    #expect(checkEditableDayOrNil(Wall.day("2026-01-04"), today: calendar.day(of: evening)) == nil)
  }

  func checkEditableDayOrNil(_ day: CalendarDay, today: CalendarDay) -> NutritionEditRefusal? {
    do {
      try checkEditableDay(day, today: today)
      return nil
    } catch {
      return error
    }
  }

  @MainActor
  @Test func theSyncEngineRefusesAndSavesNothing() async throws {
    let harness = NutritionSyncHarness()
    let readOnly = Wall.day("2026-01-02")
    await harness.show(readOnly)
    await harness.show(NutritionSyncHarness.today)
    let before = harness.sync.edits
    for day in [readOnly, NutritionSyncHarness.tomorrow] {
      #expect(throws: NutritionEditRefusal.self) {
        try harness.sync.edit(.setItemRemoved(itemId: "it1", removed: true), on: day, at: S.onToday)
      }
    }
    #expect(harness.sync.edits == before)
    await harness.advance(2_000)
    #expect(await harness.puts.isEmpty)
    // Today goes through and is saved.
    try harness.sync.edit(
      .setItemRemoved(itemId: "it1", removed: true), on: NutritionSyncHarness.today, at: S.onToday)
    await harness.advance(700)
    let puts = await harness.untilPuts(1)
    #expect(puts.map(\.date) == [NutritionSyncHarness.today])
  }

  // MARK: From the saved day

  static let oats = NutritionOptionDto(
    id: "o_oats", name: "Oats", foodId: "f_oats", qty: 80, unit: "g", kcal: 300, protein: 10,
    carbs: 54, fat: 6)
  static let muesli = NutritionOptionDto(
    id: "o_muesli", name: "Muesli", foodId: "f_muesli", qty: 80, unit: "g", kcal: 320,
    protein: 9, carbs: 58, fat: 7)
  static let skyr = NutritionOptionDto(
    id: "o_skyr", name: "Skyr", foodId: "f_skyr", qty: 150, unit: "g", kcal: 95, protein: 16,
    carbs: 6, fat: 0)
  static let chicken = NutritionOptionDto(
    id: "o_chicken", name: "Chicken", foodId: "f_chicken", qty: 100, unit: "g", kcal: 165,
    protein: 31, carbs: 0, fat: 4)
  static let targets = NutritionTargetsDto(kcal: 2400, protein: 180, carbs: 250, fat: 70)
  static let trainingDay = NutritionPlanDayDto(
    id: "nd1", label: "Training day", targets: targets,
    meals: [
      NutritionMealDto(
        id: "m1", name: "Breakfast", time: "08:00",
        items: [
          NutritionItemDto(id: "it1", options: [oats, muesli]),
          NutritionItemDto(id: "it2", options: [skyr]),
        ]),
      NutritionMealDto(
        id: "m2", name: "Lunch", time: "13:00",
        items: [NutritionItemDto(id: "it3", options: [chicken])]),
      NutritionMealDto(
        id: "m3", name: "Dinner", items: [NutritionItemDto(id: "it4", options: [chicken])]),
      NutritionMealDto(
        id: "m4", name: "Snack", items: [NutritionItemDto(id: "it5", options: [skyr])]),
    ])
  static let restDay = NutritionPlanDayDto(id: "nd2", label: "Rest day", meals: [])
  static let plans = [NutritionPlanDto(id: "np1", name: "Cut", days: [restDay, trainingDay])]

  /// 2 January 2026 (`2026-0-2`): oats swapped to muesli at 120 g and ticked, skyr removed,
  /// lunch eaten outside, dinner replaced by pizza, the snack meal deleted, an apple added to
  /// breakfast (not eaten), a banana to a meal the plan lacks, a composed meal; plus an entry of
  /// another date that must not show.
  static let saved = NutritionDaySnapshot(
    eaten: [
      "2026-0-2__it1": true, "2026-0-2__it2": true, "2026-0-2__it5": true, "2026-0-3__it3": true,
    ],
    swaps: ["2026-0-2__it1": "o_muesli"],
    removed: ["2026-0-2__it2": true],
    aiMeals: [
      "2026-0-2__m1": [S.apple.with(eaten: false)], "2026-0-2__m9": [S.banana],
    ],
    mealStatus: ["2026-0-2__m2": .eatenOutside, "2026-0-2__m3": .replaced],
    replacement: ["2026-0-2__m3": S.pizza],
    removedMeals: ["2026-0-2__m4": true],
    customMeals: ["2026-0-2__c1": S.snack],
    portions: ["2026-0-2__it1": ItemPortion(foodId: "f_muesli", qty: 120)])

  @Test func theSavedDayIsRenderedFromItsEdits() throws {
    let date = Wall.day("2026-01-02")
    let plan = PlanDayChoice(planId: "np1", day: Self.trainingDay)
    let day = ReadOnlyDay.fromSavedDay(date: date, snapshot: Self.saved, plan: plan)
    #expect(day.source == .savedDay)
    #expect(day.planId == "np1" && day.dayId == "nd1")
    #expect(day.meals.map(\.id) == ["m1", "m2", "m3", "m4"])
    let breakfast = day.meals[0]
    let muesli = breakfast.items[0]
    #expect(muesli.optionId == "o_muesli" && muesli.name == "Muesli" && muesli.swapped)
    #expect(muesli.qty == 120 && muesli.eaten && !muesli.removed)
    #expect(muesli.macros == MacrosDto(kcal: 480, protein: 13.5, carbs: 87, fat: 10.5))
    #expect(breakfast.items[1].removed && breakfast.items[1].eaten)
    #expect(
      breakfast.added == [MenuFoodDto(id: "a1", name: "Apple", macros: Self.apple, eaten: false)])
    // Breakfast counts the muesli only: the skyr is removed, the apple not eaten.
    #expect(breakfast.eaten == muesli.macros)
    let lunch = day.meals[1]
    #expect(lunch.status == .eatenOutside && lunch.items[0].eaten)
    #expect(lunch.eaten == MacrosDto(kcal: 165, protein: 31, carbs: 0, fat: 4))
    let dinner = day.meals[2]
    #expect(dinner.status == .replaced && dinner.replacement?.name == "Pizza")
    #expect(dinner.eaten == MacrosDto(kcal: 800, protein: 30, carbs: 90, fat: 35))
    let snack = day.meals[3]
    #expect(snack.removed && snack.items[0].eaten && snack.eaten == MacrosDto())
    #expect(day.otherFoods.keys.sorted() == ["m9"])
    #expect(day.customMeals.map(\.id) == ["c1"])
    #expect(day.logs.isEmpty)
    // 480 + 165 + 800 + banana 89 + the snack meal's apple 52 and banana 89.
    #expect(day.totals.eaten.kcal == 480 + 165 + 800 + 89 + 52 + 89)
    #expect(day.totals.targets == Self.targets)
    #expect(day.totals.kcal.remaining == 2400 - day.totals.eaten.kcal)
    #expect(day.totals.protein.fraction == day.totals.eaten.protein / 180)
  }

  static let apple = MacrosDto(kcal: 52, protein: 0.3, carbs: 14, fat: 0.2)

  @Test func aSwapThePlanLacksUsesTheDaysRenderData() {
    let date = Wall.day("2026-01-02")
    let alternative = NutritionOptionDto(
      id: "auto_1", name: "Granola", foodId: "f_granola", qty: 60, kcal: 270)
    let snapshot = NutritionDaySnapshot(
      eaten: ["2026-0-2__it1": true], swaps: ["2026-0-2__it1": "auto_1"])
    let plan = PlanDayChoice(planId: "np1", day: Self.trainingDay)
    let rendered = ReadOnlyDay.fromSavedDay(
      date: date, snapshot: snapshot, swapOptions: ["it1": alternative], plan: plan)
    #expect(rendered.meals[0].items[0].name == "Granola")
    #expect(rendered.totals.eaten.kcal == 270)
    // Without render data the main option shows, as the server counts it.
    let bare = ReadOnlyDay.fromSavedDay(date: date, snapshot: snapshot, plan: plan)
    #expect(bare.meals[0].items[0].optionId == "o_oats" && bare.meals[0].items[0].swapped)
    #expect(bare.totals.eaten.kcal == 300)
  }

  @Test func aPortionOnAnotherFoodIsNotApplied() {
    let date = Wall.day("2026-01-02")
    let snapshot = NutritionDaySnapshot(
      eaten: ["2026-0-2__it1": true],
      portions: ["2026-0-2__it1": ItemPortion(foodId: "f_x", qty: 10)])
    let day = ReadOnlyDay.fromSavedDay(
      date: date, snapshot: snapshot, plan: PlanDayChoice(planId: "np1", day: Self.trainingDay))
    #expect(day.meals[0].items[0].qty == 80 && day.totals.eaten.kcal == 300)
  }

  @Test func withoutAPlanOnlyAddedFoodsAndComposedMealsShow() {
    let day = ReadOnlyDay.fromSavedDay(
      date: Wall.day("2026-01-02"), snapshot: Self.saved, plan: nil)
    #expect(day.meals.isEmpty && day.planId == nil && day.totals.targets == nil)
    #expect(day.otherFoods.keys.sorted() == ["m1", "m9"])
    #expect(day.totals.kcal.remaining == nil && day.totals.kcal.fraction == nil)
  }

  @Test func thePlanDayIsTheOneInViewElseTheOneTheSnapshotNames() {
    let key = "2026-0-2"
    let viewing = PlanDayHint(planId: "np1", dayId: "nd2")
    #expect(
      PlanDayChoice.choose(Self.plans, hint: viewing, snapshot: Self.saved, dateKey: key)?.day.id
        == "nd2")
    #expect(
      PlanDayChoice.choose(Self.plans, hint: nil, snapshot: Self.saved, dateKey: key)?.day.id
        == "nd1")
    let unknown = PlanDayHint(planId: "np9", dayId: "nd1")
    #expect(
      PlanDayChoice.choose(Self.plans, hint: unknown, snapshot: .empty, dateKey: key)?.day.id
        == "nd2")
    #expect(PlanDayChoice.choose([], hint: viewing, snapshot: Self.saved, dateKey: key) == nil)
  }

  // MARK: From the menu

  static let menuJSON = """
    { "date": "2026-01-02", "planId": "np1", "dayId": "nd1",
      "meals": [
        { "id": "m1", "name": "Breakfast", "time": "08:00", "status": "PLANNED", "removed": false,
          "items": [ { "id": "it1", "optionId": "o_muesli", "name": "Muesli", "foodId": "f_muesli",
            "qty": 120, "unit": "g", "kcal": 480, "protein": 13.5, "carbs": 87, "fat": 10.5,
            "swapped": true, "eaten": true, "removed": false } ],
          "added": [ { "id": "a1", "name": "Apple", "kcal": 52, "eaten": false } ] },
        { "id": "m3", "name": "Dinner", "status": "REPLACED", "removed": false, "items": [],
          "added": [], "replacement": { "id": "r1", "name": "Pizza", "kcal": 800, "eaten": true } }
      ],
      "otherFoods": { "m9": [ { "id": "b1", "name": "Banana", "kcal": 89 } ] },
      "customMeals": [ { "id": "c1", "label": "Snack", "logId": "7", "items": [] } ],
      "logs": [ { "id": "7", "consumedAt": "2026-01-02T12:00:00+01:00", "items": [],
        "kcal": 400, "counted": false } ],
      "eaten": { "kcal": 1369, "protein": 13.5, "carbs": 87, "fat": 10.5 } }
    """

  static func menu(_ json: String = menuJSON) throws -> NutritionMenuDto {
    try JSONDecoder().decode(NutritionMenuDto.self, from: Data(json.utf8))
  }

  @Test func withoutASnapshotTheMenuIsShown() throws {
    let day = try ReadOnlyDay.fromMenu(
      Self.menu(), date: Wall.day("2026-01-02"), targets: Self.targets)
    #expect(day.source == .menu && day.planId == "np1" && day.dayId == "nd1")
    let item = day.meals[0].items[0]
    #expect(item.optionId == "o_muesli" && item.qty == 120 && item.swapped && item.eaten)
    #expect(day.meals[0].added.map(\.eaten) == [false])
    #expect(day.meals[0].eaten.kcal == 480)
    #expect(day.meals[1].status == .replaced && day.meals[1].eaten.kcal == 800)
    #expect(day.otherFoods["m9"]?.first?.eaten == true)
    #expect(day.customMeals.first?.logId == "7")
    #expect(
      day.logs == [
        MenuLogDto(
          id: "7", consumedAt: "2026-01-02T12:00:00+01:00", macros: MacrosDto(kcal: 400),
          counted: false)
      ])
    // The totals are the server's, which count each meal log once.
    #expect(day.totals.eaten.kcal == 1369)
    #expect(day.totals.kcal.remaining == Double(2400 - 1369))
  }

  @Test func aMenuOfAnotherDayOrWithAnUnknownStatusIsRefused() throws {
    #expect(
      throws: ReadOnlyDayError.menuDateMismatch(
        asked: Wall.day("2026-01-03"), answered: "2026-01-02")
    ) {
      try ReadOnlyDay.fromMenu(Self.menu(), date: Wall.day("2026-01-03"), targets: nil)
    }
    let odd = Self.menuJSON.replacingOccurrences(of: "PLANNED", with: "SKIPPED")
    #expect(throws: ReadOnlyDayError.unknownMealStatus(mealId: "m1", status: "SKIPPED")) {
      try ReadOnlyDay.fromMenu(Self.menu(odd), date: Wall.day("2026-01-02"), targets: nil)
    }
  }

  // MARK: Choosing the source

  /// Every menu request: the date and the hint.
  actor MenuCalls {
    var calls: [(CalendarDay, PlanDayHint?)] = []
    func record(_ date: CalendarDay, _ hint: PlanDayHint?) { calls.append((date, hint)) }
  }

  @Test func aSavedSnapshotIsUsedAndTheMenuIsNotAsked() async throws {
    let date = Wall.day("2026-01-02")
    let transport = FakeDayTransport(days: [date: Self.saved], now: { .zero })
    let calls = MenuCalls()
    let day = try await ReadOnlyDay.load(
      date, plans: Self.plans, viewing: nil, transport: transport
    ) { date, hint in
      await calls.record(date, hint)
      return try Self.menu()
    }
    #expect(day.source == .savedDay && day.dayId == "nd1")
    #expect(await calls.calls.isEmpty)
    #expect(await transport.gets == [date])
  }

  @Test func noSnapshotAsksTheMenuWithTheHint() async throws {
    let date = Wall.day("2026-01-02")
    let transport = FakeDayTransport(now: { .zero })
    let calls = MenuCalls()
    let viewing = PlanDayHint(planId: "np1", dayId: "nd1")
    let day = try await ReadOnlyDay.load(
      date, plans: Self.plans, viewing: viewing, transport: transport
    ) { date, hint in
      await calls.record(date, hint)
      return try Self.menu()
    }
    #expect(day.source == .menu && day.totals.targets == Self.targets)
    let recorded = await calls.calls
    #expect(recorded.count == 1 && recorded.first?.0 == date && recorded.first?.1 == viewing)
  }

  @Test func failuresSayWhichCallFailed() async throws {
    let date = Wall.day("2026-01-02")
    let transport = FakeDayTransport(now: { .zero })
    await transport.setOffline(true)
    await #expect(throws: ReadOnlyDayLoadError.day(.offline)) {
      try await ReadOnlyDay.load(date, plans: [], viewing: nil, transport: transport) { _, _ in
        try Self.menu()
      }
    }
    await transport.setOffline(false)
    await #expect(throws: ReadOnlyDayLoadError.self) {
      try await ReadOnlyDay.load(date, plans: [], viewing: nil, transport: transport) { _, _ in
        try Self.menu(#"{"date":"2026-01-03"}"#)
      }
    }
  }
}

extension CustomMealItem {
  fileprivate func with(eaten: Bool?) -> CustomMealItem {
    var copy = self
    copy.eaten = eaten
    return copy
  }
}
