import Foundation
import LiveActivity
import TerminalUI
import Testing
import TextColumns

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// Every word the app shows is in the trainee's language: the tables translate every text, and
/// the live workout, the plates, the nutrition tab and the `?` help drawn in German show no
/// English text of the tables.
@MainActor
struct TranslatedScreensTests {
  /// Texts a language writes as English does (abbreviations, loanwords), by language.
  static let sameAsEnglish: [ActivityLanguage: Set<AppString>] = [
    .de: [
      .historyRIR, .liveColumnRir, .liveColumnRpe, .nutritionFieldName, .nutritionFieldOptional,
      .nutritionLetterFat,
      // The note under a set is its mark and the trainee's own words.
      .liveSetNote,
    ],
    .fr: [
      .completeRecords, .completeVolume, .historyRIR, .historySummary, .historyRecordMark,
      .liveColumnRir,
      .liveColumnRpe, .liveColumnType, .nutritionLetterProtein,
      .liveTempo, .nutritionKeyPortion, .nutritionPlanAmount, .tabNutrition, .todayNutrition,
      .liveSetNote,
    ],
    .it: [
      .completeVolume, .historyRIR, .historyRecord, .historyRecordMark, .historySetDrop,
      .historySummary, .keyNo,
      .liveColumnRir, .liveColumnRpe, .liveTempo, .nutritionLetterCarbs, .nutritionLetterProtein,
      // Italian signs in with "Email" and "Password" too.
      .signInEmail, .signInPassword,
      .liveSetNote,
    ],
    .ja: [
      .decimalSeparator, .historyRIR, .liveColumnRir, .liveColumnRpe, .nutritionLetterCarbs,
      .nutritionLetterFat, .nutritionLetterProtein, .liveSetNote,
    ],
  ]

  @Test(arguments: [ActivityLanguage.de, .fr, .it, .ja])
  func everyTextIsTranslated(language: ActivityLanguage) {
    let english = AppText(.en)
    let text = AppText(language)
    let allowed = Self.sameAsEnglish[language] ?? []
    let untranslated = AppString.allCases.filter {
      !allowed.contains($0) && text($0) == english($0)
    }
    #expect(untranslated.isEmpty, "\(language): \(untranslated)")
    // Each slot of the English text is in the translation too.
    for key in AppString.allCases {
      #expect(Self.slots(english(key)) == Self.slots(text(key)), "\(language) \(key)")
    }
  }

