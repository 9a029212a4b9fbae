import Foundation
import LiveActivity
import WorkoutSession

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units":
// the app's texts come from one table per language, `PerformApp.<code>.json`, the card module's
// approach (LiveActivity.<code>.json): loaded for the chosen language, never from the process
// locale, with `{name}` slots. `AppTextTests` checks that every table has every key and only those.

/// The app's texts and numbers in one language.
public struct AppText: Sendable {
  public let language: ActivityLanguage
  /// The territory dates are written for (`GB`), or `nil` for the language's own default.
  public let region: String?
  private let table: [String: String]

  /// The texts of `language`, its dates written as in `region` (`GB`, `US`).
  public init(_ language: ActivityLanguage, region: String? = nil) {
    self.language = language
    self.region = region
    table = Self.tables[language] ?? [:]
  }

  /// The text for `key` with each `{name}` slot filled from `values`.
  public func callAsFunction(_ key: AppString, _ values: [String: String] = [:]) -> String {
    fill(table[key.rawValue] ?? Self.tables[.en]?[key.rawValue] ?? key.rawValue, values)
  }

  private func fill(_ template: String, _ values: [String: String]) -> String {
    var text = template
    for (name, value) in values {
      text = text.replacingOccurrences(of: "{\(name)}", with: value)
    }
    return text
  }

  // NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units",
  // plurals: a counted text holds its forms separated by `|`, singular first (`{count} set|{count}
  // sets`); the language's one rule (`ActivityLanguage.pluralCategory`) picks one. Japanese writes
  // one form.

  /// The form of `key` that `count` takes in this language, its slots filled from `values`:
  /// `1 set`, `2 sets`, `0 série`, `1 セット`.
  public func callAsFunction(
    _ key: AppString, count: Int, _ values: [String: String] = [:]
  ) -> String {
    // The forms are split before the slots are filled: a name may hold a `|`.
    let forms = self(key).components(separatedBy: "|")
    let form = language.pluralCategory(of: count) == .one ? forms.first : forms.last
    return fill(form ?? "", values)
  }

  /// `count` with its noun, `key` being a counted noun (`countSets`): `1 set`, `3 Sätze`.
  public func count(_ key: AppString, _ count: Int) -> String {
    self(key, count: count, ["count": String(count)])
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

  // NB: docs/decisions/the-terminal-app-as-a-daily-app.md, "The app's settings, language and
  // units", "Energy in whole kcal on every screen": energy is shown in whole kcal on every
  // screen (the day's arithmetic keeps its tenths); one rounding, so Today and the nutrition
  // tab never differ by a tenth.

  /// `value` kcal as every screen shows it: whole, half away from zero (`2353` for 2352.8).
  public func kcal(_ value: Double) -> String {
    decimal(value.rounded(), digits: 0)
  }

  /// ` (152 over)` when `eaten` kcal is above `target` (as both are shown, whole), else empty.
  public func kcalOver(eaten: Double, target: Double?) -> String {
    guard let target, eaten.rounded() > target.rounded() else { return "" }
    return " " + self(.kcalOver, ["kcal": kcal(eaten.rounded() - target.rounded())])
  }

  /// `kilograms` written in `units`: `72,5 kg`, `160 lb` (pounds to a tenth).
  public func weight(kilograms: Double, in units: UnitSystem) -> String {
    weight(units.displayWeight(kilograms: kilograms), in: units)
  }

  /// `value`, already in `units`, with its unit.
  public func weight(_ value: Double, in units: UnitSystem) -> String {
    decimal(value) + " " + units.weightSymbol
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
