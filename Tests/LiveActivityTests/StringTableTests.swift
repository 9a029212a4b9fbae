import Foundation
import Testing

@testable import LiveActivity

/// The string tables: one resource file per language, loaded for the language asked for.
struct StringTableTests {
  @Test(arguments: ActivityLanguage.allCases)
  func everyTableLoadsWithEveryKeyFilled(_ language: ActivityLanguage) throws {
    let strings = try ActivityStrings.load(language)
    let encoded = try JSONEncoder().encode(strings)
    let entries = try JSONDecoder().decode([String: String].self, from: encoded)
    #expect(entries.count == 19)
    #expect(entries.values.allSatisfy { !$0.isEmpty })
    #expect(strings.fill(strings.setPosition, ["position": "3", "count": "5"]).contains("3"))
  }

  @Test(
    arguments: [
      (ActivityLanguage.en, "Set 3 of 5", "Skip", "Add exercise", "Open app"),
      (.de, "Satz 3 von 5", "Überspringen", "Übung hinzufügen", "App öffnen"),
      (.fr, "Série 3 sur 5", "Passer", "Ajouter un exercice", "Ouvrir l’app"),
      (.it, "Serie 3 di 5", "Salta", "Aggiungi esercizio", "Apri l’app"),
      (.ja, "セット 3/5", "スキップ", "種目を追加", "アプリを開く"),
    ])
  func tablesAreTranslated(
    _ language: ActivityLanguage, position: String, skip: String, add: String, open: String
  ) {
    let strings = language.strings
    #expect(strings.fill(strings.setPosition, ["position": "3", "count": "5"]) == position)
    #expect(strings.restSkip == skip)
    #expect(strings.addExercise == add)
    #expect(strings.openApp == open)
  }
}