  /// The `{name}` slots of `text`.
  static func slots(_ text: String) -> Set<String> {
    var slots: Set<String> = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      slots.insert(String(rest[open...close]))
      rest = rest[rest.index(after: close)...]
    }
    return slots
  }

  /// The English words of the tables that a screen in another language must not show: each
  /// text's runs between slots, of at least four letters, that the translation does not share.
  static func englishRuns(besides language: ActivityLanguage) -> [(AppString, String)] {
    let english = AppText(.en)
    let text = AppText(language)
    let allowed = sameAsEnglish[language] ?? []
    var runs: [(AppString, String)] = []
    for key in AppString.allCases where !allowed.contains(key) {
      var parts: [String] = []
      var current = ""
      var inSlot = false
      for character in english(key) {
        if character == "{" {
          inSlot = true
          parts.append(current)
          current = ""
        } else if character == "}" {
          inSlot = false
        } else if !inSlot {
          current.append(character)
        }
      }
      parts.append(current)
      for part in parts {
        let run = part.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        guard run.filter(\.isLetter).count >= 4, !text(key).contains(run) else { continue }
        runs.append((key, run))
      }
    }
    return runs
  }

  /// The English runs `screen` shows, each as words of its own ("back" is not in "Feedback").
  static func english(in screen: String, besides language: ActivityLanguage) -> [String] {
    englishRuns(besides: language).filter { shows(screen, $0.1) }.map { "\($0.0): \($0.1)" }
  }

  /// Whether `screen` has `run` with no letter right before or after it.
  static func shows(_ screen: String, _ run: String) -> Bool {
    var rest = screen[...]
    while let found = rest.range(of: run) {
      let before =
        found.lowerBound > screen.startIndex
        ? screen[screen.index(before: found.lowerBound)] : " "
      let after = found.upperBound < screen.endIndex ? screen[found.upperBound] : " "
      if !before.isLetter, !after.isLetter { return true }
      rest = screen[found.upperBound...]
    }
    return false
  }

  @Test func theLiveWorkoutItsPlatesAndItsHelpInGermanShowNoEnglish() async throws {
    let daily = try DailyScreensTests()
    let launched = try await daily.launch(lang: "de_DE.UTF-8")
    let app = launched.app
    _ = app.handle(.enter, now: Date())
    var shown = daily.screen(app)
    app.select(tab: 1)
    shown += daily.screen(app)
    #expect(shown.contains("Nächstes Training: ") || shown.contains("Läuft: "))
    app.select(tab: 2)
    daily.type("P", into: app)
    shown += daily.screen(app)
    daily.type("?", into: app)
    shown += daily.screen(app)
    daily.type("?", into: app)
    daily.type("F", into: app)
    shown += daily.screen(app)
    #expect(shown.contains("Nr. Typ"))
    #expect(shown.contains("Pro Seite"))
    #expect(Self.english(in: shown, besides: .de) == [])
  }

  /// The lines of `frame` wider than `columns`, with their width.
  static func overflowing(_ frame: Frame, columns: Int) -> [String] {
    frame.lines.map(\.plainText).filter { TextColumns.of($0) > columns }
      .map { "\(TextColumns.of($0)): \($0)" }
  }

  @Test(arguments: ["de_DE.UTF-8", "fr_FR.UTF-8", "ja_JP.UTF-8", "en_US.UTF-8"])
  func at80By24TheLiveWorkoutAndTheHelpFitInLongerWordsAndDoubleWidth(
    lang: String
  )
    async throws
  {
    let daily = try DailyScreensTests()
    let launched = try await daily.launch(lang: lang)
    let app = launched.app
    let size = TerminalSize(rows: 24, columns: 80)
    _ = app.handle(.enter, now: Date())
    daily.type("P", into: app)
    var frames = [app.frame(size: size, now: Date())]
    daily.type("?", into: app)
    frames.append(app.frame(size: size, now: Date()))
    daily.type("?", into: app)
    // Resting: the most keys the screen has.
    daily.type("70\n8\n ", into: app)
    frames.append(app.frame(size: size, now: Date()))
    daily.type("?", into: app)
    let help = app.frame(size: size, now: Date())
    frames.append(help)
    // The help shows every key of the screen and every key that works everywhere.
    let text = launched.settings.text
    for key in [AppString.liveKeySet, .liveKeySkipRest, .liveKeyDiscard, .helpQuit, .helpSuspend] {
      #expect(help.plainText.contains(text(key)), "\(lang): \(key)")
    }
    for frame in frames {
      #expect(frame.lines.count <= 24)
      #expect(Self.overflowing(frame, columns: 80) == [], "\(lang)")
    }
  }

  /// A screen with nothing on it.
  final class BlankScreen: AppScreen {
    func body(size: TerminalSize, now: Date) -> Frame { Frame(lines: []) }
    func handle(_ key: Key, now: Date) -> KeyResult { .ignored }
    var keyHelp: [KeyHelp] { [] }
    var isEditingText: Bool { false }
  }

  @Test(arguments: ActivityLanguage.allCases)
  func theFiveTabsFitAt80ColumnsWithTheShownOneNamedWhole(language: ActivityLanguage) {
    let text = AppText(language)
    let titles =
      [text(.tabToday), text(.tabWorkouts), text(.tabLive), text(.tabNutrition)]
      + [text(.tabSettings)]
    for selected in titles.indices {
      let app = PerformTerminalApp()
      app.text = text
      app.setTabs(
        titles.map { PerformTerminalApp.Tab(title: $0, screen: BlankScreen()) },
        selected: selected)
      let bar = app.frame(size: TerminalSize(rows: 24, columns: 80), now: Date()).lines[0]
        .plainText
      #expect(TextColumns.of(bar) <= 80, "\(language): \(bar)")
      #expect(bar.contains(" \(selected + 1) \(titles[selected]) "), "\(language): \(bar)")
      for number in 1...5 { #expect(bar.contains(" \(number) ")) }
    }
  }

  @Test(arguments: [ActivityLanguage.de, .fr, .it, .ja])
  func at80ColumnsTheNutritionTabFitsInLongerWordsAndDoubleWidth(
    language: ActivityLanguage
  )
    async throws
  {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.screen.language = { language }
    let size = TerminalSize(rows: 24, columns: 80)
    var frames = [harness.screen.body(size: size, now: NutritionScreenHarness.now)]
    harness.press(.character("m"))
    frames.append(harness.screen.body(size: size, now: NutritionScreenHarness.now))
    for frame in frames {
      #expect(Self.overflowing(frame, columns: 80) == [], "\(language)")
    }
  }

  @Test func theNutritionTabItsFormsAndItsKeysInGermanShowNoEnglish() async throws {
    let harness = try NutritionScreenHarness()
    await harness.start()
    harness.screen.language = { .de }
    var shown = harness.text + harness.screen.keyHelp.map(\.action).joined(separator: "\n")
    harness.press(.character("m"))
    shown += harness.text + harness.screen.keyHelp.map(\.action).joined(separator: "\n")
    // Enter through to Fat with no name: refused inline, in German.
    for _ in 0..<6 { harness.press(.enter) }
    #expect(harness.text.contains("Name: Namen des Lebensmittels eingeben."))
    shown += harness.text
    harness.press(.escape, .character("h"))
    shown += harness.text
    #expect(shown.contains("Gegessen"))
    #expect(Self.english(in: shown, besides: .de) == [])
  }
}

/// Long messages broken into lines that fit, in every script.
struct WrappedTextTests {
  @Test(arguments: [
    ("a bc def", 4, ["a bc", "def"]),
    ("“45x2 35 25x0” is not a list", 14, ["“45x2 35 25x0”", "is not a list"]),
    ("プレートの一覧ではありません", 10, ["プレートの", "一覧ではあ", "りません"]),
    ("", 10, [""]),
  ])
  func linesNeverPassTheWidthAndKeepEveryCharacter(
    text: String, columns: Int, lines: [String]
  ) {
    let result = messageLines(text, columns: columns).map(\.plainText)
    #expect(result == lines)
    #expect(result.allSatisfy { TextColumns.of($0) <= columns })
  }
}
