import Foundation
import LiveActivity
import WorkoutSession

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units":
// POSIX's order of precedence. The language is the first set of LC_ALL, LC_MESSAGES and LANG; the
// units the first set of LC_ALL, LC_MEASUREMENT and LANG. A locale is
// `language[_TERRITORY][.codeset][@modifier]`; `C` and `POSIX` name no language (English). The
// countries that measure in pounds and miles are the US, Liberia and Myanmar. Dates follow the
// region: the territory of the first set of LC_ALL, LC_TIME and LANG (`en_GB` writes "Friday 4
// December", `en_US` "Friday, December 4"), whatever language the texts are in.

extension AppSettings {
  /// The territories whose locales start in pounds and miles.
  static let imperialTerritories: Set<String> = ["US", "LR", "MM"]

  /// The language, units and date region `environment` names; English and metric where it
  /// names none the app speaks, no region where it names no territory.
  public static func fromEnvironment(
    _ environment: [String: String]
  ) -> (language: ActivityLanguage, units: UnitSystem, region: String?) {
    func first(_ names: [String]) -> String? {
      names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
    let messages = first(["LC_ALL", "LC_MESSAGES", "LANG"]).map(LocaleName.init)
    let measurement = first(["LC_ALL", "LC_MEASUREMENT", "LANG"]).map(LocaleName.init)
    let time = first(["LC_ALL", "LC_TIME", "LANG"]).map(LocaleName.init)
    let language = messages.flatMap { ActivityLanguage(rawValue: $0.language) } ?? .en
    let imperial = measurement.map { imperialTerritories.contains($0.territory) } ?? false
    let region = time.flatMap { $0.territory.isEmpty ? nil : $0.territory }
    return (language, imperial ? .imperial : .metric, region)
  }
}

/// The parts of a POSIX locale name (`de_DE.UTF-8@euro`): lowercased language, uppercased
/// territory, either empty when absent.
struct LocaleName: Equatable {
  var language: String
  var territory: String

  init(_ name: String) {
    let base = name.prefix { $0 != "." && $0 != "@" }
    let parts = base.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
    language = parts.first.map { $0.lowercased() } ?? ""
    territory = parts.count > 1 ? parts[1].uppercased() : ""
  }
}
