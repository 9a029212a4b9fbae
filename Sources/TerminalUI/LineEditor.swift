/// A one-line text field: the value being typed, with a cursor, edited by keys.
///
/// `Enter` commits and `Escape` cancels; the owner reads `handle(_:)`'s outcome. Only printable
/// characters are inserted; `allowed` can narrow them (digits and a decimal separator for a
/// weight).
public struct LineEditor: Hashable, Sendable {
  /// What a key did to the field.
  public enum Outcome: Hashable, Sendable {
    /// The text or cursor changed, or the key was ignored: keep editing.
    case editing
    /// Enter: the field's text is final.
    case committed(String)
    /// Escape: the edit is abandoned.
    case cancelled
  }

  /// What has been typed so far.
  public private(set) var text: String
  /// The cursor, in characters from the start.
  public private(set) var cursor: Int
  /// The most characters the field takes.
  public var maxLength: Int
  private var allowedCharacters: Set<Character>?

  /// A field holding `text` with the cursor at its end; `allowed` nil takes any printable
  /// character.
  public init(_ text: String = "", maxLength: Int = 200, allowed: Set<Character>? = nil) {
    self.text = text
    self.cursor = text.count
    self.maxLength = maxLength
    self.allowedCharacters = allowed
  }

  /// Digits plus `.` and `,`: what a weight, reps or RIR field takes.
  public static let numeric: Set<Character> = Set("0123456789.,")

  /// Applies one key: a character is inserted at the cursor, Backspace and Delete remove around
  /// it, Left/Right/Home/End (and Ctrl-A, Ctrl-E) move it, Ctrl-U clears the field; other keys
  /// are ignored.
  public mutating func handle(_ key: Key) -> Outcome {
    switch key {
    case .enter: return .committed(text)
    case .escape: return .cancelled
    case .character(let character):
      guard text.count < maxLength, allowedCharacters?.contains(character) ?? true else {
        return .editing
      }
      text.insert(character, at: text.index(text.startIndex, offsetBy: cursor))
      cursor += 1
    case .backspace:
      guard cursor > 0 else { return .editing }
      text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
      cursor -= 1
    case .delete:
      guard cursor < text.count else { return .editing }
      text.remove(at: text.index(text.startIndex, offsetBy: cursor))
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = text.count
    case .control("u"):
      text = ""
      cursor = 0
    default: break
    }
    return .editing
  }
}
