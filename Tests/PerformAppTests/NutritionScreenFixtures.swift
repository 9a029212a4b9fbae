import Foundation
import LiveWorkoutScreens
import NutritionScreens
import PerformApp
import PerformTestSupport
import TerminalScreens
import TerminalUI
import Testing
import TraineeAPI
import TraineeClient

@testable import NutritionLog

/// A host that records what the Nutrition screen asked of it.
@MainActor
final class NutritionTestHost: ScreenHost {
  private(set) var redraws = 0
  private(set) var messages: [String] = []

  func setNeedsRedraw() { redraws += 1 }
  func ringBell() {}
  func show(message: String) { messages.append(message) }
}

/// A nutrition day server in memory: keeps days per date, records every save, and can be
/// unreachable.
actor FakeNutritionDays: NutritionDayTransport {
  private(set) var days: [CalendarDay: NutritionDaySnapshot]
  private(set) var puts: [CalendarDay] = []
  private var offline = false

  init(days: [CalendarDay: NutritionDaySnapshot] = [:]) {
    self.days = days
  }

  func setOffline(_ isOffline: Bool) { offline = isOffline }

  func getDay(date: CalendarDay) async throws(NutritionDayTransportError) -> NutritionDayResponse {
    if offline { throw .offline }
    return NutritionDayResponse(date: date, data: days[date])
  }

  func putDay(
    date: CalendarDay, snapshot: NutritionDaySnapshot
  ) async throws(NutritionDayTransportError) {
    puts.append(date)
    if offline { throw .offline }
    days[date] = snapshot
  }
}

/// Plans, diaries and a food catalog in memory, recording the searches.
actor FakeNutritionAPI: NutritionAPI {
  private(set) var searches: [String] = []
  private var planFailures = 0
  private let plans: NutritionPlansDto
  private let menus: [String: NutritionMenuDto]
  private let foods: [FoodDto]

  init(plans: NutritionPlansDto, menus: [String: NutritionMenuDto] = [:], foods: [FoodDto]) {
    self.plans = plans
    self.menus = menus
    self.foods = foods
  }

  /// Fails the next `count` plan loads as offline.
  func failPlans(_ count: Int) { planFailures = count }

  /// When the last good copy of the plans was fetched, if one is kept: answered while plan
  /// loads fail.
  private var plansCopyFetchedAt: Date?
  func keepPlansCopy(fetchedAt: Date) { plansCopyFetchedAt = fetchedAt }

  func keptNutritionPlans() async throws(TraineeAPIError) -> KeptAnswer<NutritionPlansDto> {
    do {
      return KeptAnswer(value: try await nutritionPlans(), fetchedAt: NutritionScreenHarness.now)
    } catch {
      guard let plansCopyFetchedAt else { throw error }
      return KeptAnswer(value: plans, fetchedAt: plansCopyFetchedAt, failure: error)
    }
  }

  /// How many times the plans were asked for.
  private(set) var planLoads = 0

  func nutritionPlans() async throws(TraineeAPIError) -> NutritionPlansDto {
    planLoads += 1
    if planFailures > 0 {
      planFailures -= 1
      throw .offline
    }
    return plans
  }

  func nutritionMenu(
    date: String, hint: PlanDayHint?
  ) async throws(TraineeAPIError) -> NutritionMenuDto {
    guard let menu = menus[date] else { throw .http(status: 404, error: nil) }
    return menu
  }

  func searchFoods(_ query: String, limit: Int?) async throws(TraineeAPIError) -> FoodSearchDto {
    searches.append(query)
    let words = query.lowercased().split(separator: " ")
    return FoodSearchDto(
      foods: foods.filter { food in words.allSatisfy { food.name.lowercased().contains($0) } })
  }

  func food(barcode: String) async throws(TraineeAPIError) -> FoodDto {
    guard let food = foods.first(where: { $0.barcode == barcode }) else {
      throw .http(status: 404, error: APIErrorBody(code: "not_found", message: "No such food."))
    }
    return food
  }
}

/// The Nutrition screen on fakes: today is Monday 5 January 2026, 10:00 UTC; the plan is the
/// demo trainee's "Lean cut" with a training day and a rest day.
@MainActor
final class NutritionScreenHarness {
  nonisolated static let today = CalendarDay(year: 2026, month: 1, day: 5)!
  /// 2026-01-05T10:00:00Z.
  nonisolated static let now = Date(timeIntervalSince1970: 1_767_607_200)

  let clock = ManualClock()
  let days: FakeNutritionDays
  let api: FakeNutritionAPI
  let host = NutritionTestHost()
  let sync: NutritionSync
  let dataDirectory: URL
  /// The wall clock the screen and the sync read: `now` unless a test moves it.
  let wall: @Sendable () -> Date
  private var openScreen: NutritionScreen?
  private var ids = 0

  init(
    serverDays: [CalendarDay: NutritionDaySnapshot] = [:],
    menus: [String: NutritionMenuDto] = [:], preferredDay: PreferredNutritionDay? = nil,
    wall: @escaping @Sendable () -> Date = { NutritionScreenHarness.now }
  ) throws {
    self.wall = wall
    days = FakeNutritionDays(days: serverDays)
    api = FakeNutritionAPI(
      plans: NutritionFixtures.plans, menus: menus, foods: NutritionFixtures.foods)
    sync = NutritionSync(transport: days, clock: clock) {
      NutritionCalendar(timeZone: TimeZone(identifier: "UTC")!).day(of: wall())
    }
    dataDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("nutrition-screen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    if let preferredDay {
      try PreferredDayFile(directory: dataDirectory).save(preferredDay, now: Self.now)
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: dataDirectory)
  }

