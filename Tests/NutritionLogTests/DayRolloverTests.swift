import Foundation
import Testing

@testable import NutritionLog

/// The next midnight, the next 05:00 and the refresh after them.
struct RefreshTimes: Equatable, Sendable {
  var midnight: Date
  var rollover: Date
  var refreshAt: Date
}

/// An instant in a zone and its expected refresh times.
struct RefreshTimesCase: Sendable, CustomTestStringConvertible {
  var zone: String
  var now: String
  var times: RefreshTimes

  var testDescription: String { "after \(now) in \(zone)" }

  init(_ zone: String, _ now: String, midnight: String, rollover: String, refreshAt: String) {
    self.zone = zone
    self.now = now
    times = RefreshTimes(
      midnight: Wall.at(midnight), rollover: Wall.at(rollover), refreshAt: Wall.at(refreshAt))
  }
}

/// A call of `refreshToday` and what it should decide.
struct TodayRefreshCase: Sendable, CustomTestStringConvertible {
  let testDescription: String
  var zone = "Europe/Berlin"
  var previousToday: String?
  var selected: String?
  var preferredUntil: String?
  var now: String
  var today: String
  var shown: String
  var keepsPreferred = false
  var nextRefreshAt: String
}

/// The rollover: the next midnight and 05:00, the refresh 250 ms after the earlier, and
/// `refreshToday` as a function of the previous today, the selection, the preferred day and now.
struct DayRolloverTests {
  static let refreshTimes = [
    RefreshTimesCase(
      "Europe/Berlin", "2026-01-05T12:00:00Z", midnight: "2026-01-05T23:00:00Z",
      rollover: "2026-01-06T04:00:00Z", refreshAt: "2026-01-05T23:00:00.250Z"),
    RefreshTimesCase(
      "Europe/Berlin", "2026-01-05T23:30:00Z", midnight: "2026-01-06T23:00:00Z",
      rollover: "2026-01-06T04:00:00Z", refreshAt: "2026-01-06T04:00:00.250Z"),
    // Exactly 05:00: the next 05:00 is tomorrow's.
    RefreshTimesCase(
      "Europe/Berlin", "2026-01-06T04:00:00Z", midnight: "2026-01-06T23:00:00Z",
      rollover: "2026-01-07T04:00:00Z", refreshAt: "2026-01-06T23:00:00.250Z"),
    // Spring forward in Berlin: from 01:30 CET to 05:00 CEST is 2.5 hours.
    RefreshTimesCase(
      "Europe/Berlin", "2026-03-28T22:30:00Z", midnight: "2026-03-28T23:00:00Z",
      rollover: "2026-03-29T03:00:00Z", refreshAt: "2026-03-28T23:00:00.250Z"),
    RefreshTimesCase(
      "Europe/Berlin", "2026-03-29T00:30:00Z", midnight: "2026-03-29T22:00:00Z",
      rollover: "2026-03-29T03:00:00Z", refreshAt: "2026-03-29T03:00:00.250Z"),
    RefreshTimesCase(
      "Europe/Berlin", "2026-03-29T03:00:00.250Z", midnight: "2026-03-29T22:00:00Z",
      rollover: "2026-03-30T03:00:00Z", refreshAt: "2026-03-29T22:00:00.250Z"),
    // Fall back in Berlin: 02:30 happens twice, 05:00 CET once.
    RefreshTimesCase(
      "Europe/Berlin", "2026-10-24T22:00:00.250Z", midnight: "2026-10-25T23:00:00Z",
      rollover: "2026-10-25T04:00:00Z", refreshAt: "2026-10-25T04:00:00.250Z"),
    RefreshTimesCase(
      "Europe/Berlin", "2026-10-25T00:30:00Z", midnight: "2026-10-25T23:00:00Z",
      rollover: "2026-10-25T04:00:00Z", refreshAt: "2026-10-25T04:00:00.250Z"),
    RefreshTimesCase(
      "Europe/Berlin", "2026-10-25T01:30:00Z", midnight: "2026-10-25T23:00:00Z",
      rollover: "2026-10-25T04:00:00Z", refreshAt: "2026-10-25T04:00:00.250Z"),
    RefreshTimesCase(
      "Europe/Berlin", "2026-10-25T04:00:00.250Z", midnight: "2026-10-25T23:00:00Z",
      rollover: "2026-10-26T04:00:00Z", refreshAt: "2026-10-25T23:00:00.250Z"),
    // Spring forward in New York.
    RefreshTimesCase(
      "America/New_York", "2026-03-08T04:30:00Z", midnight: "2026-03-08T05:00:00Z",
      rollover: "2026-03-08T09:00:00Z", refreshAt: "2026-03-08T05:00:00.250Z"),
    RefreshTimesCase(
      "America/New_York", "2026-03-08T06:30:00Z", midnight: "2026-03-09T04:00:00Z",
      rollover: "2026-03-08T09:00:00Z", refreshAt: "2026-03-08T09:00:00.250Z"),
    RefreshTimesCase(
      "America/New_York", "2026-03-08T09:00:00.250Z", midnight: "2026-03-09T04:00:00Z",
      rollover: "2026-03-09T09:00:00Z", refreshAt: "2026-03-09T04:00:00.250Z"),
    // Fall back in New York: 01:30 happens twice.
    RefreshTimesCase(
      "America/New_York", "2026-11-01T04:00:00.250Z", midnight: "2026-11-02T05:00:00Z",
      rollover: "2026-11-01T10:00:00Z", refreshAt: "2026-11-01T10:00:00.250Z"),
    RefreshTimesCase(
      "America/New_York", "2026-11-01T05:30:00Z", midnight: "2026-11-02T05:00:00Z",
      rollover: "2026-11-01T10:00:00Z", refreshAt: "2026-11-01T10:00:00.250Z"),
    RefreshTimesCase(
      "America/New_York", "2026-11-01T06:30:00Z", midnight: "2026-11-02T05:00:00Z",
      rollover: "2026-11-01T10:00:00Z", refreshAt: "2026-11-01T10:00:00.250Z"),
    RefreshTimesCase(
      "America/New_York", "2026-11-01T10:00:00.250Z", midnight: "2026-11-02T05:00:00Z",
      rollover: "2026-11-02T10:00:00Z", refreshAt: "2026-11-02T05:00:00.250Z"),
  ]

