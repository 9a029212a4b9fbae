import Foundation
import LiveActivity

/// Where the app keeps its data and which server it talks to, read from the app's Info.plist
/// (`PerformServerURL`, `PerformToken`, set in project.yml).
struct AppSettings {
  var serverURL: URL
  var token: String
  var dataDirectory: URL
  var language: ActivityLanguage

  /// The settings of this build: the App Group container as the data directory (the widget's
  /// command queue lives there too), else the app's Application Support folder.
  static func fromBundle(_ bundle: Bundle = .main) -> AppSettings {
    let server = bundle.object(forInfoDictionaryKey: "PerformServerURL") as? String
    let token = bundle.object(forInfoDictionaryKey: "PerformToken") as? String
    let shared = FileManager.default.containerURL(
      forSecurityApplicationGroupIdentifier: SharedContainer.appGroup)
    let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
    return AppSettings(
      serverURL: server.flatMap(URL.init(string:)) ?? URL(string: "http://127.0.0.1:8080")!,
      token: token ?? "",
      dataDirectory: shared ?? support[0].appendingPathComponent("Perform"),
      language: language(Locale.preferredLanguages))
  }

  /// The first of the device's preferred languages the card is written in; English otherwise.
  static func language(_ preferred: [String]) -> ActivityLanguage {
    for identifier in preferred {
      let code = Locale(identifier: identifier).language.languageCode?.identifier ?? ""
      if let language = ActivityLanguage(rawValue: code) { return language }
    }
    return .en
  }
}
