import LiveActivity
import TerminalUI

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units",
// confirmations: a question answered with a key takes the language's own yes (`j` ja, `o` oui, `s`
// sì) as well as `y`, the key every language's help and habits know; any other key, `n` and Esc
// among them, is no.

extension AppText {
  /// The letter this language answers yes with: `j` in German, `o` in French, `s` in Italian,
  /// `y` in English and Japanese (whose はい is not one key).
  public var yesKey: Character {
    switch language {
    case .de: "j"
    case .fr: "o"
    case .it: "s"
    case .en, .ja: "y"
    }
  }

  /// Whether `key` answers a confirmation with yes: `y` or this language's ``yesKey``, in
  /// either case.
  public func isYes(_ key: Key) -> Bool {
    guard case .character(let character) = key else { return false }
    let lowered = Character(character.lowercased())
    return lowered == "y" || lowered == yesKey
  }
}