  @Test(arguments: refreshTimes)
  func theRefreshIsAQuarterSecondAfterTheEarlierOfMidnightAndFive(_ row: RefreshTimesCase) {
    let calendar = Wall.calendar(row.zone)
    let now = Wall.at(row.now)
    let times = RefreshTimes(
      midnight: calendar.nextMidnight(after: now),
      rollover: calendar.nextNutritionRollover(after: now),
      refreshAt: calendar.todayRefreshTime(after: now))
    #expect(times == row.times)
    #expect(calendar.nextNutritionRefresh(after: now) == min(times.midnight, times.rollover))
  }

  @Test func refreshesChainThroughTheShortNightInBerlin() {
    var now = Wall.at("2026-03-28T12:00:00Z")
    var runs: [Date] = []
    var todays: [CalendarDay] = []
    for _ in 0..<5 {
      let refresh = refreshToday(
        previousToday: todays.last, selected: nil, preferredDay: nil, now: now,
        calendar: Wall.berlin)
      now = refresh.nextRefreshAt
      runs.append(now)
      todays.append(refresh.today)
    }
    #expect(
      runs
        == [
          "2026-03-28T23:00:00.250Z", "2026-03-29T03:00:00.250Z", "2026-03-29T22:00:00.250Z",
          "2026-03-30T03:00:00.250Z", "2026-03-30T22:00:00.250Z",
        ].map(Wall.at))
    #expect(
      todays
        == ["2026-03-28", "2026-03-29", "2026-03-29", "2026-03-30", "2026-03-30"].map(Wall.day)
    )
  }

  static let refreshCases = [
    TodayRefreshCase(
      testDescription: "on mount, today is the local date", previousToday: nil, selected: nil,
      now: "2026-01-05T11:00:00Z", today: "2026-01-05", shown: "2026-01-05",
      nextRefreshAt: "2026-01-05T23:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "at midnight today follows", previousToday: "2026-01-05", selected: nil,
      now: "2026-01-05T23:00:00.250Z", today: "2026-01-06", shown: "2026-01-06",
      nextRefreshAt: "2026-01-06T04:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "a selection of the previous today follows", previousToday: "2026-01-05",
      selected: "2026-01-05", now: "2026-01-05T23:00:00.250Z", today: "2026-01-06",
      shown: "2026-01-06", nextRefreshAt: "2026-01-06T04:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "a past selection stays, even once read-only", previousToday: "2026-01-05",
      selected: "2026-01-04", now: "2026-01-05T23:00:00.250Z", today: "2026-01-06",
      shown: "2026-01-04", nextRefreshAt: "2026-01-06T04:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "05:00 changes neither today nor the selection",
      previousToday: "2026-01-06", selected: "2026-01-05", now: "2026-01-06T04:00:00.250Z",
      today: "2026-01-06", shown: "2026-01-05", nextRefreshAt: "2026-01-06T23:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "a selection in the future after a clock rollback is pulled back",
      previousToday: "2026-01-07", selected: "2026-01-06", now: "2026-01-05T11:00:00Z",
      today: "2026-01-05", shown: "2026-01-05", nextRefreshAt: "2026-01-05T23:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "following today after a clock rollback goes back with it",
      previousToday: "2026-01-06", selected: nil, now: "2026-01-05T11:00:00Z",
      today: "2026-01-05", shown: "2026-01-05", nextRefreshAt: "2026-01-05T23:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "a selection in the future is pulled back even without a previous today",
      previousToday: nil, selected: "2026-01-09", now: "2026-01-05T11:00:00Z",
      today: "2026-01-05", shown: "2026-01-05", nextRefreshAt: "2026-01-05T23:00:00.250Z"),
    // Berlin at 00:30 on 6 January is New York at 18:30 on 5 January.
    TodayRefreshCase(
      testDescription: "travel Berlin -> New York moves today back and the tab with it",
      zone: "America/New_York", previousToday: "2026-01-06", selected: nil,
      now: "2026-01-05T23:30:00Z", today: "2026-01-05", shown: "2026-01-05",
      nextRefreshAt: "2026-01-06T05:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "travel Berlin -> New York: yesterday's selection becomes today",
      zone: "America/New_York", previousToday: "2026-01-06", selected: "2026-01-05",
      now: "2026-01-05T23:30:00Z", today: "2026-01-05", shown: "2026-01-05",
      nextRefreshAt: "2026-01-06T05:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "travel Berlin -> New York: an older selection stays",
      zone: "America/New_York", previousToday: "2026-01-06", selected: "2026-01-04",
      now: "2026-01-05T23:30:00Z", today: "2026-01-05", shown: "2026-01-04",
      nextRefreshAt: "2026-01-06T05:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "the preferred day holds past midnight",
      previousToday: "2026-01-05", selected: nil, preferredUntil: "2026-01-06T04:00:00Z",
      now: "2026-01-05T23:00:00.250Z", today: "2026-01-06", shown: "2026-01-06",
      keepsPreferred: true, nextRefreshAt: "2026-01-06T04:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "the preferred day expires at 05:00",
      previousToday: "2026-01-06", selected: nil, preferredUntil: "2026-01-06T04:00:00Z",
      now: "2026-01-06T04:00:00.250Z", today: "2026-01-06", shown: "2026-01-06",
      nextRefreshAt: "2026-01-06T23:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "the preferred day expires at 05:00 CEST on the short night",
      previousToday: "2026-03-29", selected: nil, preferredUntil: "2026-03-29T03:00:00Z",
      now: "2026-03-29T03:00:00.250Z", today: "2026-03-29", shown: "2026-03-29",
      nextRefreshAt: "2026-03-29T22:00:00.250Z"),
    TodayRefreshCase(
      testDescription: "the preferred day holds through the repeated hour in New York",
      zone: "America/New_York", previousToday: "2026-11-01", selected: nil,
      preferredUntil: "2026-11-01T10:00:00Z", now: "2026-11-01T09:59:59.999Z",
      today: "2026-11-01", shown: "2026-11-01", keepsPreferred: true,
      nextRefreshAt: "2026-11-01T10:00:00.250Z"),
  ]

  @Test(arguments: refreshCases)
  func refreshTodayFollowsKeepsOrPullsBack(_ row: TodayRefreshCase) {
    let preferred = row.preferredUntil.map {
      PreferredNutritionDay(
        planId: "np1", dayId: "nd1", untilMs: Wall.at($0).timeIntervalSince1970 * 1000)
    }
    let refresh = refreshToday(
      previousToday: row.previousToday.map(Wall.day), selected: row.selected.map(Wall.day),
      preferredDay: preferred, now: Wall.at(row.now), calendar: Wall.calendar(row.zone))
    #expect(
      refresh
        == TodayRefresh(
          today: Wall.day(row.today), shown: Wall.day(row.shown),
          preferredDay: row.keepsPreferred ? preferred : nil,
          nextRefreshAt: Wall.at(row.nextRefreshAt)))
  }

  static let preferredExpiries: [(zone: String, chosenAt: String, expiresAt: String)] = [
    ("Europe/Berlin", "2026-01-05T12:00:00+01:00", "2026-01-06T05:00:00+01:00"),
    ("Europe/Berlin", "2026-01-05T22:00:00+01:00", "2026-01-06T05:00:00+01:00"),
    // A late dinner after midnight keeps the plan day chosen the evening before.
    ("Europe/Berlin", "2026-01-06T00:30:00+01:00", "2026-01-06T05:00:00+01:00"),
    ("Europe/Berlin", "2026-01-06T04:59:00+01:00", "2026-01-06T05:00:00+01:00"),
    ("Europe/Berlin", "2026-01-06T05:00:00+01:00", "2026-01-07T05:00:00+01:00"),
    ("Europe/Berlin", "2026-03-28T23:00:00+01:00", "2026-03-29T05:00:00+02:00"),
    ("Europe/Berlin", "2026-10-25T02:30:00+01:00", "2026-10-25T05:00:00+01:00"),
    ("America/New_York", "2026-03-07T23:00:00-05:00", "2026-03-08T05:00:00-04:00"),
    ("America/New_York", "2026-10-31T23:00:00-04:00", "2026-11-01T05:00:00-05:00"),
  ]

  @Test(arguments: preferredExpiries)
  func aPreferredDayChosenNowExpiresAtTheNextFive(
    _ row: (zone: String, chosenAt: String, expiresAt: String)
  ) {
    #expect(
      Wall.calendar(row.zone).nextNutritionRollover(after: Wall.at(row.chosenAt))
        == Wall.at(row.expiresAt))
  }
}
