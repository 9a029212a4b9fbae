import Foundation

// NB: docs/decisions/wire-types-shared-by-the-app-and-the-server.md "One readable JSON layout":
// the documents people read and diff (the replay outputs, the history export) are laid out here
// once, so their goldens change together or not at all.

/// The layout of the JSON documents Perform writes for people to read and diff: keys sorted,
/// indented, slashes left as they are.
public enum ReadableJSON {
  /// `value` laid out for reading, with no line feed after the last brace.
  public static func data(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  /// `value` as a document a command prints: laid out for reading, one line feed at the end.
  public static func document(_ value: some Encodable) throws -> Data {
    var data = try data(value)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}
