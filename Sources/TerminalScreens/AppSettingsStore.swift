import DurableFiles
import Foundation
import LiveActivity
import WorkoutSession

/// The one owner of the app's settings: the environment's guesses, the choices saved in
/// DIR/settings.json, and the screens told of every change.
@MainActor
public final class AppSettingsStore {
  /// The settings in force.
  public private(set) var current: AppSettings
  /// The choices made in the app (what the file holds).
  public private(set) var saved: SavedSettings
  /// Where the choices are kept.
  public var fileURL: URL { file.url }
  /// What reading the file had to report at launch (an unreadable file is moved aside).
  public let launchProblem: String?
  /// The territory the environment writes dates for (`GB`), `nil` when it names none.
  public let region: String?
  private let environment: [String: String]
  private let file: DurableJSONFile<SavedSettings>
  private var observers: [@MainActor (AppSettings) -> Void] = []

  /// The settings saved in `dataDirectory` over those `environment` names.
  public init(dataDirectory: URL, environment: [String: String], now: Date) {
    file = DurableJSONFile(
      url: DataDirectory(dataDirectory).settings, what: "The settings file")
    self.environment = environment
    region = AppSettings.fromEnvironment(environment).region
    let (value, problem) = file.load(now: now)
    saved = value ?? SavedSettings()
    launchProblem = problem
    current = AppSettings(saved: saved, environment: environment)
  }

  /// The units the app shows for `dataDirectory` and `environment`, read without changing
  /// anything: a settings file that cannot be read counts as no choice (the app reports and
  /// moves it aside when it starts).
  nonisolated public static func units(
    dataDirectory: URL, environment: [String: String]
  ) -> UnitSystem {
    let url = DataDirectory(dataDirectory).settings
    let saved = (try? Data(contentsOf: url)).flatMap {
      try? JSONDecoder().decode(SavedSettings.self, from: $0)
    }
    return AppSettings(saved: saved ?? SavedSettings(), environment: environment).units
  }

  /// The app's texts in the current language, dates as the region writes them.
  public var text: AppText { AppText(current.language, region: region) }

  /// Calls `observer` with the settings after every change.
  public func observe(_ observer: @escaping @MainActor (AppSettings) -> Void) {
    observers.append(observer)
  }

  /// Saves `choices` and applies them; throws (and changes nothing) when the file cannot be
  /// written.
  public func save(_ choices: SavedSettings) throws(FileError) {
    try file.save(choices)
    saved = choices
    let settings = AppSettings(saved: choices, environment: environment)
    guard settings != current else { return }
    current = settings
    for observer in observers { observer(settings) }
  }

  /// Whether each setting is the environment's (nothing chosen in the app).
  public var languageFromEnvironment: Bool { saved.language == nil }
  public var unitsFromEnvironment: Bool { saved.units == nil }
  public var barbellFromEnvironment: Bool {
    saved.barbell.map { $0.units != current.units } ?? true
  }
}
