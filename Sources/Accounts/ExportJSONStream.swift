import Foundation
import JSONWire
import SQLStore
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "Exporting an account": the document is written piece by
// piece, its bytes handed to the sink whenever about 64 KiB are waiting, so a long history is
// never held whole; strings are escaped as every answer of the server escapes them
// (`SortedJSONWriter`).

/// JSON written into a buffer that is handed to a sink as it fills.
struct ExportJSONStream {
  /// How many bytes wait before they go to the sink.
  static let flushBytes = 64 * 1024

  private var buffer: [UInt8] = []
  private let sink: ([UInt8]) throws -> Void
  /// Per open object or array: whether a member or element was written yet.
  private var written: [Bool] = []

  init(sink: @escaping ([UInt8]) throws -> Void) {
    self.sink = sink
    buffer.reserveCapacity(Self.flushBytes + 4096)
  }

  mutating func beginObject() { open(UInt8(ascii: "{")) }
  mutating func endObject() { close(UInt8(ascii: "}")) }
  mutating func beginArray() { open(UInt8(ascii: "[")) }
  mutating func endArray() { close(UInt8(ascii: "]")) }

  /// A member's name; its value follows.
  mutating func key(_ name: String) {
    separate()
    appendString(name)
    buffer.append(UInt8(ascii: ":"))
  }

  /// Starts an element of the array that is open (a comma after the one before).
  mutating func element() { separate() }

  mutating func string(_ text: String) { appendString(text) }
  mutating func integer(_ value: Int64) { buffer.append(contentsOf: String(value).utf8) }
  mutating func bool(_ value: Bool) { buffer.append(contentsOf: (value ? "true" : "false").utf8) }
  mutating func null() { buffer.append(contentsOf: "null".utf8) }

  /// JSON text the database checked, as it is.
  mutating func raw(_ json: String) { buffer.append(contentsOf: json.utf8) }

  /// A double as the server's answers write one.
  mutating func number(_ value: Double) {
    var writer = SortedJSONWriter(capacity: 32)
    writer.number(value)
    buffer.append(contentsOf: writer.bytes)
  }

  /// Hands the waiting bytes to the sink when there are enough of them.
  mutating func flushIfFull() throws {
    if buffer.count >= Self.flushBytes { try flush() }
  }

  /// Hands every waiting byte to the sink.
  mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try sink(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  private mutating func open(_ byte: UInt8) {
    buffer.append(byte)
    written.append(false)
  }

  private mutating func close(_ byte: UInt8) {
    buffer.append(byte)
    written.removeLast()
    if !written.isEmpty { written[written.count - 1] = true }
  }

  private mutating func separate() {
    if written[written.count - 1] { buffer.append(UInt8(ascii: ",")) }
    written[written.count - 1] = true
  }

  private mutating func appendString(_ text: String) {
    var writer = SortedJSONWriter(capacity: text.utf8.count + 2)
    writer.string(text)
    buffer.append(contentsOf: writer.bytes)
  }
}
