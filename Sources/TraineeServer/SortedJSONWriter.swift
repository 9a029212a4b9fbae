// NB: docs/decisions.md "Throughput: kept answers, group commit and paged history", "the stored
// log is written by hand": the hot documents (the stored log, a history page) are written with
// this instead of Foundation's `JSONEncoder`, byte for byte as it writes them with `.sortedKeys`
// and `.withoutEscapingSlashes`; each writer's test compares the two.

/// Writes JSON as Foundation's `JSONEncoder` does with sorted keys and unescaped slashes; the
/// caller gives the members of each object in sorted order.
struct SortedJSONWriter {
  private(set) var bytes: [UInt8] = []

  init() {
    bytes.reserveCapacity(2048)
  }

  /// `{`, the members `body` writes, `}`.
  mutating func object(_ body: (inout ObjectWriter) -> Void) {
    var members = ObjectWriter(writer: self)
    bytes = []
    members.writer.bytes.append(UInt8(ascii: "{"))
    body(&members)
    members.writer.bytes.append(UInt8(ascii: "}"))
    self = members.writer
  }

  mutating func array<T>(_ elements: [T], _ element: (inout SortedJSONWriter, T) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for (offset, value) in elements.enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      element(&self, value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  mutating func bool(_ value: Bool) {
    if value {
      bytes.append(contentsOf: "true".utf8)
    } else {
      bytes.append(contentsOf: "false".utf8)
    }
  }

  mutating func null() {
    bytes.append(contentsOf: "null".utf8)
  }

  mutating func integer(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  mutating func optionalInteger(_ value: Int?) {
    if let value { integer(value) } else { null() }
  }

  /// A double as `JSONEncoder` writes it: its shortest text, without a trailing `.0`.
  mutating func number(_ value: Double) {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes.append(contentsOf: text.utf8)
  }

  mutating func optionalNumber(_ value: Double?) {
    if let value { number(value) } else { null() }
  }

  mutating func optionalString(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  /// A string: `"` and `\` escaped, control characters as `\n`, `\t`... or `\u00XX`.
  mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
      case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
      case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
      case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
      case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: #"\u00"#.utf8)
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The members of one object, with the commas between them.
  struct ObjectWriter {
    var writer: SortedJSONWriter
    private var count = 0

    init(writer: SortedJSONWriter) {
      self.writer = writer
    }

    mutating func member(_ name: StaticString, _ value: (inout SortedJSONWriter) -> Void) {
      if count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
      count += 1
      writer.bytes.append(UInt8(ascii: "\""))
      name.withUTF8Buffer { writer.bytes.append(contentsOf: $0) }
      writer.bytes.append(contentsOf: "\":".utf8)
      value(&writer)
    }
  }
}
