import Foundation
import LiveActivity
import Testing
import WorkoutSession

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// Settings from the environment, saved choices over it, and the string tables
/// (docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units").
@MainActor
struct AppSettingsTests {
  @Test(
    arguments: [
      ([:], ActivityLanguage.en, UnitSystem.metric),
      (["LANG": "C.UTF-8"], .en, .metric),
      (["LANG": "POSIX"], .en, .metric),
      (["LANG": "en_US.UTF-8"], .en, .imperial),
      (["LANG": "de_DE.UTF-8"], .de, .metric),
      (["LANG": "fr_CA.UTF-8"], .fr, .metric),
      (["LANG": "it_IT@euro"], .it, .metric),
      (["LANG": "ja_JP.eucJP"], .ja, .metric),
      (["LANG": "es_ES.UTF-8"], .en, .metric),
      (["LANG": "en_LR"], .en, .imperial),
      // LC_ALL wins over both; LC_MESSAGES over LANG for the language only.
      (["LANG": "en_US.UTF-8", "LC_ALL": "de_DE.UTF-8"], .de, .metric),
      (["LANG": "en_US.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"], .de, .imperial),
      // LC_MEASUREMENT counts for the units only.
      (["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], .de, .imperial),
      (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "en_GB.UTF-8"], .en, .metric),
      // An empty variable is unset.
      (["LANG": "de_DE.UTF-8", "LC_ALL": ""], .de, .metric),
    ])
  func theEnvironmentNamesLanguageAndUnits(
    environment: [String: String], language: ActivityLanguage, units: UnitSystem
  ) {
    let guessed = AppSettings.fromEnvironment(environment)
    #expect(guessed.language == language)
    #expect(guessed.units == units)
  }

  @Test func aSavedChoiceWinsOverTheEnvironmentFieldByField() {
    let us = ["LANG": "en_US.UTF-8"]
    #expect(
      AppSettings(saved: SavedSettings(language: .de), environment: us)
        == AppSettings(language: .de, units: .imperial))
    #expect(
      AppSettings(saved: SavedSettings(units: .metric), environment: us)
        == AppSettings(language: .en, units: .metric, barbell: .standard(for: .metric)))
    #expect(AppSettings(saved: SavedSettings(), environment: us).barbell.bar == 45)
    // A bar set in pounds does not carry over to kilograms.
    let pounds = SavedBarbell(units: .imperial, setup: BarbellSetup(bar: 35, plates: [45]))
    #expect(
      AppSettings(saved: SavedSettings(barbell: pounds), environment: us).barbell.bar == 35)
    #expect(
      AppSettings(saved: SavedSettings(units: .metric, barbell: pounds), environment: us)
        .barbell == .standard(for: .metric))
  }

  @Test(
    arguments: [
      ("25 20x2 10", [25.0, 20, 10], [20.0: 2]),
      ("2,5×4 1.25*2 5X1", [5.0, 2.5, 1.25], [2.5: 4, 1.25: 2, 5: 1]),
      ("20x2 20", [20.0], [:]),
      ("  45   35x1 ", [45.0, 35], [35.0: 1]),
    ] as [(String, [Double], [Double: Int])])
  func aPlateListReadsSizesAndThePairsOwned(
    typed: String, plates: [Double], pairs: [Double: Int]
  ) throws {
    let read = try #require(SettingsScreen.plates(typed))
    #expect(read.plates == plates)
    #expect(read.pairs == pairs)
  }

  @Test(arguments: [
    "", "20x", "x2", "20x0", "20x100", "20x1.5", "20x2x3", "0", "-5", "20,5,5", "abc",
  ])
  func aBadPlateListIsRefused(typed: String) {
    #expect(SettingsScreen.plates(typed) == nil)
  }

  @Test func platesOwnedAreKeptAndAFileWithoutThemReadsAsNoCounts() throws {
    let setup = BarbellSetup(bar: 20, plates: [25, 20, 10], pairs: [20: 2, 10: 1])
    let json = try JSONEncoder().encode(setup)
    #expect(try JSONDecoder().decode(BarbellSetup.self, from: json) == setup)
    #expect(String(decoding: json, as: UTF8.self).contains(#""pairs":[{"#))
    let older = Data(#"{"bar":20,"plates":[25,20]}"#.utf8)
    #expect(
      try JSONDecoder().decode(BarbellSetup.self, from: older)
        == BarbellSetup(bar: 20, plates: [25, 20]))
    #expect(SettingsScreen.plateList(setup, text: AppText(.de)) == "25 20×2 10×1")
  }

  @Test func choicesAreKeptInTheDataDirectoryAndReadAtTheNextLaunch() throws {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = ["LANG": "en_US.UTF-8"]
    let store = AppSettingsStore(dataDirectory: directory, environment: environment, now: Date())
    var seen: [AppSettings] = []
    store.observe { seen.append($0) }
    try store.save(SavedSettings(language: .ja, units: .metric))
    #expect(seen == [AppSettings(language: .ja, units: .metric)])
    let again = AppSettingsStore(dataDirectory: directory, environment: environment, now: Date())
    #expect(again.current == AppSettings(language: .ja, units: .metric))
    #expect(!again.languageFromEnvironment && !again.unitsFromEnvironment)
  }

  @Test func anUnreadableSettingsFileIsMovedAsideAndTheEnvironmentIsUsed() throws {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("{\"units\": \"furlongs\"}".utf8).write(
      to: directory.appendingPathComponent("settings.json"))
    let store = AppSettingsStore(
      dataDirectory: directory, environment: ["LANG": "de_DE.UTF-8"], now: Date())
    #expect(store.current == AppSettings(language: .de, units: .metric))
    #expect(store.launchProblem?.contains("settings.json.corrupt-") == true)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names.contains { $0.hasPrefix("settings.json.corrupt-") })
  }

  @Test(arguments: ActivityLanguage.allCases)
  func everyTableHasEveryTextAndNoOther(language: ActivityLanguage) throws {
    let table = try AppText.load(language)
    #expect(Set(table.keys) == Set(AppString.allCases.map(\.rawValue)))
    #expect(table.values.allSatisfy { !$0.isEmpty })
  }

  @Test func numbersAndWeightsFollowTheLanguage() {
    let german = AppText(.de)
    let english = AppText(.en)
    #expect(german.decimal(72.5) == "72,5")
    #expect(english.decimal(72.5) == "72.5")
    #expect(german.decimal(100) == "100")
    #expect(german.weight(kilograms: 72.5, in: .metric) == "72,5 kg")
    #expect(english.weight(kilograms: 100, in: .imperial) == "220.5 lb")
    #expect(german.enteredNumber("42.5") == "42,5")
    #expect(german.enteredNumber("1:30") == "1:30")
    #expect(german(.completeOf, ["done": "3", "total": "4"]) == "3 von 4")
  }

  private func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
