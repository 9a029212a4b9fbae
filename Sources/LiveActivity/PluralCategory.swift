// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units",
// plurals: CLDR's cardinal rules for whole numbers, as far as the five languages need them.
// Japanese has no plural forms; French counts 0 and 1 as singular; English, German and Italian only
// 1. French's "many" (a million and up, written "de") is left out: no count the app shows gets
// there.

/// Which form of a counted word a number takes.
public enum PluralCategory: Sendable, Equatable {
  /// The singular form: `1 set`, `0 série`.
  case one
  /// Every other number's form: `2 sets`, `0 sets`, every Japanese count.
  case other
}

extension ActivityLanguage {
  /// The plural form `count` takes in this language: the one rule every counted text follows.
  public func pluralCategory(of count: Int) -> PluralCategory {
    switch self {
    case .ja: .other
    case .fr: count == 0 || count == 1 ? .one : .other
    case .de, .en, .it: count == 1 ? .one : .other
    }
  }
}
