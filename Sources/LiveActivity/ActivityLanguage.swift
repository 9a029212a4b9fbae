import Foundation

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity content": strings come from resource
// files loaded for an explicitly chosen language, never from the process locale, so the card reads
// the same on every machine.

/// A language the card is written in.
public enum ActivityLanguage: String, Codable, Hashable, Sendable, CaseIterable {
  case de, en, fr, it, ja

  /// This language's string table.
  var strings: ActivityStrings { ActivityStrings.table(for: self) }
}

/// The words and number conventions of one language, read from `LiveActivity.<code>.json`.
///
/// Templates hold `{name}` slots (`Set {position} of {count}`) filled by ``fill(_:_:)``.
struct ActivityStrings: Codable, Equatable, Sendable {
  var decimalSeparator: String
  var routineFallback: String
  var setPosition: String
  var reps: String
  var repsOne: String
  var rir: String
  var rpe: String
  var kilograms: String
  var pounds: String
  var kilometres: String
  var miles: String
  var restTitle: String
  var restDecrease: String
  var restIncrease: String
  var restSkip: String
  var allSetsDone: String
  var noExercises: String
  var addExercise: String
  var openApp: String

  /// Every language's table, read once from the module's resources.
  private static let tables: [ActivityLanguage: ActivityStrings] = {
    var tables: [ActivityLanguage: ActivityStrings] = [:]
    for language in ActivityLanguage.allCases {
      do {
        tables[language] = try load(language)
      } catch {
        // NB: the tables ship inside the module; a missing or broken one is a build defect that
        // `StringTableTests` catches, not input from outside.
        preconditionFailure("LiveActivity.\(language.rawValue).json: \(error)")
      }
    }
    return tables
  }()

  static func table(for language: ActivityLanguage) -> ActivityStrings {
    tables[language]!
  }

  /// Reads and decodes `language`'s table; throws when it is missing or lacks a key.
  static func load(_ language: ActivityLanguage) throws -> ActivityStrings {
    let name = "LiveActivity.\(language.rawValue)"
    guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name + ".json"])
    }
    return try JSONDecoder().decode(ActivityStrings.self, from: Data(contentsOf: url))
  }

  /// `template` with each `{key}` replaced by its value.
  func fill(_ template: String, _ values: [String: String]) -> String {
    var result = template
    for (key, value) in values {
      result = result.replacingOccurrences(of: "{\(key)}", with: value)
    }
    return result
  }
}
