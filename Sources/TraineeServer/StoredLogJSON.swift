import TraineeAPI

// NB: docs/decisions.md "Throughput: kept answers, group commit and paged history", "the stored
// log is written by hand": a log post encoded its payload with Foundation's `JSONEncoder` to
// store it, a seventh of the post's cost. This writes the same bytes (sorted keys, slashes as
// they are, absent optionals left out where the type's `encode(to:)` leaves them out and `null`
// where it writes one); StoredLogJSONTests compares the two on every variation of a log.

extension LogWorkoutPayload {
  /// The payload as stored: exactly what `JSONEncoder` with `.sortedKeys` and
  /// `.withoutEscapingSlashes` writes for it.
  package var storedJSON: String {
    var writer = StoredJSONWriter()
    writer.object {
      $0.member("completed") { $0.bool(completed) }
      if let dayId { $0.member("dayId") { $0.string(dayId) } }
      if let durationSec { $0.member("durationSec") { $0.integer(durationSec) } }
      $0.member("entries") { writer in
        writer.array(entries) { writer, entry in writer.entry(entry) }
      }
      if let label { $0.member("label") { $0.string(label) } }
      if let performedAt { $0.member("performedAt") { $0.string(performedAt) } }
      if let programId { $0.member("programId") { $0.string(programId) } }
    }
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

/// Writes JSON as Foundation's `JSONEncoder` does with sorted keys and unescaped slashes; the
/// caller gives the members of each object in sorted order.
private struct StoredJSONWriter {
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

  mutating func array<T>(_ elements: [T], _ element: (inout StoredJSONWriter, T) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for (offset, value) in elements.enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      element(&self, value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  mutating func entry(_ entry: LogEntry) {
    object {
      $0.member("done") { $0.bool(entry.done) }
      $0.member("exerciseId") { $0.string(entry.exerciseId) }
      $0.member("name") { $0.string(entry.name) }
      $0.member("sets") { writer in
        writer.array(entry.sets) { writer, set in
          switch set {
          case .strength(let set): writer.strength(set)
          case .cardio(let set): writer.cardio(set)
          }
        }
      }
      $0.member("tempo") { $0.optionalString(entry.tempo) }
    }
  }

  mutating func strength(_ set: StrengthLogSet) {
    object {
      $0.member("done") { $0.bool(set.done) }
      if let isRecord = set.isRecord { $0.member("isRecord") { $0.bool(isRecord) } }
      $0.member("reps") { $0.optionalInteger(set.reps) }
      $0.member("rir") { $0.optionalString(set.rir) }
      $0.member("rm") { $0.optionalString(set.rm) }
      $0.member("setNumber") { $0.integer(set.setNumber) }
      if let setType = set.setType { $0.member("setType") { $0.string(setType.rawValue) } }
      $0.member("targetReps") { $0.optionalInteger(set.targetReps) }
      $0.member("weight") { $0.optionalNumber(set.weight) }
    }
  }

  mutating func cardio(_ set: CardioLogSet) {
    object {
      $0.member("distanceKm") { $0.optionalNumber(set.distanceKm) }
      $0.member("done") { $0.bool(set.done) }
      $0.member("durationSec") { $0.optionalInteger(set.durationSec) }
      $0.member("rpe") { $0.optionalString(set.rpe) }
      $0.member("setNumber") { $0.integer(set.setNumber) }
    }
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
    var writer: StoredJSONWriter
    private var count = 0

    init(writer: StoredJSONWriter) {
      self.writer = writer
    }

    mutating func member(_ name: StaticString, _ value: (inout StoredJSONWriter) -> Void) {
      if count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
      count += 1
      writer.bytes.append(UInt8(ascii: "\""))
      name.withUTF8Buffer { writer.bytes.append(contentsOf: $0) }
      writer.bytes.append(contentsOf: "\":".utf8)
      value(&writer)
    }
  }
}
