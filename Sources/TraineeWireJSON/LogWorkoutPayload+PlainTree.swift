import JSONWire
import TraineeAPI

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "a log read straight from the tree": `JSONTreeDecoder`
// goes through `Decodable`'s keyed containers, a path node, a key lookup and a dynamic cast for
// every value: 30 µs of a log post's 35 to read the demo's 14-set log. A log as clients send it
// (each member of the type the payload's own `init(from:)` asks for) is read here in one pass over
// each object's members instead. Anything else (a missing or mistyped member, a number an `Int`
// cannot hold) gives `nil`, and the body goes through `JSONTreeDecoder`, which refuses it, naming
// the field, as before; so only what that decoder accepts is read here, and a test compares the two
// on every variation of a log.
//
// NB: docs/decisions/wire-types-shared-by-the-app-and-the-server.md "Wire types: one field list",
// "a member the one pass does not read": a member the type's `CodingKeys` names but a `switch`
// below (or a set's member list) has no case for is not skipped; the read gives up and
// `init(from:)` reads it. WireFieldsTests reads a log with every property filled both ways and
// fails while a member is left to the slow path. A logged set is read by walking its member list
// (docs/architecture.md, "One field list per wire type"), not by a `switch` of its own.

extension LogWorkoutPayload: PlainTreeDecodable {
  package init?(plainTree tree: JSONTree) {
    guard case .object(let members) = tree else { return nil }
    var programId: String?
    var dayId: String?
    var label: String?
    var durationSec: Int?
    var completed: Bool?
    var entries: [LogEntry]?
    var performedAt: String?
    var programVersion: Int?
    var note: String?
    for member in members {
      switch member.name {
      case "programId": guard plainOptional(member.value, &programId) else { return nil }
      case "dayId": guard plainOptional(member.value, &dayId) else { return nil }
      case "label": guard plainOptional(member.value, &label) else { return nil }
      case "durationSec": guard plainOptionalInt(member.value, &durationSec) else { return nil }
      case "completed": guard plainBool(member.value, &completed) else { return nil }
      case "performedAt": guard plainOptional(member.value, &performedAt) else { return nil }
      case "entries": guard plainArray(member.value, &entries) else { return nil }
      case "programVersion":
        guard plainOptionalInt(member.value, &programVersion) else { return nil }
      case "note": guard plainOptional(member.value, &note) else { return nil }
      default: guard isExtraMember(member.name, of: CodingKeys.self) else { return nil }
      }
    }
    guard let completed, let entries else { return nil }
    self.init(
      programId: programId, dayId: dayId, label: label, durationSec: durationSec,
      completed: completed, entries: entries, performedAt: performedAt,
      programVersion: programVersion, note: note)
  }
}

extension LogEntry: PlainTreeDecodable {
  package init?(plainTree tree: JSONTree) {
    guard case .object(let members) = tree else { return nil }
    var exerciseId: String?
    var name: String?
    var done: Bool?
    var tempo: String?
    var sets: [LogSet]?
    var substitutionReason: String?
    for member in members {
      switch member.name {
      case "exerciseId": guard plainString(member.value, &exerciseId) else { return nil }
      case "name": guard plainString(member.value, &name) else { return nil }
      case "done": guard plainBool(member.value, &done) else { return nil }
      case "tempo": guard plainOptional(member.value, &tempo) else { return nil }
      case "sets": guard plainArray(member.value, &sets) else { return nil }
      case "substitutionReason":
        guard plainOptional(member.value, &substitutionReason) else { return nil }
      default: guard isExtraMember(member.name, of: CodingKeys.self) else { return nil }
      }
    }
    guard let exerciseId, let name, let done, let sets else { return nil }
    self.init(
      exerciseId: exerciseId, name: name, done: done, tempo: tempo, sets: sets,
      substitutionReason: substitutionReason)
  }
}

extension LogSet: PlainTreeDecodable {
  package init?(plainTree tree: JSONTree) {
    guard case .object(let members) = tree else { return nil }
    // As `init(from:)`: a set with `durationSec` or `distanceKm`, even null, is cardio.
    if members.contains(where: { $0.name == "durationSec" || $0.name == "distanceKm" }) {
      guard let set = CardioLogSet(members) else { return nil }
      self = .cardio(set)
    } else {
      guard let set = StrengthLogSet(members) else { return nil }
      self = .strength(set)
    }
  }
}

