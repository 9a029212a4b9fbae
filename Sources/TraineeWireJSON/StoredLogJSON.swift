import JSONWire
import TraineeAPI

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "the stored log is written by hand": a log post encoded
// its payload with Foundation's `JSONEncoder` to store it, a seventh of the post's cost. This
// writes the same bytes (sorted keys, slashes as they are, absent optionals left out where the
// type's `encode(to:)` leaves them out and `null` where it writes one); StoredLogJSONTests compares
// the two on every variation of a log.

extension LogWorkoutPayload {
  /// The payload as stored: exactly what `JSONEncoder` with `.sortedKeys` and
  /// `.withoutEscapingSlashes` writes for it.
  package var storedJSON: String {
    var writer = SortedJSONWriter()
    writer.object {
      $0.member("completed") { $0.bool(completed) }
      if let dayId { $0.member("dayId") { $0.string(dayId) } }
      if let durationSec { $0.member("durationSec") { $0.integer(durationSec) } }
      $0.member("entries") { writer in
        writer.array(entries) { writer, entry in writer.entry(entry) }
      }
      if let label { $0.member("label") { $0.string(label) } }
      if let note { $0.member("note") { $0.string(note) } }
      if let performedAt { $0.member("performedAt") { $0.string(performedAt) } }
      if let programId { $0.member("programId") { $0.string(programId) } }
      if let programVersion { $0.member("programVersion") { $0.integer(programVersion) } }
    }
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

extension SortedJSONWriter {
  package mutating func entry(_ entry: LogEntry) {
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
      if let reason = entry.substitutionReason {
        $0.member("substitutionReason") { $0.string(reason) }
      }
      $0.member("tempo") { $0.optionalString(entry.tempo) }
    }
  }

  mutating func strength(_ set: StrengthLogSet) {
    var set = set
    members { set.visitMembers(&$0) }
  }

  mutating func cardio(_ set: CardioLogSet) {
    var set = set
    members { set.visitMembers(&$0) }
  }

  /// An object of the members `visit` gives, in the order it gives them (a set's member list
  /// is in the order of the names).
  private mutating func members(_ visit: (inout StoredSetMembers) -> Void) {
    object { object in
      // The object's writer moves into the visitor and back, so its bytes are never copied;
      // what stands in for it meanwhile is one empty writer made once (a new one per set
      // allocated its empty buffer).
      var members = StoredSetMembers(object: StoredSetMembers.standIn)
      swap(&members.object, &object)
      visit(&members)
      swap(&members.object, &object)
    }
  }
}

/// Writes a logged set's members as `JSONEncoder` writes the set's `encode(to:)`: a `nil` as
/// `null` or left out, as the member list says.
private struct StoredSetMembers: LogSetMemberVisitor {
  /// An empty object writer, never written to: what an object leaves behind while it is lent.
  static let standIn = SortedJSONWriter.ObjectWriter(writer: SortedJSONWriter(capacity: 0))

  var object: SortedJSONWriter.ObjectWriter

  private mutating func optional<Value>(
    _ name: String, _ value: Value?, _ whenNil: WhenNil,
    _ write: (inout SortedJSONWriter, Value) -> Void
  ) {
    if let value {
      object.member(named: name) { write(&$0, value) }
    } else if whenNil == .null {
      object.member(named: name) { $0.null() }
    }
  }

  mutating func wholeNumber(_ name: String, _ value: inout Int, allowed: ClosedRange<Double>) {
    object.member(named: name) { [value] in $0.integer(value) }
  }

  mutating func wholeNumber(
    _ name: String, _ value: inout Int?, allowed: ClosedRange<Double>, whenNil: WhenNil
  ) {
    optional(name, value, whenNil) { $0.integer($1) }
  }

  mutating func number(
    _ name: String, _ value: inout Double?, allowed: ClosedRange<Double>, whenNil: WhenNil
  ) {
    optional(name, value, whenNil) { $0.number($1) }
  }

  mutating func text(_ name: String, _ value: inout String?, maxLength: Int, whenNil: WhenNil) {
    optional(name, value, whenNil) { $0.string($1) }
  }

  mutating func flag(_ name: String, _ value: inout Bool) {
    object.member(named: name) { [value] in $0.bool(value) }
  }

  mutating func flag(_ name: String, _ value: inout Bool?, whenNil: WhenNil) {
    optional(name, value, whenNil) { $0.bool($1) }
  }

  mutating func setType(_ name: String, _ value: inout SetType?, whenNil: WhenNil) {
    optional(name, value, whenNil) { $0.string($1.rawValue) }
  }
}

extension LoggedWorkoutDto {
  /// The answer to a log post, as `HTTPResponse.json` would write it (`JSONEncoder` with sorted
  /// keys): written by hand, as the post's answer is on its hot path.
  package var sortedJSON: [UInt8] {
    var writer = SortedJSONWriter()
    writer.object {
      if deleted { $0.member("deleted") { $0.bool(true) } }
      $0.member("id") { $0.string(id) }
      $0.member("workoutNumber") { $0.integer(workoutNumber) }
    }
    return writer.bytes
  }
}
