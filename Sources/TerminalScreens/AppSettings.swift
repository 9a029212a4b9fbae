import Foundation
import LiveActivity
import WorkoutSession

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units":
// units and language start from the environment (`AppSettings.fromEnvironment`), a choice made in
// the app is saved in DIR/settings.json and wins over the environment, field by field
// (docs/decisions/the-terminal-app-as-a-daily-app.md, "The app's settings, language and units").

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups", plate stocks: plates
// are counted in pairs (one plate on each side of the bar, so "pairs" and "per side" are the same
// number); a size without a count is loaded as often as needed, as before counts existed. Kept as
// `"pairs":[{"plate":25,"pairs":2}]` beside `plates`; a file without it reads as no counts.

/// The trainee's bar and plates, in the weight unit they are used with.
public struct BarbellSetup: Codable, Equatable, Sendable {
  /// The empty bar's weight.
  public var bar: Double
  /// The plate sizes on hand, heaviest first.
  public var plates: [Double]
  /// The pairs owned of each counted size (a pair is one plate a side); a size not here is
  /// loaded as often as needed.
  public var pairs: [Double: Int]

  /// A bar of `bar` with `plates`, `pairs[size]` pairs of a counted size.
  public init(bar: Double, plates: [Double], pairs: [Double: Int] = [:]) {
    self.bar = bar
    self.plates = plates
    self.pairs = pairs
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    bar = try container.decode(Double.self, forKey: .bar)
    plates = try container.decode([Double].self, forKey: .plates)
    let counted = try container.decodeIfPresent([PlatePairs].self, forKey: .pairs) ?? []
    pairs = Dictionary(counted.map { ($0.plate, $0.pairs) }, uniquingKeysWith: min)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(bar, forKey: .bar)
    try container.encode(plates, forKey: .plates)
    if !pairs.isEmpty {
      let counted = pairs.sorted { $0.key > $1.key }.map {
        PlatePairs(plate: $0.key, pairs: $0.value)
      }
      try container.encode(counted, forKey: .pairs)
    }
  }

  private enum CodingKeys: String, CodingKey { case bar, plates, pairs }

  /// A counted plate size as the settings file keeps it.
  private struct PlatePairs: Codable {
    var plate: Double
    var pairs: Int
  }

  /// A 20 kg bar and 25 to 1.25 kg plates, or a 45 lb bar and 45 to 2.5 lb plates.
  public static func standard(for units: UnitSystem) -> BarbellSetup {
    switch units {
    case .metric: BarbellSetup(bar: 20, plates: [25, 20, 15, 10, 5, 2.5, 1.25])
    case .imperial: BarbellSetup(bar: 45, plates: [45, 35, 25, 10, 5, 2.5])
    }
  }
}

/// The settings the app runs with: each the saved choice, else the environment's.
public struct AppSettings: Equatable, Sendable {
  public var language: ActivityLanguage
  /// Weights in kg or lb and distances in km or mi: the engine's one unit system.
  public var units: UnitSystem
  /// The bar and plates for the plate calculator and warm-ups, in `units`.
  public var barbell: BarbellSetup

  /// Settings in `language` and `units`, with `barbell` or the standard one for `units`.
  public init(
    language: ActivityLanguage = .en, units: UnitSystem = .metric, barbell: BarbellSetup? = nil
  ) {
    self.language = language
    self.units = units
    self.barbell = barbell ?? .standard(for: units)
  }

  /// The settings for `saved` choices over the `environment`'s.
  public init(saved: SavedSettings, environment: [String: String]) {
    let guessed = Self.fromEnvironment(environment)
    let units = saved.units ?? guessed.units
    self.init(
      language: saved.language ?? guessed.language, units: units,
      barbell: saved.barbell.flatMap { $0.units == units ? $0.setup : nil })
  }
}

/// The choices the trainee made in the app; `nil` is "as the environment says".
public struct SavedSettings: Codable, Equatable, Sendable {
  public var language: ActivityLanguage?
  public var units: UnitSystem?
  /// The bar and plates set in the app, with the unit they were set in.
  public var barbell: SavedBarbell?

  public init(
    language: ActivityLanguage? = nil, units: UnitSystem? = nil, barbell: SavedBarbell? = nil
  ) {
    self.language = language
    self.units = units
    self.barbell = barbell
  }
}

/// A bar and plates as set in the app, in `units` (a change of units goes back to the standard
/// setup of the new unit: 45 lb is not a round kilogram bar).
public struct SavedBarbell: Codable, Equatable, Sendable {
  public var units: UnitSystem
  public var setup: BarbellSetup

  public init(units: UnitSystem, setup: BarbellSetup) {
    self.units = units
    self.setup = setup
  }
}
