import Foundation
import LiveActivity
import WorkoutSession

// NB: docs/decisions.md "The app's settings, language and units": the app's texts come from one table per language,
// `PerformApp.<code>.json`, the card module's approach (LiveActivity.<code>.json): loaded for
// the chosen language, never from the process locale, with `{name}` slots. `AppTextTests`
// checks that every table has every key and only those.

/// The app's texts and numbers in one language.
public struct AppText: Sendable {
  public let language: ActivityLanguage
  private let table: [String: String]

  /// The texts of `language`.
  public init(_ language: ActivityLanguage) {
    self.language = language
    table = Self.tables[language] ?? [:]
  }

  /// The text for `key` with each `{name}` slot filled from `values`.
  public func callAsFunction(_ key: AppString, _ values: [String: String] = [:]) -> String {
    var text = table[key.rawValue] ?? Self.tables[.en]?[key.rawValue] ?? key.rawValue
    for (name, value) in values {
      text = text.replacingOccurrences(of: "{\(name)}", with: value)
    }
    return text
  }

  /// The decimal separator: `,` in German, French and Italian.
  public var decimalSeparator: String { self(.decimalSeparator) }

  /// `value` to at most `digits` decimals, trailing zeros dropped, with this language's separator
  /// and no grouping: `72,5` in German.
  public func decimal(_ value: Double, digits: Int = 2) -> String {
    guard value.isFinite else { return "–" }
    var text = String(format: "%.\(max(0, digits))f", value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    if text == "-0" { text = "0" }
    return text.replacingOccurrences(of: ".", with: decimalSeparator)
  }

  /// A number as the trainee typed or the engine wrote it (`72.5`), with this language's
  /// separator (`72,5`); anything else unchanged.
  public func enteredNumber(_ text: String) -> String {
    guard !text.isEmpty, text.allSatisfy({ $0.isNumber || $0 == "." }) else { return text }
    return text.replacingOccurrences(of: ".", with: decimalSeparator)
  }

  /// `kilograms` written in `units`: `72,5 kg`, `160 lb` (pounds to a tenth).
  public func weight(kilograms: Double, in units: UnitSystem) -> String {
    weight(units.displayWeight(kilograms: kilograms), in: units)
  }

  /// `value`, already in `units`, with its unit.
  public func weight(_ value: Double, in units: UnitSystem) -> String {
    decimal(value) + " " + units.weightSymbol
  }

  /// `date` as this language writes a day (`Tuesday, 1 December` / `Dienstag, 1. Dezember`).
  public func day(_ date: Date, timeZone: TimeZone) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: language.rawValue)
    formatter.timeZone = timeZone
    formatter.setLocalizedDateFormatFromTemplate("EEEEdMMMM")
    return formatter.string(from: date)
  }

  /// Every language's table, read once from the module's resources; a missing one is empty
  /// (the English text stands in, and `AppTextTests` fails the build).
  static let tables: [ActivityLanguage: [String: String]] = {
    var tables: [ActivityLanguage: [String: String]] = [:]
    for language in ActivityLanguage.allCases {
      tables[language] = try? load(language)
    }
    return tables
  }()

  /// Reads `language`'s table.
  static func load(_ language: ActivityLanguage) throws -> [String: String] {
    let name = "PerformApp.\(language.rawValue)"
    guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name + ".json"])
    }
    return try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
  }
}

extension UnitSystem {
  /// `kg` or `lb`.
  public var weightSymbol: String { self == .metric ? "kg" : "lb" }
  /// `km` or `mi`.
  public var distanceSymbol: String { self == .metric ? "km" : "mi" }
}

extension ActivityLanguage {
  /// The language's own name: `Deutsch`, `日本語`.
  public var ownName: String {
    switch self {
    case .de: "Deutsch"
    case .en: "English"
    case .fr: "Français"
    case .it: "Italiano"
    case .ja: "日本語"
    }
  }
}