extension StrengthLogSet {
  fileprivate init?(_ members: [JSONTree.Member]) {
    var set = StrengthLogSet(
      setNumber: 0, reps: nil, targetReps: nil, weight: nil, rir: nil, rm: nil, done: false)
    guard PlainSetMembers.read(members, into: &set, CodingKeys.self, { $0.visitMembers(&$1) })
    else { return nil }
    self = set
  }
}

extension CardioLogSet {
  fileprivate init?(_ members: [JSONTree.Member]) {
    var set = CardioLogSet(setNumber: 0, durationSec: nil, distanceKm: nil, rpe: nil, done: false)
    guard PlainSetMembers.read(members, into: &set, CodingKeys.self, { $0.visitMembers(&$1) })
    else { return nil }
    self = set
  }
}

/// Reads a logged set's members from its JSON object, walking the set's member list: each
/// listed member is looked up by name and read as its kind says; one the list marks always there
/// and that is missing, or a value of another kind, gives up.
private struct PlainSetMembers: LogSetMemberVisitor {
  let members: [JSONTree.Member]
  /// Which of `members` the list read, one bit each.
  var read: UInt64 = 0
  var failed = false

  /// Fills `set` from `members` through `visit` (the set's `visitMembers`); `false` when a
  /// member is missing or mistyped, or when a member the list did not read is one of `Key`'s
  /// (the list lacks it: the reference decoder reads it).
  static func read<Set, Key: CodingKey>(
    _ members: [JSONTree.Member], into set: inout Set, _: Key.Type,
    _ visit: (inout Set, inout PlainSetMembers) -> Void
  ) -> Bool {
    guard members.count <= 64 else { return false }
    var reader = PlainSetMembers(members: members)
    visit(&set, &reader)
    guard !reader.failed else { return false }
    for index in members.indices where reader.read & (1 << UInt64(index)) == 0 {
      guard isExtraMember(members[index].name, of: Key.self) else { return false }
    }
    return true
  }

  /// The value of the member `name`; `nil` when absent, which fails a member always there.
  private mutating func tree(_ name: String, required: Bool = false) -> JSONTree? {
    for index in members.indices where members[index].name == name {
      read |= 1 << UInt64(index)
      return members[index].value
    }
    if required { failed = true }
    return nil
  }

  private mutating func take<Value>(
    _ name: String, _ value: inout Value?, _ reader: (JSONTree, inout Value?) -> Bool
  ) {
    guard let tree = tree(name) else { return }
    if !reader(tree, &value) { failed = true }
  }

  mutating func wholeNumber(_ name: String, _ value: inout Int, allowed: ClosedRange<Double>) {
    guard let tree = tree(name, required: true) else { return }
    var slot: Int?
    if plainInt(tree, &slot), let slot { value = slot } else { failed = true }
  }

  mutating func wholeNumber(
    _ name: String, _ value: inout Int?, allowed: ClosedRange<Double>, whenNil: WhenNil
  ) {
    take(name, &value, plainOptionalInt)
  }

  mutating func number(
    _ name: String, _ value: inout Double?, allowed: ClosedRange<Double>, whenNil: WhenNil
  ) {
    take(name, &value, plainOptionalDouble)
  }

  mutating func text(_ name: String, _ value: inout String?, maxLength: Int, whenNil: WhenNil) {
    take(name, &value, plainOptional)
  }

  mutating func flag(_ name: String, _ value: inout Bool) {
    guard let tree = tree(name, required: true) else { return }
    var slot: Bool?
    if plainBool(tree, &slot), let slot { value = slot } else { failed = true }
  }

  mutating func flag(_ name: String, _ value: inout Bool?, whenNil: WhenNil) {
    take(name, &value, plainOptionalBool)
  }

  mutating func setType(_ name: String, _ value: inout SetType?, whenNil: WhenNil) {
    var text: String?
    take(name, &text, plainOptional)
    // As `SetType.init(from:)`: a type this build does not know is a working set.
    if let text { value = SetType(rawValue: text) ?? .working }
  }
}
