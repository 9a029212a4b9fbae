import Foundation
import LiveActivity
import LiveWorkoutScreens
import NutritionLog
import NutritionScreens
import PerformApp
import TerminalScreens
import TerminalUI
import Testing
import TextColumns
import TraineeAPI

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// Dates follow the region, confirmations take each language's yes, kcal are whole and an
/// exceeded target is marked, and a message never runs off the line.
@MainActor
struct TextRulesTests {
  /// Friday 4 December 2026, 12:00 UTC.
  static let friday = Date(timeIntervalSince1970: 1_796_385_600)
  nonisolated static let utc = TimeZone(identifier: "UTC")!

  @Test func datesFollowTheRegionNotTheLanguage() {
    // A data directory of its own that is never created: the temporary directory itself would
    // have the store sweep every other test's files.
    let britain = AppSettingsStore(
      dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent(
        "text-rules-\(UUID().uuidString)"),
      environment: ["LANG": "en_GB.UTF-8"], now: Date())
    #expect(britain.region == "GB")
    #expect(britain.text.day(Self.friday, timeZone: Self.utc) == "Friday 4 December")
    #expect(britain.text.calendarDay(year: 2026, month: 12, day: 4) == "Fri, 4 Dec 2026")
    let us = AppText(.en, region: "US")
    #expect(us.day(Self.friday, timeZone: Self.utc) == "Friday, December 4")
    #expect(us.calendarDay(year: 2026, month: 12, day: 4) == "Fri, Dec 4, 2026")
    #expect(us.shortDate(Self.friday, timeZone: Self.utc) == "12/04/2026")
    #expect(AppText(.de, region: "DE").shortDate(Self.friday, timeZone: Self.utc) == "04.12.2026")
    // LC_TIME names the region for dates, LC_ALL over it.
    #expect(
      AppSettings.fromEnvironment(["LANG": "en_US.UTF-8", "LC_TIME": "en_GB"]).region == "GB")
    #expect(AppSettings.fromEnvironment(["LC_TIME": "en_GB", "LC_ALL": "de_AT"]).region == "AT")
    #expect(AppSettings.fromEnvironment(["LANG": "C"]).region == nil)
  }

  @Test func theNutritionTabWritesItsDayAsTheRegionDoes() {
    let day = CalendarDay(year: 2026, month: 12, day: 4)!
    let us = NutritionText.$text.withValue(AppText(.en, region: "US")) { NutritionText.date(day) }
    #expect(us == "Fri, Dec 4, 2026")
    let de = NutritionText.$text.withValue(AppText(.de, region: "DE")) { NutritionText.date(day) }
    #expect(de == "Fr. 4. Dez. 2026")
  }

  @Test func eachLanguagesYesConfirms() {
    #expect(AppText(.de).isYes(.character("j")))
    #expect(AppText(.de).isYes(.character("y")))
    #expect(AppText(.fr).isYes(.character("o")))
    #expect(AppText(.it).isYes(.character("s")))
    #expect(AppText(.en).isYes(.character("y")))
    #expect(AppText(.ja).isYes(.character("y")))
    for language in ActivityLanguage.allCases {
      #expect(!AppText(language).isYes(.character("n")))
      #expect(!AppText(language).isYes(.escape))
    }
    #expect(!AppText(.en).isYes(.character("j")))
    // The question shows the letter it takes.
    #expect(AppText(.de)(.workoutsDeleteAsk).contains("(j/n)"))
    #expect(AppText(.fr)(.liveConfirmDiscard).contains("(o/n)"))
  }

  @Test func aGermanJDeletesAWorkoutFromItsView() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-text-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let api = FakeTrainingHistoryAPI()
    api.state.withLock {
      $0.logs["7"] = WorkoutLogDto(
        id: "7", workoutNumber: 3, loggedAt: "2026-11-30T07:06:00.000Z", programId: "plan_1",
        dayId: "day_push", label: "Push", durationSec: 600, completed: true, exerciseCount: 0,
        doneSetCount: 0, volumeKg: 0, entries: [])
    }
    let app = PerformTerminalApp()
    app.setTabs([.init(title: "Workouts", screen: BlankScreen())])
    let settings = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": "de_DE.UTF-8"], now: Date())
    app.text = settings.text
    var deleted = false
    HistoryViews(app: app, api: api, settings: settings, timeZone: { Self.utc })
      .openLog(id: "7") { deleted = true }
    func screen() -> String {
      app.frame(size: TerminalSize(rows: 24, columns: 80), now: Date()).plainText
    }
    #expect(await settled { screen().contains("Training #3") })
    _ = app.handle(.character("d"), now: Date())
    #expect(screen().contains("(j/n)"))
    _ = app.handle(.character("j"), now: Date())
    #expect(await settled { deleted })
    #expect(api.state.withLock { $0.deleted } == ["7"])
  }

  @Test func kcalAreWholeAndAnExceededTargetIsMarked() {
    var targets = NutritionTargetsDto()
    targets.kcal = 2400
    let under = DayTotals(eaten: MacrosDto(kcal: 2352.8, protein: 10.5), targets: targets)
    #expect(NutritionText.totals(under).hasPrefix("Eaten 2353 / 2400 kcal · "))
    #expect(
      NutritionText.macros(MacrosDto(kcal: 541.8, protein: 10.5)).hasPrefix("542 kcal  P 10.5"))
    let over = DayTotals(eaten: MacrosDto(kcal: 2552.4), targets: targets)
    #expect(NutritionText.totals(over).hasPrefix("Eaten 2552 / 2400 kcal (152 over) · "))
    #expect(AppText(.en).kcal(2352.8) == "2353")
    #expect(AppText(.de).kcalOver(eaten: 2401, target: 2400) == " (1 zu viel)")
    #expect(AppText(.en).kcalOver(eaten: 2400.2, target: 2400).isEmpty)
  }

  @Test(arguments: [80, 100])
  func aLongMessageWrapsOnTheStatusLineInsteadOfBeingCut(columns: Int) {
    let app = PerformTerminalApp()
    app.setTabs([.init(title: "Workouts", screen: BlankScreen())])
    let german = AppText(.de)
    let message = german(.nutritionNoFoodMatches, ["query": "Haferflocken mit Beeren"])
    app.show(message: message)
    let lines = app.frame(size: TerminalSize(rows: 24, columns: columns), now: Date()).lines
      .map(\.plainText)
    #expect(lines.allSatisfy { TextColumns.of($0) <= columns })
    let shown = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(shown.contains("versuche andere Wörter"))
    #expect(shown.contains("von Hand."))
  }

  @Test func aMessageKeepsItsIndentWhenItWraps() {
    let lines = messageLines("  one two three four", columns: 10).map(\.plainText)
    #expect(lines == ["  one two", "  three", "  four"])
  }
}
