// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "the stored log is written by hand": the hot documents
// (the stored log, a history page) are written with this instead of Foundation's `JSONEncoder`,
// byte for byte as it writes them with `.sortedKeys` and `.withoutEscapingSlashes`; each writer's
// test compares the two.

/// Writes JSON as Foundation's `JSONEncoder` does with sorted keys and unescaped slashes; the
/// caller gives the members of each object in sorted order.
package struct SortedJSONWriter {
  package private(set) var bytes: [UInt8] = []

  /// A writer with room for `capacity` bytes before it grows.
  package init(capacity: Int = 2048) {
    bytes.reserveCapacity(capacity)
  }

  /// `{`, the members `body` writes, `}`.
  package mutating func object(_ body: (inout ObjectWriter) -> Void) {
    var members = ObjectWriter(writer: self)
    bytes = []
    members.writer.bytes.append(UInt8(ascii: "{"))
    body(&members)
    members.writer.bytes.append(UInt8(ascii: "}"))
    self = members.writer
  }

  package mutating func array<T>(_ elements: [T], _ element: (inout SortedJSONWriter, T) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for (offset, value) in elements.enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      element(&self, value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  // NB: literals go in through `StaticString`'s bytes and integers digit by digit: appending a
  // `String`'s `utf8` view went byte by byte through a generic path, a quarter of a history
  // page's writing.

  package mutating func bool(_ value: Bool) {
    literal(value ? "true" : "false")
  }

  package mutating func null() {
    literal("null")
  }

  package mutating func integer(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var rest = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for the 20 digits of a UInt64
    withUnsafeMutableBytes(of: &digits) { buffer in
      var index = buffer.count
      repeat {
        index -= 1
        buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
    }
  }

  private mutating func literal(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  package mutating func optionalInteger(_ value: Int?) {
    if let value { integer(value) } else { null() }
  }

  /// A double as `JSONEncoder` writes it: its shortest text, without a trailing `.0`.
  package mutating func number(_ value: Double) {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes.append(contentsOf: text.utf8)
  }

  package mutating func optionalNumber(_ value: Double?) {
    if let value { number(value) } else { null() }
  }

  /// A value already written as JSON by a writer with this one's rules (such as `JSONEncoder`
  /// with sorted keys and unescaped slashes), appended as it is.
  package mutating func written(_ json: some Sequence<UInt8>) {
    bytes.append(contentsOf: json)
  }

  package mutating func optionalString(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  /// A string: `"` and `\` escaped, control characters as `\n`, `\t`... or `\u00XX`.
  package mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    // NB: nearly every string written (ids, names, times) has nothing to escape: it goes in
    // whole, not byte by byte.
    var value = value
    value.withUTF8 { utf8 in
      if utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
      {
        escape(utf8)
      } else {
        bytes.append(contentsOf: utf8)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "\""): literal(#"\""#)
      case UInt8(ascii: "\\"): literal(#"\\"#)
      case 0x08: literal(#"\b"#)
      case 0x0C: literal(#"\f"#)
      case UInt8(ascii: "\n"): literal(#"\n"#)
      case UInt8(ascii: "\r"): literal(#"\r"#)
      case UInt8(ascii: "\t"): literal(#"\t"#)
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        literal(#"\u00"#)
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
  }

  /// The members of one object, with the commas between them.
  package struct ObjectWriter {
    package var writer: SortedJSONWriter
    private var count = 0

    package init(writer: SortedJSONWriter) {
      self.writer = writer
    }

    package mutating func member(_ name: StaticString, _ value: (inout SortedJSONWriter) -> Void) {
      if count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
      count += 1
      writer.bytes.append(UInt8(ascii: "\""))
      name.withUTF8Buffer { writer.bytes.append(contentsOf: $0) }
      writer.bytes.append(UInt8(ascii: "\""))
      writer.bytes.append(UInt8(ascii: ":"))
      value(&writer)
    }

    /// A member whose name is known only when the program runs (a wire type's member list):
    /// a name with nothing to escape, as a Swift identifier (a `CodingKeys` case) is.
    package mutating func member(named name: String, _ value: (inout SortedJSONWriter) -> Void) {
      if count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
      count += 1
      writer.bytes.append(UInt8(ascii: "\""))
      // NB: as the `StaticString` names above, the bytes go in whole; `string(_:)` looked for
      // something to escape in every name, a sixth of the stored log's writing.
      var name = name
      name.withUTF8 { writer.bytes.append(contentsOf: $0) }
      writer.bytes.append(UInt8(ascii: "\""))
      writer.bytes.append(UInt8(ascii: ":"))
      value(&writer)
    }
  }
}
