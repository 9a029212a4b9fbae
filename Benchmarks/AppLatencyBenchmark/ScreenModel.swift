/// The screen as `perform`'s renderer draws it, rebuilt from the bytes it writes.
///
/// The renderer addresses every row with `ESC[row;1H` and then writes the whole row (styled
/// runs, `ESC[0m`, maybe `ESC[K`), clears the screen with `ESC[2J` and the rows below the frame
/// with `ESC[J`, and places the cursor with `ESC[row;colH` last (ScreenRenderer.swift). So a row
/// is the bytes written after its `ESC[row;1H`: `raw` keeps the style sequences (a field's
/// highlight is only a style), `text` only the characters. A sequence cut between two reads is
/// finished by the next.
struct ScreenModel {
  private(set) var raw: [[UInt8]]
  private(set) var text: [[UInt8]]
  /// Where the last `ESC[row;colH` put the cursor (zero-based).
  private(set) var cursor = (row: 0, column: 0)
  private var row: Int?
  private var state = State.ground
  private var sequence: [UInt8] = []

  private enum State { case ground, escape, controlSequence }

  init(rows: Int) {
    raw = Array(repeating: [], count: rows)
    text = Array(repeating: [], count: rows)
  }

  mutating func feed(_ bytes: ArraySlice<UInt8>) {
    for byte in bytes {
      switch state {
      case .ground:
        if byte == 0x1B {
          state = .escape
          sequence = [byte]
        } else if let row {
          raw[row].append(byte)
          text[row].append(byte)
        }
      case .escape:
        sequence.append(byte)
        state = byte == UInt8(ascii: "[") ? .controlSequence : .ground
      case .controlSequence:
        sequence.append(byte)
        if (0x40...0x7E).contains(byte) {
          state = .ground
          perform(sequence)
        }
      }
    }
  }

  private mutating func perform(_ sequence: [UInt8]) {
    let final = sequence[sequence.count - 1]
    let parameters = String(decoding: sequence[2..<(sequence.count - 1)], as: UTF8.self)
    switch final {
    case UInt8(ascii: "H"):
      let numbers = parameters.split(separator: ";").compactMap { Int($0) }
      let position = (row: (numbers.first ?? 1) - 1, column: (numbers.dropFirst().first ?? 1) - 1)
      cursor = position
      row = position.column == 0 && raw.indices.contains(position.row) ? position.row : nil
      if let row {
        raw[row] = []
        text[row] = []
      }
    case UInt8(ascii: "J"):
      let from = parameters == "2" ? 0 : max(0, min(cursor.row, raw.count))
      for index in from..<raw.count {
        raw[index] = []
        text[index] = []
      }
    case UInt8(ascii: "m"), UInt8(ascii: "K"):
      if let row { raw[row] += sequence }
    default:
      break
    }
  }

  /// Whether any row shows `needle`.
  func shows(_ needle: String) -> Bool {
    let bytes = Array(needle.utf8)
    return text.contains { Self.row($0, contains: bytes) }
  }

  /// The screen as text, a line a row (for a failure's message).
  var dump: String {
    text.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
  }

  /// The selected set's row (marked `▶`) and where it is, without the cursor: what a key on the
  /// live workout that did something changes, and a clock's redraw never does.
  var selectedRow: [UInt8] {
    guard let index = selectedIndex else { return [] }
    return Array("\(index) ".utf8) + raw[index]
  }

  /// Whether the selected row (marked `▶`) shows `needle`.
  func selectedRowShows(_ needle: String) -> Bool {
    selectedIndex.map { Self.row(text[$0], contains: Array(needle.utf8)) } ?? false
  }

  /// What a key on the live workout changes: the selected set's row (marked `▶`; its values,
  /// checkmark and highlighted field), where it is, and the cursor. The header and the rest bar,
  /// whose clocks tick by themselves, are left out.
  var selection: [UInt8] {
    guard let index = selectedIndex else { return Array("no selection \(cursor)".utf8) }
    return Array("\(index) \(cursor) ".utf8) + raw[index]
  }

  /// The first row marked `▶`.
  private var selectedIndex: Int? {
    let marker = Array("▶".utf8)
    return text.firstIndex { Self.row($0, contains: marker) }
  }

  private static func row(_ row: [UInt8], contains part: [UInt8]) -> Bool {
    row.count >= part.count
      && (0...(row.count - part.count)).contains {
        row[$0..<($0 + part.count)].elementsEqual(part)
      }
  }
}
