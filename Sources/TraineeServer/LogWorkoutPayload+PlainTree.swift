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
// below has no case for is not skipped; the read gives up and `init(from:)` reads it.
// WireFieldsTests reads a log with every property filled both ways and fails while a member is
// left to the slow path.

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
    for member in members {
      switch member.name {
      case "programId": guard plainOptional(member.value, &programId) else { return nil }
      case "dayId": guard plainOptional(member.value, &dayId) else { return nil }
      case "label": guard plainOptional(member.value, &label) else { return nil }
      case "durationSec": guard plainOptionalInt(member.value, &durationSec) else { return nil }
      case "completed": guard plainBool(member.value, &completed) else { return nil }
      case "performedAt": guard plainOptional(member.value, &performedAt) else { return nil }
      case "entries": guard plainArray(member.value, &entries) else { return nil }
      default: guard isExtraMember(member.name, of: CodingKeys.self) else { return nil }
      }
    }
    guard let completed, let entries else { return nil }
    self.init(
      programId: programId, dayId: dayId, label: label, durationSec: durationSec,
      completed: completed, entries: entries, performedAt: performedAt)
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
    for member in members {
      switch member.name {
      case "exerciseId": guard plainString(member.value, &exerciseId) else { return nil }
      case "name": guard plainString(member.value, &name) else { return nil }
      case "done": guard plainBool(member.value, &done) else { return nil }
      case "tempo": guard plainOptional(member.value, &tempo) else { return nil }
      case "sets": guard plainArray(member.value, &sets) else { return nil }
      default: guard isExtraMember(member.name, of: CodingKeys.self) else { return nil }
      }
    }
    guard let exerciseId, let name, let done, let sets else { return nil }
    self.init(exerciseId: exerciseId, name: name, done: done, tempo: tempo, sets: sets)
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
    var setNumber: Int?
    var reps: Int?
    var targetReps: Int?
    var weight: Double?
    var rir: String?
    var rm: String?
    var done: Bool?
    var setType: SetType?
    var isRecord: Bool?
    for member in members {
      switch member.name {
      case "setNumber": guard plainInt(member.value, &setNumber) else { return nil }
      case "reps": guard plainOptionalInt(member.value, &reps) else { return nil }
      case "targetReps": guard plainOptionalInt(member.value, &targetReps) else { return nil }
      case "weight": guard plainOptionalDouble(member.value, &weight) else { return nil }
      case "rir": guard plainOptional(member.value, &rir) else { return nil }
      case "rm": guard plainOptional(member.value, &rm) else { return nil }
      case "done": guard plainBool(member.value, &done) else { return nil }
      case "setType":
        var text: String?
        guard plainOptional(member.value, &text) else { return nil }
        // As `SetType.init(from:)`: a type this build does not know is a working set.
        setType = text.map { SetType(rawValue: $0) ?? .working }
      case "isRecord": guard plainOptionalBool(member.value, &isRecord) else { return nil }
      default: guard isExtraMember(member.name, of: CodingKeys.self) else { return nil }
      }
    }
    guard let setNumber, let done else { return nil }
    self.init(
      setNumber: setNumber, reps: reps, targetReps: targetReps, weight: weight, rir: rir, rm: rm,
      done: done, setType: setType, isRecord: isRecord)
  }
}

extension CardioLogSet {
  fileprivate init?(_ members: [JSONTree.Member]) {
    var setNumber: Int?
    var durationSec: Int?
    var distanceKm: Double?
    var rpe: String?
    var done: Bool?
    for member in members {
      switch member.name {
      case "setNumber": guard plainInt(member.value, &setNumber) else { return nil }
      case "durationSec": guard plainOptionalInt(member.value, &durationSec) else { return nil }
      case "distanceKm": guard plainOptionalDouble(member.value, &distanceKm) else { return nil }
      case "rpe": guard plainOptional(member.value, &rpe) else { return nil }
      case "done": guard plainBool(member.value, &done) else { return nil }
      default: guard isExtraMember(member.name, of: CodingKeys.self) else { return nil }
      }
    }
    guard let setNumber, let done else { return nil }
    self.init(
      setNumber: setNumber, durationSec: durationSec, distanceKm: distanceKm, rpe: rpe,
      done: done)
  }
}
