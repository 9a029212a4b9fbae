// NB: the byte forms decoded here are what xterm, VTE, kitty, iTerm2, tmux and the Linux console
// send in their default modes: CSI (`ESC [`) and SS3 (`ESC O`) cursor keys, `ESC [ n ~` editing
// keys. Modifier parameters (`ESC [ 1 ; 5 A` is Ctrl-Up) are read as the plain key.

/// Turns the bytes a terminal sends into key presses.
///
/// Bytes may arrive in any split: a multi-byte character or an escape sequence cut across two
/// reads is held until the rest arrives. Escape is the start of every sequence as well as a key of
/// its own, so a lone `ESC` at the end of the input is held too: the reader calls
/// ``flushPendingEscape()`` once the terminal has been quiet for 50 ms (``escapeTimeout``), and a
/// byte that cannot continue a sequence shows it was the Escape key (`ESC x` is `.escape`, then
/// `x`). Unknown or malformed sequences and invalid UTF-8 are dropped; the bytes after them are
/// still decoded.
public struct KeyDecoder: Hashable, Sendable {
  /// How long the reader waits in silence before a held `ESC` counts as the Escape key.
  public static let escapeTimeout: Duration = .milliseconds(50)

  /// Bytes of an unfinished escape sequence or character.
  private var pending: [UInt8] = []
  /// The last byte was `\r`, so a `\n` right after it is the same Enter.
  private var afterCarriageReturn = false

  /// A decoder holding nothing.
  public init() {}

  /// Whether bytes are held that ``flushPendingEscape()`` would settle: a lone `ESC`, the start of
  /// a sequence or character, or a `\r` that a `\n` may still follow.
  public var hasPendingInput: Bool { !pending.isEmpty || afterCarriageReturn }

  /// The keys that `bytes`, following everything fed before, complete.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var text = String.UnicodeScalarView()
    var index = 0
    while index < pending.count {
      let step = Self.decode(pending[index...])
      switch step {
      case .incomplete:
        Self.append(text, to: &keys)
        pending.removeFirst(index)
        return keys
      case .scalar(let scalar, _):
        afterCarriageReturn = false
        text.append(scalar)
      case .key(let key, _):
        Self.append(text, to: &keys)
        text = String.UnicodeScalarView()
        if key != .enter || pending[index] != 0x0A || !afterCarriageReturn {
          keys.append(key)
        }
        afterCarriageReturn = pending[index] == 0x0D
      case .dropped:
        afterCarriageReturn = false
      }
      index += step.length
    }
    Self.append(text, to: &keys)
    pending.removeAll()
    return keys
  }

  /// Settles what is held after the terminal went quiet: a held `ESC` is the Escape key, and the
  /// bytes after it (an unfinished sequence) are read as ordinary input; an unfinished character
  /// is dropped. A `\n` fed after this starts a new Enter even if `\r` came last.
  public mutating func flushPendingEscape() -> [Key] {
    afterCarriageReturn = false
    guard pending.first == 0x1B else {
      pending.removeAll()
      return []
    }
    let rest = pending.dropFirst()
    pending.removeAll()
    var keys: [Key] = [.escape]
    keys += feed(rest)
    // An unfinished character at the very end stays unfinished for good.
    pending.removeAll()
    return keys
  }

  /// Appends `text` as characters (a base and its combining marks make one).
  private static func append(_ text: String.UnicodeScalarView, to keys: inout [Key]) {
    keys += String(text).map(Key.character)
  }
}

extension KeyDecoder {
  /// What the bytes at the start of a buffer are.
  fileprivate enum Step {
    case key(Key, length: Int)
    case scalar(Unicode.Scalar, length: Int)
    case dropped(length: Int)
    /// The buffer ends inside a sequence or character: wait for more.
    case incomplete

    var length: Int {
      switch self {
      case .key(_, let length), .scalar(_, let length), .dropped(let length): length
      case .incomplete: 0
      }
    }
  }