  /// Opens the screen and waits until the plans are in and today is loaded.
  func start() async {
    open()
    #expect(await settle { self.text.contains("Breakfast") && self.text.contains("saved") })
  }

  /// Opens the screen.
  func open() {
    let environment = NutritionScreenEnvironment(
      sync: sync, dayTransport: days, api: api, dataDirectory: dataDirectory,
      now: wall, timeZone: { TimeZone(identifier: "UTC")! },
      newID: { [unowned self] in
        ids += 1
        return "id\(ids)"
      })
    openScreen = NutritionScreen(environment: environment, host: host)
    // The fixtures' trainee writes dates as in Britain (`Mon, 5 Jan 2026`, `08:30`);
    // `RegionDatesTests` checks the other regions.
    openScreen?.region = "GB"
  }

  /// The screen, once `open()`.
  var screen: NutritionScreen { openScreen! }

  /// The body's plain text on a roomy terminal.
  var text: String {
    screen.body(size: TerminalSize(rows: 60, columns: 110), now: wall()).plainText
  }

  /// The store's snapshot of `day` (today by default).
  func snapshot(_ day: CalendarDay = today) -> NutritionDaySnapshot {
    sync.edits.collectDaySnapshot(day.dayKey.rawValue)
  }

  /// Presses `keys` in order.
  func press(_ keys: Key...) {
    for key in keys { _ = screen.handle(key, now: wall()) }
  }

  /// Types `text` one character at a time.
  func type(_ text: String) {
    for character in text { _ = screen.handle(.character(character), now: wall()) }
  }

  /// Waits until `condition` holds; returns whether it did.
  ///
  /// The sync engine's work is awaited exactly (`untilSyncSettled()`). The screen's own work
  /// (loading the plans, a menu, an older day, a search) runs on tasks it does not expose, so
  /// for that the condition is polled, for at most ten seconds of real time.
  func settle(_ condition: () -> Bool) async -> Bool {
    await until {
      await untilSyncSettled()
      return condition()
    }
  }

  /// Waits until every timer of the sync engine that the clock has reached has fired, and then
  /// until every fetch and save it started has ended and its answer was taken in.
  ///
  /// NB: `clock.advance(by:)` wakes a timer's task that is already sleeping and leaves the others
  /// to find the deadline passed when they reach the clock; either way, once the task has ended,
  /// every timer due by then has fired (docs/decisions/the-nutrition-day.md, "Nutrition sync: order
  /// and timers").
  func untilSyncSettled() async {
    for task in sync.timerTasks(dueBy: sync.elapsed()) { await task.value }
    await sync.untilCallsRunning(atMost: 0)
  }
}

/// The demo trainee's plan and a small food catalog.
enum NutritionFixtures {
  static let plans: NutritionPlansDto = decode(
    """
    { "plans": [ { "id": "np_cut", "name": "Lean cut", "days": [
      { "id": "nd_training", "label": "Training day",
        "targets": { "kcal": 2400, "protein": 180, "carbs": 250, "fat": 70 },
        "meals": [
          { "id": "m_breakfast", "name": "Breakfast", "time": "08:00", "items": [
            { "id": "it_oats", "options": [
              { "id": "o_oats", "name": "Oats", "foodId": "f_oats", "qty": 80, "unit": "g",
                "kcal": 303, "protein": 10.5, "carbs": 53, "fat": 5.5 },
              { "id": "o_muesli", "name": "Muesli", "foodId": "f_muesli", "qty": 80, "unit": "g",
                "kcal": 290, "protein": 8, "carbs": 53, "fat": 4.6 } ] },
            { "id": "it_skyr", "options": [
              { "id": "o_skyr", "name": "Skyr", "foodId": "f_skyr", "qty": 250, "unit": "g",
                "kcal": 158, "protein": 27.5, "carbs": 10, "fat": 0.5 } ] } ] },
          { "id": "m_lunch", "name": "Lunch", "time": "12:30", "items": [
            { "id": "it_chicken", "options": [
              { "id": "o_chicken", "name": "Chicken breast", "foodId": "f_chicken", "qty": 180,
                "unit": "g", "kcal": 297, "protein": 56, "carbs": 0, "fat": 6.5 } ] },
            { "id": "it_rice", "options": [
              { "id": "o_rice", "name": "Cooked rice", "foodId": "f_rice", "qty": 250,
                "unit": "g", "kcal": 325, "protein": 6.8, "carbs": 70, "fat": 0.8 } ] } ] } ] },
      { "id": "nd_rest", "label": "Rest day",
        "targets": { "kcal": 2000, "protein": 170, "carbs": 180, "fat": 65 },
        "meals": [
          { "id": "m_brunch", "name": "Brunch", "time": "11:00", "items": [
            { "id": "it_eggs", "options": [
              { "id": "o_eggs", "name": "Eggs", "foodId": "f_eggs", "qty": 3, "unit": "pcs",
                "kcal": 215, "protein": 19, "carbs": 1, "fat": 15 } ] } ] } ] } ] } ] }
    """)

  static let chicken = FoodDto(
    id: "f_chicken", name: "Chicken breast", barcode: "4000000000017",
    per100g: MacrosDto(kcal: 165, protein: 31, carbs: 0, fat: 3.6))
  static let banana = FoodDto(
    id: "f_banana", name: "Banana",
    per100g: MacrosDto(kcal: 89, protein: 1.1, carbs: 22.8, fat: 0.3))
  static let foods = [chicken, banana]

  static func decode<T: Decodable>(_ json: String) -> T {
    try! JSONDecoder().decode(T.self, from: Data(json.utf8))
  }
}
