import Foundation
import Testing

@testable import NutritionLog
@testable import TraineeAPI
@testable import TraineeClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `setTodayPick`, `homeDayHintOf` and the home request's `planId`/`dayId` hint
/// (docs/specs/nutrition-day.md, "The preferred day and the home hint").
struct HomeDayHintTests {
  typealias S = NutritionEditsSamples

  static let preferred = PreferredNutritionDay(
    planId: "np1", dayId: "nd_rest", untilMs: S.nextRolloverMs)

  @Test func noPickAndNoPreferredDayIsNoHint() {
    #expect(homeDayHintOf(NutritionEdits(), todayKey: S.today) == nil)
  }

  @Test func todaysPickComesFirst() throws {
    var edits = NutritionEdits()
    edits.restorePreferredDay(Self.preferred)
    #expect(try edits.setTodayPick(planId: "np1", dayId: "nd_train", at: S.onToday))
    #expect(
      edits.todayPick == TodayNutritionDay(dateKey: S.today, planId: "np1", dayId: "nd_train"))
    #expect(
      homeDayHintOf(edits, todayKey: S.today) == PlanDayHint(planId: "np1", dayId: "nd_train"))
  }

  @Test func aPickOfAnotherDayFallsBackToThePreferredDay() throws {
    var edits = NutritionEdits()
    try edits.setTodayPick(planId: "np1", dayId: "nd_train", at: S.onToday)
    edits.restorePreferredDay(Self.preferred)
    #expect(
      homeDayHintOf(edits, todayKey: "2026-0-6") == PlanDayHint(planId: "np1", dayId: "nd_rest"))
    edits.restorePreferredDay(nil)
    #expect(homeDayHintOf(edits, todayKey: "2026-0-6") == nil)
  }

  @Test func thePreferredDayCountsWhileSetAndGoesWithItsExpiry() {
    var edits = NutritionEdits()
    edits.restorePreferredDay(Self.preferred)
    // The spec reads the state only: a set preferred day is the hint until refreshToday drops it.
    #expect(homeDayHintOf(edits, todayKey: "2026-0-6") != nil)
    let expired = edits.expirePreferredDay(now: S.nextRollover)
    #expect(expired)
    #expect(homeDayHintOf(edits, todayKey: "2026-0-6") == nil)
  }

  @Test func aPickIsRecordedOnlyWhileTheTabShowsToday() throws {
    var edits = NutritionEdits()
    #expect(try edits.setTodayPick(planId: "np1", dayId: "nd1", at: S.onYesterday) == false)
    #expect(edits.todayPick == nil)
    try edits.setTodayPick(planId: "np1", dayId: "nd1", at: S.onToday)
    try edits.setTodayPick(planId: "np1", dayId: "nd2", at: S.onToday)
    #expect(edits.todayPick?.dayId == "nd2")
    edits.clearTodayPick()
    #expect(edits.todayPick == nil)
  }

  @Test func aBadPickIsRefusedAndChangesNothing() throws {
    var edits = NutritionEdits()
    try edits.setTodayPick(planId: "np1", dayId: "nd1", at: S.onToday)
    let before = edits
    #expect(throws: NutritionEditRefusal.emptyId(field: "planId")) {
      try edits.setTodayPick(planId: "", dayId: "nd2", at: S.onToday)
    }
    #expect(throws: NutritionEditRefusal.emptyId(field: "dayId")) {
      try edits.setTodayPick(planId: "np1", dayId: "", at: S.onToday)
    }
    let iso = EditMoment(
      now: S.now, todayKey: "2026-01-05", shownKey: "2026-01-05", nextRollover: S.nextRollover)
    #expect(throws: NutritionEditRefusal.invalidDateKey("2026-01-05")) {
      try edits.setTodayPick(planId: "np1", dayId: "nd2", at: iso)
    }
    #expect(edits == before)
  }

  @Test func clearForgetsThePick() throws {
    var edits = NutritionEdits()
    try edits.setTodayPick(planId: "np1", dayId: "nd1", at: S.onToday)
    _ = edits.clear()
    #expect(edits.todayPick == nil)
    #expect(homeDayHintOf(edits, todayKey: S.today) == nil)
  }

  /// A late dinner: picked at 23:30 on the 5th in Berlin; after midnight the pick is yesterday's,
  /// and the preferred day locked by the dinner holds until 05:00.
  @Test func aroundMidnightAndFiveInBerlin() throws {
    let evening = Wall.at("2026-01-05T23:30:00+01:00")
    let calendar = Wall.berlin
    var edits = NutritionEdits()
    edits.view(planId: "np1", dayId: "nd_train")
    let key = calendar.dateKeyOf(evening).rawValue
    let moment = EditMoment(
      now: evening, todayKey: key, shownKey: key,
      nextRollover: calendar.nextNutritionRollover(after: evening))
    try edits.setTodayPick(planId: "np1", dayId: "nd_train", at: moment)
    _ = edits.apply(.setEaten(itemId: "it1", eaten: true), dateKey: key, at: moment)
    let train = PlanDayHint(planId: "np1", dayId: "nd_train")
    #expect(homeDayHintOf(edits, now: evening, calendar: calendar) == train)
    // 00:30: the pick is of the 5th, today is the 6th; the preferred day answers.
    let night = Wall.at("2026-01-06T00:30:00+01:00")
    #expect(edits.todayPick?.dateKey == "2026-0-5")
    #expect(homeDayHintOf(edits, now: night, calendar: calendar) == train)
    // 05:00:00.250, refreshToday: the preferred day expires; no hint is left.
    let refresh = calendar.todayRefreshTime(after: night)
    #expect(refresh == Wall.at("2026-01-06T05:00:00.250+01:00"))
    edits.expirePreferredDay(now: refresh)
    #expect(homeDayHintOf(edits, now: refresh, calendar: calendar) == nil)
    // The same instant in New York is still the 5th: the pick answers there.
    #expect(homeDayHintOf(edits, now: refresh, calendar: Wall.newYork) == train)
  }

  // MARK: The home request

  /// Every request the fake transport was sent.
  final class Requests: @unchecked Sendable {
    // @unchecked: `urls` is only touched under `lock`.
    private let lock = NSLock()
    private var urls: [URL] = []

    func record(_ url: URL?) {
      lock.lock()
      defer { lock.unlock() }
      if let url { urls.append(url) }
    }

    var all: [URL] {
      lock.lock()
      defer { lock.unlock() }
      return urls
    }
  }

  static func client(_ requests: Requests) -> TraineeAPIClient {
    TraineeAPIClient(
      baseURL: URL(string: "http://127.0.0.1:1")!, token: "t",
      timeZone: { TimeZone(identifier: "Europe/Berlin")! }
    ) { request in
      requests.record(request.url)
      let response = HTTPURLResponse(
        url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
      return (Data(#"{"date":"2026-01-05"}"#.utf8), response)
    }
  }

  @Test func theHomeRequestCarriesTheHintAsQueryParameters() async throws {
    let requests = Requests()
    var edits = NutritionEdits()
    try edits.setTodayPick(planId: "np 1+x", dayId: "nd1", at: S.onToday)
    _ = try await Self.client(requests).home(hint: homeDayHintOf(edits, todayKey: S.today))
    let url = try #require(requests.all.first)
    #expect(url.path == "/v1/trainee/home")
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
    #expect(
      items == [
        URLQueryItem(name: "planId", value: "np 1+x"), URLQueryItem(name: "dayId", value: "nd1"),
      ])
    #expect(url.query?.contains("%2B") == true)
  }

  @Test func withoutAHintTheHomeRequestHasNoParameters() async throws {
    let requests = Requests()
    _ = try await Self.client(requests).home(
      hint: homeDayHintOf(NutritionEdits(), todayKey: S.today))
    let url = try #require(requests.all.first)
    #expect(url.path == "/v1/trainee/home")
    #expect(url.query == nil)
  }
}