  /// Decodes the first key, character or malformed stretch of `bytes` (not empty).
  fileprivate static func decode(_ bytes: ArraySlice<UInt8>) -> Step {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B: return decodeEscape(bytes)
    case 0x0D, 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x7F, 0x08: return .key(.backspace, length: 1)
    case 0x01...0x1A:
      return .key(.control(Character(Unicode.Scalar(first - 1 + UInt8(ascii: "a")))), length: 1)
    case 0x20...0x7E: return .scalar(Unicode.Scalar(first), length: 1)
    case 0x80...: return decodeUTF8(bytes)
    default: return .dropped(length: 1)  // NUL and Ctrl-\ ] ^ _: no key of ours.
    }
  }

  /// `ESC` and what follows it.
  private static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> Step {
    let start = bytes.startIndex
    guard bytes.count > 1 else { return .incomplete }
    switch bytes[start + 1] {
    case UInt8(ascii: "["): return decodeCSI(bytes)
    case UInt8(ascii: "O"):
      guard bytes.count > 2 else { return .incomplete }
      let final = bytes[start + 2]
      guard (0x40...0x7E).contains(final) else { return .dropped(length: 2) }
      return finalKey(final, parameters: []).map { .key($0, length: 3) } ?? .dropped(length: 3)
    default:
      // Not a sequence: the Escape key, then whatever the next byte is.
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [`, parameter bytes, intermediate bytes, one final byte (ECMA-48 5.4).
  private static func decodeCSI(_ bytes: ArraySlice<UInt8>) -> Step {
    var index = bytes.startIndex + 2
    while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
    guard index < bytes.endIndex else { return .incomplete }
    let final = bytes[index]
    let length = index + 1 - bytes.startIndex
    // A byte that cannot end a sequence ends a malformed one; it is decoded on its own.
    guard (0x40...0x7E).contains(final) else { return .dropped(length: length - 1) }
    let body = bytes[(bytes.startIndex + 2)..<index]
    guard body.allSatisfy({ (0x30...0x3B).contains($0) }) else { return .dropped(length: length) }
    let parameters = body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map { Int(String(decoding: $0, as: UTF8.self)) }
    return finalKey(final, parameters: parameters).map { .key($0, length: length) }
      ?? .dropped(length: length)
  }

  /// The key a sequence ending in `final` stands for, modifiers ignored.
  private static func finalKey(_ final: UInt8, parameters: [Int?]) -> Key? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "Z"): .backTab
    case UInt8(ascii: "I") where parameters == [nil]: .focusIn
    case UInt8(ascii: "O") where parameters == [nil]: .focusOut
    case UInt8(ascii: "~"):
      switch parameters.first ?? nil {
      case 1?, 7?: .home
      case 3?: .delete
      case 4?, 8?: .end
      case 5?: .pageUp
      case 6?: .pageDown
      default: nil
      }
    default: nil
    }
  }

  /// One UTF-8 encoded scalar; an invalid lead or continuation byte is dropped alone.
  private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> Step {
    let start = bytes.startIndex
    let lead = bytes[start]
    // The allowed range of the second byte excludes overlong forms and surrogates (RFC 3629).
    let (length, second): (Int, ClosedRange<UInt8>) =
      switch lead {
      case 0xC2...0xDF: (2, 0x80...0xBF)
      case 0xE0: (3, 0xA0...0xBF)
      case 0xED: (3, 0x80...0x9F)
      case 0xE1...0xEF: (3, 0x80...0xBF)
      case 0xF0: (4, 0x90...0xBF)
      case 0xF4: (4, 0x80...0x8F)
      case 0xF1...0xF3: (4, 0x80...0xBF)
      default: (0, 0x80...0xBF)
      }
    guard length > 0 else { return .dropped(length: 1) }
    var value = UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<length {
      guard start + offset < bytes.endIndex else { return .incomplete }
      let byte = bytes[start + offset]
      guard (offset == 1 ? second : 0x80...0xBF).contains(byte) else {
        return .dropped(length: offset)
      }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .control else {
      return .dropped(length: length)
    }
    return .scalar(scalar, length: length)
  }
}
